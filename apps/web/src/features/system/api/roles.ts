import {
  type Role,
  type RoleCreate,
  type RoleEdit,
  type RolePage,
  SYSTEM_PATHS,
} from '@cityops/contract';
import { consoleResource } from '@/lib/console-resource';
import { refreshAfter } from './invalidate';
import { type RoleListQuery, systemKeys } from './query-keys';

/**
 * `/system/roles`: a page of the roles by keyword, and one role with its entries and
 * units as the editor needs it (read again after a save lost to someone else's).
 * A delete is refused while users hold the role (the message says how many).
 */
export const roleResource = consoleResource<{
  id: string;
  record: Role;
  list: RolePage;
  query: RoleListQuery;
  create: RoleCreate;
  edit: Omit<RoleEdit, 'version'>;
  created: Role;
  updated: Role;
}>({
  path: SYSTEM_PATHS.roles,
  itemPath: SYSTEM_PATHS.role,
  listKey: systemKeys.roleLists,
  itemKey: systemKeys.role,
  paged: true,
  refresh: (queryClient) => refreshAfter(queryClient, 'role'),
});

export const {
  useList: useRoles,
  useCreate: useCreateRole,
  useUpdate: useUpdateRole,
  useDelete: useDeleteRole,
  itemQuery: roleQuery,
} = roleResource;
