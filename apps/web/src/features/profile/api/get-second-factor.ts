import { type SecondFactorStatus, USER_PATHS } from '@cityops/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/http/api';
import { profileKeys } from './query-keys';

/** `GET /organization/user/second-factor`: set up or not, asked for by a role, codes left. */
export function getSecondFactor(): Promise<SecondFactorStatus> {
  return api.get<SecondFactorStatus>(USER_PATHS.secondFactor);
}

export const secondFactorQuery = () =>
  queryOptions({ queryKey: profileKeys.secondFactor(), queryFn: getSecondFactor });

export function useSecondFactor(options: { enabled?: boolean } = {}) {
  return useQuery({ ...secondFactorQuery(), enabled: options.enabled ?? true });
}
