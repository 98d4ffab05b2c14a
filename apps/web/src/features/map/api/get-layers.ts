import { GIS_PATHS, type GisLayer } from '@cityops/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/http/api';
import { gisKeys } from './query-keys';

/** `POST /base-data/baseGisGeometry/layers`: the layers of map features. */
export function getLayers(): Promise<GisLayer[]> {
  return api.post<GisLayer[]>(GIS_PATHS.layers);
}

export const layersQuery = () =>
  queryOptions({ queryKey: gisKeys.layers(), queryFn: getLayers, staleTime: 60_000 });

export function useLayers() {
  return useQuery(layersQuery());
}
