import { SYSTEM_PATHS, type UnitItem, type UnitLevelPage } from '@cityops/contract';
import { queryOptions, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '@/lib/http/api';
import { queryParams } from '@/lib/http/query-params';
import { systemKeys } from './query-keys';

/**
 * `GET /system/units/level`: a page of the units directly below `parentId`, or of the
 * caller's top units for `null`, after the unit `after` (issue 33: the tree is read
 * as it is opened, never whole, and a wide level a page at a time).
 */
export function getUnitLevel(parentId: number | null, after?: number): Promise<UnitLevelPage> {
  return api.get<UnitLevelPage>(
    SYSTEM_PATHS.unitLevel,
    queryParams({ parentId: parentId ?? undefined, after }),
  );
}

export const unitLevelQuery = (parentId: number | null, after?: number) =>
  queryOptions({
    queryKey: systemKeys.unitLevel(parentId, after ?? null),
    queryFn: () => getUnitLevel(parentId, after),
    staleTime: 30_000,
  });

/** The first page of a level: the top level's tells what the caller may add. */
export function useUnitLevel(parentId: number | null, options: { enabled?: boolean } = {}) {
  return useQuery({ ...unitLevelQuery(parentId), enabled: options.enabled ?? true });
}

/** What is read of one level: its units so far, and whether more follow. */
export interface UnitLevel {
  units: UnitItem[];
  hasMore: boolean;
  /** The pages read: a "show more" asks for one past them. */
  pages: number;
}

/**
 * Several levels, each read as far as asked: its first page, and one more each time
 * `showMore` is called for it. The pickers and the units page read the tree through it.
 */
export function useUnitLevels(parentIds: readonly (number | null)[]) {
  const queryClient = useQueryClient();
  const [pagesOf, setPagesOf] = useState<ReadonlyMap<number | null, number>>(new Map());
  // A page after the first starts after the last unit of the page before, once that
  // is read: each page read renders again and asks for the next one wanted.
  const wanted: { parentId: number | null; after?: number }[] = [];
  for (const parentId of new Set(parentIds)) {
    let after: number | undefined;
    for (let index = 0; index < (pagesOf.get(parentId) ?? 1); index++) {
      wanted.push({ parentId, after });
      const page = queryClient.getQueryData(unitLevelQuery(parentId, after).queryKey);
      const last = page?.list.at(-1);
      if (!page?.hasMore || !last) break;
      after = last.id;
    }
  }
  const queries = useQueries({
    queries: wanted.map(({ parentId, after }) => unitLevelQuery(parentId, after)),
  });
  const levels = new Map<number | null, UnitLevel>();
  wanted.forEach(({ parentId }, index) => {
    const page = queries[index]?.data;
    if (!page) return;
    const level = levels.get(parentId) ?? { units: [], hasMore: false, pages: 0 };
    const seen = new Set(level.units.map((unit) => unit.id));
    level.units.push(...page.list.filter((unit) => !seen.has(unit.id)));
    level.hasMore = page.hasMore;
    level.pages += 1;
    levels.set(parentId, level);
  });
  /** Asks for the page after those read of the level below `parentId`. */
  const showMore = (parentId: number | null) => {
    const read = levels.get(parentId)?.pages ?? 1;
    setPagesOf((pages) => new Map(pages).set(parentId, read + 1));
  };
  return {
    levels,
    showMore,
    isPending: queries.some((query) => query.isPending),
    isFetching: queries.some((query) => query.isFetching),
    isError: queries.some((query) => query.isError),
  };
}
