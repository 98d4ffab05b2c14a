import type { QueryClient } from '@tanstack/react-query';
import { announceConsoleChange } from '@/lib/console-changes';
import { systemKeys } from './query-keys';

/**
 * What a change makes stale, by what it touched: a user's roles show in the role
 * counts and holders, a role's names in the user list, a unit's names in both. A
 * menu entry or a role's entries also make the shell's sidebar stale, in whatever
 * window it is (this screen may run in its frame): it is told.
 */
export function refreshAfter(
  queryClient: QueryClient,
  changed: 'user' | 'role' | 'unit' | 'menu' | 'subsystem',
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
    unit: [systemKeys.units(), systemKeys.userLists()],
    menu: [systemKeys.menus(), systemKeys.grantable(), systemKeys.subsystems()],
    // A registration's menu entries show in the menu's subsystem choice.
    subsystem: [systemKeys.subsystems(), systemKeys.menus()],
  }[changed];
  if (changed === 'menu' || changed === 'role') announceConsoleChange({ kind: 'menu' });
  return Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}
