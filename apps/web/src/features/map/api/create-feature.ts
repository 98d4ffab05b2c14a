import { GIS_PATHS, type GisFeature, type GisFeatureCreate } from '@cityops/contract';
import { api } from '@/lib/http/api';

/** `POST /base-data/baseGisGeometry/create` (editors and administrators). */
export function createFeature(feature: GisFeatureCreate): Promise<GisFeature> {
  return api.post<GisFeature>(GIS_PATHS.create, { ...feature }, { json: true });
}
