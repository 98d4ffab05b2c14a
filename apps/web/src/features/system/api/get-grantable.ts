import { type GrantableEntry, SYSTEM_PATHS } from '@cityops/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/http/api';
import { systemKeys } from './query-keys';

/** `GET /system/permissions`: the tree of entries the caller may grant. */
export function getGrantable(): Promise<GrantableEntry[]> {
  return api.get<GrantableEntry[]>(SYSTEM_PATHS.grantable);
}

export const grantableQuery = () =>
  queryOptions({ queryKey: systemKeys.grantable(), queryFn: getGrantable });

export function useGrantable(enabled = true) {
  return useQuery({ ...grantableQuery(), enabled });
}
