import { ErrorCode, USER_PATHS } from '@cityops/contract';
import { api } from '@/lib/http/api';

/** `POST /organization/user/second-factor/removal`: turns it off with a current code. */
export function removeSecondFactor(code: string): Promise<null> {
  // A wrong code is shown at the field (second-factor-dialog.tsx), not in a toast.
  return api.post<null>(
    USER_PATHS.secondFactorRemoval,
    { code },
    { quietCodes: [ErrorCode.SECOND_FACTOR_INVALID] },
  );
}
