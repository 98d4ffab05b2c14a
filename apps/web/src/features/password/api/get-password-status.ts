import { type PasswordStatus, USER_PATHS } from '@cityops/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/http/api';
import { passwordKeys } from './query-keys';

/** `GET /organization/user/isPassword`: 0 nothing, 1 must reset, 2 old. */
export function getPasswordStatus(): Promise<PasswordStatus> {
  return api.get<PasswordStatus>(USER_PATHS.passwordStatus);
}

/**
 * Asked once per entry into the shell: the cache is cleared at sign-out, and a change
 * of the password signs out.
 */
export const passwordStatusQuery = () =>
  queryOptions({
    queryKey: passwordKeys.status(),
    queryFn: getPasswordStatus,
    staleTime: Infinity,
  });

export function usePasswordStatus(options: { enabled?: boolean } = {}) {
  return useQuery({ ...passwordStatusQuery(), enabled: options.enabled ?? true });
}
