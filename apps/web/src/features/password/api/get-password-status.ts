import { type PasswordStatus, USER_PATHS } from '@cityops/contract';
import { api } from '@/lib/http/api';

/** `GET /organization/user/isPassword`: 0 nothing, 1 must reset, 2 old. */
export function getPasswordStatus(): Promise<PasswordStatus> {
  return api.get<PasswordStatus>(USER_PATHS.passwordStatus);
}
