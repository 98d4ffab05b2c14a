import type { PermissionCode } from '@cityops/contract';
import type { ReactNode } from 'react';
import { useAccess } from './use-access';

interface AccessProps {
  /** The permission code the content needs. */
  code: PermissionCode;
  children: ReactNode;
  /** Shown instead to a user without the code (nothing by default). */
  fallback?: ReactNode;
}

/** Shows its content only to holders of a permission code (see `useAccess`). */
export function Access({ code, children, fallback = null }: AccessProps) {
  return useAccess(code) ? children : fallback;
}
