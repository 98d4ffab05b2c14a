import { GIS_PATHS, type GisQuery, type GisQueryResult } from '@cityops/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/http/api';
import { gisKeys } from './query-keys';

/** `POST /base-data/baseGisGeometry/getGIS`: features by viewport, layer and name. */
export function getFeatures(query: GisQuery, signal?: AbortSignal): Promise<GisQueryResult> {
  return api.post<GisQueryResult>(GIS_PATHS.query, { ...query }, { json: true, signal });
}

/** The name search of the map page (the map itself loads by viewport, in lib/map-editor.ts). */
export const featureSearchQuery = (keyword: string) =>
  queryOptions({
    queryKey: gisKeys.search(keyword),
    queryFn: ({ signal }) => getFeatures({ keyword, limit: 20 }, signal),
    enabled: keyword.trim().length > 0,
    staleTime: 10_000,
  });

export function useFeatureSearch(keyword: string) {
  return useQuery(featureSearchQuery(keyword));
}
