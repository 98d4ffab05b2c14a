import { AUTH_PATHS } from '@cityops/contract';
import { api } from '@/lib/http/api';

/** Revokes the token on the server. Silent: signing out goes on whatever the answer. */
export function revokeToken(): Promise<null> {
  return api.post<null>(AUTH_PATHS.logout, undefined, { silent: true });
}
