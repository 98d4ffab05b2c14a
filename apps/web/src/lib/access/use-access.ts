import type { PermissionCode } from '@cityops/contract';
import { useUserStore } from '@/stores/user-store';

/**
 * Whether the signed-in user holds a permission code: the one way a screen asks
 * (issue 12). The codes come with the user data; the server checks the same
 * codes on every call, so a hidden button is a courtesy, not the protection.
 */
export function useAccess(code: PermissionCode): boolean {
  return useUserStore((state) => state.userData?.permissions?.includes(code) ?? false);
}
