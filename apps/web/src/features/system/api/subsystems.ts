import {
  SYSTEM_PATHS,
  type Subsystem,
  type SubsystemCreate,
  type SubsystemEdit,
  type SubsystemIssued,
} from '@cityops/contract';
import { consoleResource } from '@/lib/console-resource';
import { refreshAfter } from './invalidate';
import { systemKeys } from './query-keys';

/**
 * `/system/subsystems` (issue 22): the registered subsystems with the menu entries
 * that open them. A confidential client's secret comes back once, from the create
 * (or the update that makes it confidential). The built-in one and one still
 * opened by menu entries are refused a delete.
 */
export const subsystemResource = consoleResource<{
  id: number;
  record: Subsystem;
  list: Subsystem[];
  query: void;
  create: SubsystemCreate;
  edit: Omit<SubsystemEdit, 'version'>;
  created: SubsystemIssued;
  updated: SubsystemIssued;
}>({
  path: SYSTEM_PATHS.subsystems,
  itemPath: SYSTEM_PATHS.subsystem,
  listKey: systemKeys.subsystems,
  refresh: (queryClient) => refreshAfter(queryClient, 'subsystem'),
});

export const {
  useList: useSubsystems,
  useCreate: useCreateSubsystem,
  useUpdate: useUpdateSubsystem,
  useDelete: useDeleteSubsystem,
} = subsystemResource;
