import { AUTH_PATHS, type TokenResponse } from '@cityops/contract';
import { api } from '@/lib/http/api';

/** `POST /authorization-server/oauth/second-factor`: the ticket of the first step and a code. */
export function completeSecondFactor(ticket: string, code: string): Promise<TokenResponse> {
  return api.post<TokenResponse>(AUTH_PATHS.secondFactor, { ticket, code, basic: true });
}
