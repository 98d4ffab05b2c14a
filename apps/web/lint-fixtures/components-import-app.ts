// lints as: src/components/image-upload/boundary-fixture.tsx
import { RootRoute } from '@/app/root-route'; // error: no-restricted-imports
import { ProfileDialog } from '@/features/profile/components/profile-dialog'; // error: no-restricted-imports

export const reached = [RootRoute, ProfileDialog] as const;
