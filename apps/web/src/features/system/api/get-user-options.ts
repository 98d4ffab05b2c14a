import { SYSTEM_PATHS, type UserOptions } from '@cityops/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/http/api';
import { systemKeys } from './query-keys';

/**
 * `GET /system/users/options`: the units in the caller's scope and the roles they
 * may give, so a holder of the user codes fills the form without the unit or role codes.
 */
export function getUserOptions(): Promise<UserOptions> {
  return api.get<UserOptions>(SYSTEM_PATHS.userOptions);
}

export const userOptionsQuery = () =>
  queryOptions({ queryKey: systemKeys.userOptions(), queryFn: getUserOptions });

export function useUserOptions() {
  return useQuery(userOptionsQuery());
}
