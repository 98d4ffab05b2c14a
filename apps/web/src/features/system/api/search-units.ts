import { type Department, ID_LIST_LIMIT, SYSTEM_PATHS, type UnitItem } from '@cityops/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/http/api';
import { queryParams } from '@/lib/http/query-params';
import { systemKeys } from './query-keys';

/**
 * `GET /system/units/search`: the caller's units with a keyword in either name (the
 * first `UNIT_SEARCH_LIMIT`), or the units of `ids` (a form's choice, to label it).
 */
export function searchUnits(query: {
  keyword?: string;
  ids?: readonly number[];
}): Promise<UnitItem[]> {
  return api.get<UnitItem[]>(
    SYSTEM_PATHS.unitSearch,
    queryParams({ keyword: query.keyword || undefined, ids: query.ids?.join(',') || undefined }),
  );
}

/** The units a picker finds for what has been typed. */
export function useUnitSearch(keyword: string) {
  const trimmed = keyword.trim();
  return useQuery({
    queryKey: systemKeys.unitSearch({ keyword: trimmed }),
    queryFn: () => searchUnits({ keyword: trimmed }),
    enabled: trimmed.length > 0,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}

/**
 * The units of `ids`, with their departments and paths: a form's chosen units (a
 * role's may be hundreds of a megacity's: read `ID_LIST_LIMIT` at a time).
 */
export function useUnitsById(ids: readonly number[]) {
  const sorted = [...new Set(ids)].sort((a, b) => a - b);
  return useQuery({
    queryKey: systemKeys.unitSearch({ ids: sorted }),
    queryFn: async () => {
      const reads = [];
      for (let start = 0; start < sorted.length; start += ID_LIST_LIMIT) {
        reads.push(searchUnits({ ids: sorted.slice(start, start + ID_LIST_LIMIT) }));
      }
      return (await Promise.all(reads)).flat();
    },
    enabled: sorted.length > 0,
    staleTime: 30_000,
  });
}

/** The departments of a chosen unit, in their order: the user form's and filter's second choice. */
export function useUnitDepartments(unitId: number | null | undefined): Department[] {
  const found = useUnitsById(unitId === null || unitId === undefined ? [] : [unitId]);
  const unit = found.data?.find((item) => item.id === unitId);
  return [...(unit?.departments ?? [])].sort((a, b) => a.sortOrder - b.sortOrder || a.id - b.id);
}
