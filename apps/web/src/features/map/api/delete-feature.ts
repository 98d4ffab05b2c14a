import { GIS_PATHS, type GisFeatureDelete } from '@cityops/contract';
import { api } from '@/lib/http/api';

/** `POST /base-data/baseGisGeometry/delete`: refused with 040009 if someone saved first. */
export function deleteFeature(feature: GisFeatureDelete): Promise<null> {
  return api.post<null>(GIS_PATHS.delete, { ...feature }, { json: true });
}
