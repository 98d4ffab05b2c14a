import { GIS_PATHS, type MapSettings } from '@cityops/contract';
import { api } from '@/lib/http/api';

/** `POST /base-data/baseGisGeometry/saveMapSettings` (administrators). */
export function saveMapSettings(settings: MapSettings): Promise<MapSettings> {
  return api.post<MapSettings>(GIS_PATHS.saveSettings, { ...settings }, { json: true });
}
