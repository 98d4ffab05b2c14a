import { type Subsystem, SYSTEM_PATHS } from '@cityops/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/http/api';
import { systemKeys } from './query-keys';

/** `GET /system/subsystems`: the registered subsystems with the menu entries that open them. */
export function getSubsystems(): Promise<Subsystem[]> {
  return api.get<Subsystem[]>(SYSTEM_PATHS.subsystems);
}

export const subsystemsQuery = () =>
  queryOptions({ queryKey: systemKeys.subsystems(), queryFn: getSubsystems });

export function useSubsystems(options: { enabled?: boolean } = {}) {
  return useQuery({ ...subsystemsQuery(), enabled: options.enabled ?? true });
}
