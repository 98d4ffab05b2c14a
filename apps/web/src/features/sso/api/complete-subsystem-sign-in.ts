import { OIDC_PATHS, fillPath } from '@cityops/contract';
import { api } from '@/lib/http/api';

/**
 * Completes a subsystem's sign-in with the platform session (issue 22): the
 * provider's address is at the product's root, not below the API base. Answers
 * where the browser goes next (the provider, then the subsystem).
 */
export async function completeSubsystemSignIn(uid: string): Promise<string> {
  const answer = await api.post<{ redirectTo: string }>(
    fillPath(OIDC_PATHS.interactionLogin, { uid }),
    undefined,
    { baseURL: window.location.origin, silent: true },
  );
  return answer.redirectTo;
}
