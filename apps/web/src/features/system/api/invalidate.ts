import type { QueryClient } from '@tanstack/react-query';
import { systemKeys } from './query-keys';

/**
 * What a change makes stale, by what it touched: a user's roles show in the role
 * counts and holders, a role's names in the user list, a unit's names in both.
 */
export function refreshAfter(
  queryClient: QueryClient,
  changed: 'user' | 'role' | 'unit' | 'menu',
): Promise<unknown> {
  const keys: (readonly unknown[])[] = {
    user: [systemKeys.userLists(), systemKeys.roleLists(), systemKeys.roleUsersAll()],
    role: [
      systemKeys.roleLists(),
      [...systemKeys.all, 'role'],
      systemKeys.userLists(),
      systemKeys.roleUsersAll(),
      systemKeys.userOptions(),
    ],
    unit: [systemKeys.units(), systemKeys.userLists(), systemKeys.userOptions()],
    menu: [systemKeys.menus(), systemKeys.grantable()],
  }[changed];
  return Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}
