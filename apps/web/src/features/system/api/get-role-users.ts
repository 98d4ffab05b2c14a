import { type AdminUserPage, SYSTEM_PATHS, fillPath } from '@cityops/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/http/api';
import { type Paging, systemKeys } from './query-keys';

/** `GET /system/roles/:id/users`: one page of the role's holders. */
export function getRoleUsers(id: string, paging: Paging): Promise<AdminUserPage> {
  return api.get<AdminUserPage>(fillPath(SYSTEM_PATHS.roleUsers, { id }), { ...paging });
}

export const roleUsersQuery = (id: string, paging: Paging) =>
  queryOptions({
    queryKey: systemKeys.roleUsers(id, paging),
    queryFn: () => getRoleUsers(id, paging),
    placeholderData: keepPreviousData,
  });

export function useRoleUsers(id: string | null, paging: Paging) {
  return useQuery({ ...roleUsersQuery(id ?? '', paging), enabled: id !== null });
}
