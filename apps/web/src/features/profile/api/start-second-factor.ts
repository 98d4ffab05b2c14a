import { type SecondFactorEnrolment, USER_PATHS } from '@cityops/contract';
import { api } from '@/lib/http/api';

/** `POST /organization/user/second-factor/enrolment`: a new key as a QR code, waiting for its first code. */
export function startSecondFactor(): Promise<SecondFactorEnrolment> {
  return api.post<SecondFactorEnrolment>(USER_PATHS.secondFactorEnrolment);
}
