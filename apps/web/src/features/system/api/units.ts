import {
  type Department,
  type DepartmentCreate,
  type DepartmentEdit,
  SYSTEM_PATHS,
  type UnitCreate,
  type UnitEdit,
  type UnitNode,
} from '@cityops/contract';
import { consoleResource } from '@/lib/console-resource';
import { refreshAfter } from './invalidate';
import { systemKeys } from './query-keys';

/**
 * `/system/units`: create, edit and delete a unit. The console reads units a level at
 * a time (get-unit-level.ts, search-units.ts), never the whole tree, so the resource
 * has no list; its key holds those reads, refreshed after every change. A delete is
 * refused while users, units or departments belong to the unit.
 */
export const unitResource = consoleResource<{
  id: number;
  record: UnitNode;
  list: never;
  query: void;
  create: UnitCreate;
  edit: Omit<UnitEdit, 'version'>;
}>({
  path: SYSTEM_PATHS.units,
  itemPath: SYSTEM_PATHS.unit,
  listKey: systemKeys.units,
  refresh: (queryClient) => refreshAfter(queryClient, 'unit'),
});

/** `/system/departments`: listed inside their units; a delete is refused while users belong. */
export const departmentResource = consoleResource<{
  id: number;
  record: Department;
  list: never;
  query: void;
  create: DepartmentCreate;
  edit: Omit<DepartmentEdit, 'version'>;
}>({
  path: SYSTEM_PATHS.departments,
  itemPath: SYSTEM_PATHS.department,
  listKey: systemKeys.units,
  refresh: (queryClient) => refreshAfter(queryClient, 'unit'),
});

export const {
  useCreate: useCreateUnit,
  useUpdate: useUpdateUnit,
  useSave: useSaveUnit,
  useDelete: useDeleteUnit,
} = unitResource;

export const {
  useCreate: useCreateDepartment,
  useUpdate: useUpdateDepartment,
  useSave: useSaveDepartment,
  useDelete: useDeleteDepartment,
} = departmentResource;
