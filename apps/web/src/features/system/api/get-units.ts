import { SYSTEM_PATHS, type UnitNode } from '@cityops/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/http/api';
import { systemKeys } from './query-keys';

/** `GET /system/units`: the caller's units as a tree, each with its departments. */
export function getUnits(): Promise<UnitNode[]> {
  return api.get<UnitNode[]>(SYSTEM_PATHS.units);
}

export const unitsQuery = () => queryOptions({ queryKey: systemKeys.units(), queryFn: getUnits });

export function useUnits(enabled = true) {
  return useQuery({ ...unitsQuery(), enabled });
}
