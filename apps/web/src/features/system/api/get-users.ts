import { type AdminUserPage, SYSTEM_PATHS, type UserListQuery } from '@cityops/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/http/api';
import { systemKeys } from './query-keys';

/** The query without its empty filters: what travels as parameters. */
export function userParams(query: object): Record<string, string | number> {
  const params: Record<string, string | number> = {};
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') {
      params[key] = value as string | number;
    }
  }
  return params;
}

/** `GET /system/users`: one page of the users in the caller's scope. */
export function getUsers(query: UserListQuery): Promise<AdminUserPage> {
  return api.get<AdminUserPage>(SYSTEM_PATHS.users, userParams(query));
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
