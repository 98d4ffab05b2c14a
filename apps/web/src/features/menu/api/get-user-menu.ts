import { MENU_PATHS, type MenuEntry } from '@cityops/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/http/api';
import { menuKeys } from './query-keys';

/** `GET /organization/customize_configuration/userSysModel`: the caller's menu. */
export function getUserMenu(): Promise<MenuEntry[]> {
  return api.get<MenuEntry[]>(MENU_PATHS.userMenu);
}

export const userMenuQuery = () =>
  queryOptions({ queryKey: menuKeys.userMenu(), queryFn: getUserMenu, staleTime: 5 * 60_000 });

/** `enabled: false` holds the call back (the shell's, while a new password is required). */
export function useUserMenu(options: { enabled?: boolean } = {}) {
  return useQuery({ ...userMenuQuery(), enabled: options.enabled ?? true });
}
