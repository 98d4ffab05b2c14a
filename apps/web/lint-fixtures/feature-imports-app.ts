// lints as: src/features/notifications/components/boundary-fixture.tsx
import { routes } from '@/app/router'; // error: no-restricted-imports
import { signOut } from '@/app/sign-out'; // error: no-restricted-imports

export const reached = [routes, signOut] as const;
