import { type AdminMenuEntry, SYSTEM_PATHS } from '@cityops/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/http/api';
import { systemKeys } from './query-keys';

/** `GET /system/menus`: the whole menu tree, action entries included. */
export function getMenus(): Promise<AdminMenuEntry[]> {
  return api.get<AdminMenuEntry[]>(SYSTEM_PATHS.menus);
}

export const menusQuery = () => queryOptions({ queryKey: systemKeys.menus(), queryFn: getMenus });

export function useMenus() {
  return useQuery(menusQuery());
}
