import { GIS_PATHS, type GisFeature, type GisFeatureUpdate } from '@cityops/contract';
import { api } from '@/lib/http/api';

/** `POST /base-data/baseGisGeometry/update`: refused with 040009 if someone saved first. */
export function updateFeature(feature: GisFeatureUpdate): Promise<GisFeature> {
  return api.post<GisFeature>(GIS_PATHS.update, { ...feature }, { json: true });
}
