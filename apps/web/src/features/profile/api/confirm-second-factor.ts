import { ErrorCode, type RecoveryCodes, USER_PATHS } from '@cityops/contract';
import { api } from '@/lib/http/api';

/** `PUT /organization/user/second-factor/enrolment`: the app's first code; answers the recovery codes once. */
export function confirmSecondFactor(code: string): Promise<RecoveryCodes> {
  // A wrong code is shown at the field (second-factor-dialog.tsx), not in a toast.
  return api.put<RecoveryCodes>(
    USER_PATHS.secondFactorEnrolment,
    { code },
    { quietCodes: [ErrorCode.SECOND_FACTOR_INVALID] },
  );
}
