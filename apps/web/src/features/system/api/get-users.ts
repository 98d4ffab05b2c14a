import { type AdminUserPage, SYSTEM_PATHS, type UserListQuery } from '@cityops/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/http/api';
import { queryParams } from '@/lib/http/query-params';
import { systemKeys } from './query-keys';

/** `GET /system/users`: one page of the users in the caller's scope. */
export function getUsers(query: UserListQuery): Promise<AdminUserPage> {
  return api.get<AdminUserPage>(SYSTEM_PATHS.users, queryParams(query));
}

export const usersQuery = (query: UserListQuery) =>
  queryOptions({
    queryKey: systemKeys.userList(query),
    queryFn: () => getUsers(query),
    // The table keeps showing the last page while the next one loads.
    placeholderData: keepPreviousData,
  });

export function useUsers(query: UserListQuery) {
  return useQuery(usersQuery(query));
}
