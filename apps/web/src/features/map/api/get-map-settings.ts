import { GIS_PATHS, type MapSettings } from '@cityops/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/http/api';
import { gisKeys } from './query-keys';

/** `POST /base-data/baseGisGeometry/mapSettings`: tile layers, centre and zoom. */
export function getMapSettings(): Promise<MapSettings> {
  return api.post<MapSettings>(GIS_PATHS.settings);
}

export const mapSettingsQuery = () =>
  queryOptions({ queryKey: gisKeys.settings(), queryFn: getMapSettings, staleTime: 5 * 60_000 });

export function useMapSettings() {
  return useQuery(mapSettingsQuery());
}
