import {
  type AdminUser,
  type AdminUserPage,
  type IssuedPassword,
  SYSTEM_PATHS,
  type UserCreate,
  type UserEdit,
  type UserListQuery,
} from '@cityops/contract';
import { consoleResource } from '@/lib/console-resource';
import { refreshAfter } from './invalidate';
import { systemKeys } from './query-keys';

/**
 * `/system/users`: a page of the users in the caller's scope by the search's filters;
 * one account as it is now (a form reloads it after a conflict). A new account's
 * initial password is answered once: the mutation cache forgets it at once. The
 * status, password, unlock and second-factor calls have files of their own.
 */
export const userResource = consoleResource<{
  id: number;
  record: AdminUser;
  list: AdminUserPage;
  query: UserListQuery;
  create: UserCreate;
  edit: Omit<UserEdit, 'version'>;
  created: IssuedPassword;
  updated: AdminUser;
}>({
  path: SYSTEM_PATHS.users,
  itemPath: SYSTEM_PATHS.user,
  listKey: systemKeys.userLists,
  paged: true,
  refresh: (queryClient) => refreshAfter(queryClient, 'user'),
  secretAnswers: true,
});

export const {
  useList: useUsers,
  useCreate: useCreateUser,
  useUpdate: useUpdateUser,
  get: getUser,
} = userResource;
