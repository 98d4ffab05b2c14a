// lints as: src/features/map/components/boundary-fixture.tsx
import { ErrorCode } from '@cityops/contract';
import { toast } from '@/lib/toast';
import { localName } from '@/lib/local-name';
import { consoleRules } from '@/lib/forms/form-rules';
import { useAppStore } from '@/stores/app-store';
import { ImageUpload } from '@/components/image-upload/image-upload';
import { formatLength } from '@/features/map/lib/format';
import { formatArea } from '../lib/format';

export const ownFeatureLazily = () => import('@/features/map/components/map-page');
export const reached = [
  ErrorCode,
  toast,
  localName,
  consoleRules,
  useAppStore,
  ImageUpload,
  formatLength,
  formatArea,
] as const;
