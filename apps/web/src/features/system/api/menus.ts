import {
  type AdminMenuEntry,
  type MenuCreate,
  type MenuEdit,
  SYSTEM_PATHS,
} from '@cityops/contract';
import { consoleResource } from '@/lib/console-resource';
import { refreshAfter } from './invalidate';
import { systemKeys } from './query-keys';

/**
 * `/system/menus`: the whole menu tree, action entries included. Built-in entries
 * and entries with children are refused a delete.
 */
export const menuResource = consoleResource<{
  id: number;
  record: AdminMenuEntry;
  list: AdminMenuEntry[];
  query: void;
  create: MenuCreate;
  edit: Omit<MenuEdit, 'version'>;
}>({
  path: SYSTEM_PATHS.menus,
  itemPath: SYSTEM_PATHS.menu,
  listKey: systemKeys.menus,
  refresh: (queryClient) => refreshAfter(queryClient, 'menu'),
});

export const {
  useList: useMenus,
  useCreate: useCreateMenu,
  useUpdate: useUpdateMenu,
  useSave: useSaveMenu,
  useDelete: useDeleteMenu,
} = menuResource;
