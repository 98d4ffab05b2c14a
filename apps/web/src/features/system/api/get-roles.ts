import { type RolePage, SYSTEM_PATHS } from '@cityops/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/http/api';
import { queryParams } from '@/lib/http/query-params';
import { type RoleListQuery, systemKeys } from './query-keys';

/** `GET /system/roles`: one page of the roles. */
export function getRoles(query: RoleListQuery): Promise<RolePage> {
  return api.get<RolePage>(SYSTEM_PATHS.roles, queryParams(query));
}

export const rolesQuery = (query: RoleListQuery) =>
  queryOptions({
    queryKey: systemKeys.roleList(query),
    queryFn: () => getRoles(query),
    placeholderData: keepPreviousData,
  });

export function useRoles(query: RoleListQuery, enabled = true) {
  return useQuery({ ...rolesQuery(query), enabled });
}
