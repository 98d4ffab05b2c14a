import {
  GIS_KIND_MAX_LENGTH,
  GIS_MAX_PROPERTIES,
  GIS_NAME_MAX_LENGTH,
  type GisGeometry,
  checkGeometry,
} from '@cityops/contract';

/** A feature as the editor holds it, apart from its map geometry object. */
export interface PlainFeature {
  id?: number | undefined;
  name: string;
  kind: string;
  properties: Record<string, string | number | boolean | null>;
  geometry: GisGeometry;
}

export interface ImportResult {
  features: PlainFeature[];
  /** Features left out because their geometry broke a rule. */
  rejected: number;
}

/** The most features one file may bring in. */
export const IMPORT_MAX_FEATURES = 5000;

function plainValue(value: unknown): string | number | boolean | null {
  if (value === null || typeof value === 'boolean' || typeof value === 'string') return value;
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  // Nested objects are kept as their JSON text: the editor's properties are flat.
  return JSON.stringify(value).slice(0, 2000);
}

function featuresOf(data: unknown): unknown[] {
  if (typeof data !== 'object' || data === null) throw new Error('not GeoJSON');
  const record = data as { type?: unknown; features?: unknown };
  if (record.type === 'FeatureCollection' && Array.isArray(record.features)) return record.features;
  if (record.type === 'Feature') return [data];
  // A bare geometry is a feature without properties.
  if (typeof record.type === 'string') return [{ type: 'Feature', geometry: data, properties: {} }];
  throw new Error('not GeoJSON');
}

/**
 * Reads a GeoJSON file (a FeatureCollection, a Feature or a bare geometry) into
 * plain features, checking each geometry with the server's own rules. Throws on
 * text that is not GeoJSON at all.
 */
export function parseGeoJson(text: string, fallbackName: (index: number) => string): ImportResult {
  const items = featuresOf(JSON.parse(text) as unknown);
  if (items.length > IMPORT_MAX_FEATURES) throw new Error('too many features');
  const features: PlainFeature[] = [];
  let rejected = 0;
  items.forEach((item, index) => {
    const { geometry, properties } = (item ?? {}) as { geometry?: unknown; properties?: unknown };
    const check = checkGeometry(geometry);
    if (!check.ok) {
      rejected += 1;
      return;
    }
    const source =
      typeof properties === 'object' && properties !== null
        ? (properties as Record<string, unknown>)
        : {};
    const { name, kind, id: _id, ...rest } = source;
    const cleaned: PlainFeature['properties'] = {};
    for (const [key, value] of Object.entries(rest).slice(0, GIS_MAX_PROPERTIES)) {
      if (key.trim()) cleaned[key.trim().slice(0, 64)] = plainValue(value);
    }
    features.push({
      name:
        (typeof name === 'string' && name.trim().slice(0, GIS_NAME_MAX_LENGTH)) ||
        fallbackName(index + 1),
      kind: typeof kind === 'string' ? kind.trim().slice(0, GIS_KIND_MAX_LENGTH) : '',
      properties: cleaned,
      geometry: check.geometry,
    });
  });
  return { features, rejected };
}

/** A FeatureCollection of the given features, in WGS-84 (RFC 7946). */
export function toFeatureCollection(features: PlainFeature[]) {
  return {
    type: 'FeatureCollection' as const,
    features: features.map((feature) => ({
      type: 'Feature' as const,
      ...(feature.id === undefined ? {} : { id: feature.id }),
      geometry: feature.geometry,
      properties: { name: feature.name, kind: feature.kind, ...feature.properties },
    })),
  };
}
