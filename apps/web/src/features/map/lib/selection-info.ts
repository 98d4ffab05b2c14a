import { countVertices } from '@cityops/contract';
import type Feature from 'ol/Feature';
import type { Geometry } from 'ol/geom';
import { getArea, getLength } from 'ol/sphere';
import { getUid } from 'ol/util';
import { plainOf } from './feature-codec';
import type { PlainFeature } from './geojson-io';
import { VIEW_PROJECTION } from './projections';

/** What the attribute panel shows of the selected feature. */
export interface SelectedInfo {
  key: string;
  id: number | null;
  name: string;
  kind: string;
  properties: PlainFeature['properties'];
  layerId: number;
  geometryType: string;
  vertices: number;
  /** Metres, for lines. */
  length: number | null;
  /** Square metres, for polygons. */
  area: number | null;
  editable: boolean;
}

export interface Measurement {
  kind: 'length' | 'area';
  value: number;
}

/** A measuring sketch's length in metres, or its area in square metres for a polygon. */
export function measure(geometry: Geometry): Measurement {
  const kind = geometry.getType() === 'Polygon' ? 'area' : 'length';
  const value =
    kind === 'area'
      ? getArea(geometry, { projection: VIEW_PROJECTION })
      : getLength(geometry, { projection: VIEW_PROJECTION });
  return { kind, value };
}

/** The selected feature for the panel; null without a feature or a geometry. */
export function describeFeature(feature: Feature | null, editable: boolean): SelectedInfo | null {
  if (!feature) return null;
  const geometry = feature.getGeometry();
  if (!geometry) return null;
  const plain = plainOf(feature);
  const type = geometry.getType();
  return {
    key: getUid(feature),
    id: plain.id ?? null,
    name: plain.name,
    kind: plain.kind,
    properties: plain.properties,
    layerId: feature.get('layerId') as number,
    geometryType: type,
    vertices: countVertices(plain.geometry),
    length: type.includes('LineString')
      ? getLength(geometry, { projection: VIEW_PROJECTION })
      : null,
    area: type.includes('Polygon') ? getArea(geometry, { projection: VIEW_PROJECTION }) : null,
    editable,
  };
}
