import { revokeToken } from '@/features/auth/api/logout';
import { SESSION_ENDED_REASONS, type SessionEndedReason } from '@cityops/contract';
import { StorageKey, session } from '@/lib/storage';
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
 * when the server has already refused it). `reason`: why the session ended, which
 * the login page then says (forced sign-out, disabled, expired, idle). `to`: the
 * sign-in address to show instead of the bare one (a subsystem's fresh sign-in
 * coming back to its page).
 */
export async function signOut({
  revoke,
  reason,
  to = paths.login,
}: {
  revoke: boolean;
  reason?: SessionEndedReason | undefined;
  to?: string;
}): Promise<void> {
  if (reason) session.set(StorageKey.signedOutReason, reason);
  if (revoke && getToken()) await revokeToken().catch(() => undefined);
  useUserStore.getState().resetToken();
  useAppStore.getState().resetSystem();
  for (const cleanup of cleanups) cleanup();
  navigateTo(to, { replace: true });
}

/**
 * Why the last session ended: the login page says it until the next sign-in, which
 * forgets it ({@link forgetSignedOutReason}); a reload of the page keeps it.
 */
export function signedOutReason(): SessionEndedReason | null {
  const reason = session.get(StorageKey.signedOutReason);
  return SESSION_ENDED_REASONS.find((known) => known === reason) ?? null;
}

export function forgetSignedOutReason(): void {
  session.remove(StorageKey.signedOutReason);
}
