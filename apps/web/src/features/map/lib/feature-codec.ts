import type { GisFeature, GisGeometry } from '@cityops/contract';
import type Feature from 'ol/Feature';
import GeoJSON from 'ol/format/GeoJSON';
import type { PlainFeature } from './geojson-io';
import { VIEW_PROJECTION } from './projections';

/**
 * Features between the server's and the file's WGS-84 form and OpenLayers' map
 * form. An OpenLayers feature carries `name`, `kind`, `attrs`, `layerId` and, once
 * saved, `version`; its id is the server's.
 */
const geoJson = new GeoJSON({ dataProjection: 'EPSG:4326', featureProjection: VIEW_PROJECTION });

/** A feature of the server as the map holds it. */
export function fromGisFeature(feature: GisFeature): Feature {
  const olFeature = geoJson.readFeature({
    type: 'Feature',
    id: feature.id,
    geometry: feature.geometry,
    properties: {},
  }) as Feature;
  olFeature.setProperties({
    name: feature.name,
    kind: feature.kind,
    attrs: feature.properties,
    layerId: feature.layerId,
    version: feature.version,
  });
  return olFeature;
}

/** An imported feature as a new, unsaved feature of a layer. */
export function fromPlainFeature(plain: PlainFeature, layerId: number): Feature {
  const feature = geoJson.readFeature({
    type: 'Feature',
    geometry: plain.geometry,
    properties: {},
  }) as Feature;
  feature.setProperties({ name: plain.name, kind: plain.kind, attrs: plain.properties, layerId });
  return feature;
}

/** The feature in WGS-84, as files and the server hold it. */
export function plainOf(feature: Feature): PlainFeature {
  const id = feature.getId();
  return {
    id: typeof id === 'number' ? id : undefined,
    name: (feature.get('name') as string) ?? '',
    kind: (feature.get('kind') as string) ?? '',
    properties: (feature.get('attrs') as PlainFeature['properties']) ?? {},
    geometry: geoJson.writeGeometryObject(feature.getGeometry()!, {
      decimals: 8,
    }) as unknown as GisGeometry,
  };
}

/** What a save compares: everything the server stores but the id. */
export function fingerprintOf(feature: Feature): string {
  const { id: _id, ...rest } = plainOf(feature);
  return JSON.stringify({ ...rest, layerId: feature.get('layerId') as number });
}

/** What the server needs to store a feature (with id and version once it has them). */
export function payloadOf(feature: Feature) {
  const plain = plainOf(feature);
  return {
    layerId: feature.get('layerId') as number,
    name: plain.name,
    kind: plain.kind,
    properties: plain.properties,
    geometry: plain.geometry,
    ...(plain.id === undefined ? {} : { id: plain.id, version: feature.get('version') as number }),
  };
}

/** The kind a new feature of a seeded layer starts with. */
export function defaultKind(layerCode: string): string {
  switch (layerCode) {
    case 'cleaning-zones':
      return 'cleaning_zone';
    case 'incidents':
      return 'incident';
    case 'patrol-routes':
      return 'patrol_route';
    default:
      return '';
  }
}
