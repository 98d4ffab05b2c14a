import { revokeToken } from '@/features/auth/api/logout';
import { getToken } from '@/lib/token';
import { useAppStore } from '@/stores/app-store';
import { useUserStore } from '@/stores/user-store';
import { navigateTo } from './navigation';
import { paths } from '@/lib/paths';

const cleanups = new Set<() => void>();

/** Screens loaded after sign-in register what sign-out must clear (their cached server state). */
export function onSignOut(cleanup: () => void): () => void {
  cleanups.add(cleanup);
  return () => cleanups.delete(cleanup);
}

/**
 * Signing out: the user is cleared, the system state reset and
 * the login route shown. `revoke` also ends the token on the server (not done
 * when the server has already refused it).
 */
export async function signOut({ revoke }: { revoke: boolean }): Promise<void> {
  if (revoke && getToken()) await revokeToken().catch(() => undefined);
  useUserStore.getState().resetToken();
  useAppStore.getState().resetSystem();
  for (const cleanup of cleanups) cleanup();
  navigateTo(paths.login, { replace: true });
}
