import { GIS_PATHS, type MapSettings } from '@cityops/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/http/api';
import { gisKeys } from './query-keys';

/** `POST /base-data/baseGisGeometry/saveMapSettings` (administrators). */
export function saveMapSettings(settings: MapSettings): Promise<MapSettings> {
  return api.post<MapSettings>(GIS_PATHS.saveSettings, { ...settings }, { json: true });
}

export function useSaveMapSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveMapSettings,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: gisKeys.settings() }),
  });
}
