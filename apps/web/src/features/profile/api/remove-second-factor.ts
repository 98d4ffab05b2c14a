import { USER_PATHS } from '@cityops/contract';
import { api } from '@/lib/http/api';

/** `POST /organization/user/second-factor/removal`: turns it off with a current code. */
export function removeSecondFactor(code: string): Promise<null> {
  return api.post<null>(USER_PATHS.secondFactorRemoval, { code });
}
