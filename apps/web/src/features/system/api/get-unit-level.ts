import { SYSTEM_PATHS, type UnitItem } from '@cityops/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/http/api';
import { queryParams } from '@/lib/http/query-params';
import { systemKeys } from './query-keys';

/**
 * `GET /system/units/level`: the units directly below `parentId`, or the caller's top
 * units for `null` (issue 33: the tree is read as it is opened, never whole).
 */
export function getUnitLevel(parentId: number | null): Promise<UnitItem[]> {
  return api.get<UnitItem[]>(
    SYSTEM_PATHS.unitLevel,
    queryParams({ parentId: parentId ?? undefined }),
  );
}

export const unitLevelQuery = (parentId: number | null) =>
  queryOptions({
    queryKey: systemKeys.unitLevel(parentId),
    queryFn: () => getUnitLevel(parentId),
    staleTime: 30_000,
  });

export function useUnitLevel(parentId: number | null, options: { enabled?: boolean } = {}) {
  return useQuery({ ...unitLevelQuery(parentId), enabled: options.enabled ?? true });
}
