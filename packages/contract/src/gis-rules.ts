/**
 * Geometry rules of the map editor as plain code (no zod), so the web app can
 * check an imported file with the very rules the server applies. Coordinates
 * are WGS-84 longitude/latitude in degrees (GeoJSON order).
 */
import type { MessageKey } from './messages.js';

/** The most vertices one feature may have. */
export const GIS_MAX_VERTICES = 5000;
/** The most features one viewport query answers. */
export const GIS_QUERY_MAX_FEATURES = 20_000;
/** The most properties a feature may carry. */
export const GIS_MAX_PROPERTIES = 50;
export const GIS_NAME_MAX_LENGTH = 100;
export const GIS_KIND_MAX_LENGTH = 64;

export type Position = [number, number];
export type GisGeometry =
  | { type: 'Point'; coordinates: Position }
  | { type: 'MultiPoint'; coordinates: Position[] }
  | { type: 'LineString'; coordinates: Position[] }
  | { type: 'MultiLineString'; coordinates: Position[][] }
  | { type: 'Polygon'; coordinates: Position[][] }
  | { type: 'MultiPolygon'; coordinates: Position[][][] };
export type GisGeometryType = GisGeometry['type'];
export const GIS_GEOMETRY_TYPES: readonly GisGeometryType[] = [
  'Point',
  'MultiPoint',
  'LineString',
  'MultiLineString',
  'Polygon',
  'MultiPolygon',
];

/** [minLon, minLat, maxLon, maxLat] */
export type Bbox = [number, number, number, number];

type GeometryCheck =
  { ok: true; geometry: GisGeometry; vertices: number } | { ok: false; messageKey: MessageKey };

class GeometryProblem extends Error {
  constructor(readonly messageKey: MessageKey) {
    super(messageKey);
  }
}

const fail = (key: MessageKey): never => {
  throw new GeometryProblem(key);
};

function position(value: unknown): Position {
  if (!Array.isArray(value) || value.length < 2 || value.length > 3) fail('gis.geometry.invalid');
  const items = value as unknown[];
  const [lon, lat] = items;
  for (const n of items) {
    if (typeof n !== 'number' || !Number.isFinite(n)) fail('gis.geometry.invalid');
  }
  if ((lon as number) < -180 || (lon as number) > 180) fail('gis.geometry.outOfRange');
  if ((lat as number) < -90 || (lat as number) > 90) fail('gis.geometry.outOfRange');
  // The altitude is dropped: the map is two-dimensional.
  return [lon as number, lat as number];
}

function list(value: unknown): unknown[] {
  if (!Array.isArray(value)) fail('gis.geometry.invalid');
  return value as unknown[];
}

/** Positions without consecutive repeats (they add nothing and break adjacency). */
function positions(value: unknown): Position[] {
  const result: Position[] = [];
  for (const item of list(value)) {
    const p = position(item);
    const last = result[result.length - 1];
    if (!last || last[0] !== p[0] || last[1] !== p[1]) result.push(p);
  }
  return result;
}

function lineString(value: unknown): Position[] {
  const line = positions(value);
  if (line.length < 2) fail('gis.geometry.tooFewPoints');
  return line;
}

function ring(value: unknown): Position[] {
  const raw = list(value);
  const first = raw.length > 0 ? position(raw[0]) : null;
  const last = raw.length > 0 ? position(raw[raw.length - 1]) : null;
  if (!first || !last || first[0] !== last[0] || first[1] !== last[1]) {
    fail('gis.geometry.ringNotClosed');
  }
  const points = positions(raw);
  // After removing repeats a closed ring needs three corners and the closing point.
  if (points.length < 4) fail('gis.geometry.tooFewPoints');
  return points;
}

function polygon(value: unknown): Position[][] {
  const rings = list(value).map(ring);
  if (rings.length === 0) fail('gis.geometry.tooFewPoints');
  if (polygonSelfIntersects(rings)) fail('gis.geometry.selfIntersection');
  return rings;
}

function parse(value: unknown): GisGeometry {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    fail('gis.geometry.invalid');
  }
  const { type, coordinates } = value as { type?: unknown; coordinates?: unknown };
  switch (type) {
    case 'Point':
      return { type, coordinates: position(coordinates) };
    case 'MultiPoint': {
      const points = list(coordinates).map(position);
      if (points.length === 0) fail('gis.geometry.tooFewPoints');
      return { type, coordinates: points };
    }
    case 'LineString':
      return { type, coordinates: lineString(coordinates) };
    case 'MultiLineString': {
      const lines = list(coordinates).map(lineString);
      if (lines.length === 0) fail('gis.geometry.tooFewPoints');
      return { type, coordinates: lines };
    }
    case 'Polygon':
      return { type, coordinates: polygon(coordinates) };
    case 'MultiPolygon': {
      const polygons = list(coordinates).map(polygon);
      if (polygons.length === 0) fail('gis.geometry.tooFewPoints');
      return { type, coordinates: polygons };
    }
    default:
      return fail('gis.geometry.invalid');
  }
}

/** Counts positions without trusting the shape (runs before the full check). */
function roughVertexCount(value: unknown, depth = 0): number {
  if (!Array.isArray(value) || depth > 4) return 0;
  if (value.length > 0 && typeof value[0] === 'number') return 1;
  let count = 0;
  for (const item of value) {
    count += roughVertexCount(item, depth + 1);
    if (count > GIS_MAX_VERTICES) return count;
  }
  return count;
}

/**
 * Checks a GeoJSON geometry: known type, well-formed coordinates in range,
 * the vertex limit, closed polygon rings with no self-crossing. Returns the
 * normalised geometry (2D, no repeated consecutive points).
 */
export function checkGeometry(value: unknown): GeometryCheck {
  try {
    const coordinates =
      typeof value === 'object' && value !== null
        ? (value as { coordinates?: unknown }).coordinates
        : undefined;
    // The limit is checked first so a huge input costs no topology work.
    if (roughVertexCount(coordinates) > GIS_MAX_VERTICES) fail('gis.geometry.tooManyVertices');
    const geometry = parse(value);
    return { ok: true, geometry, vertices: countVertices(geometry) };
  } catch (error) {
    if (error instanceof GeometryProblem) return { ok: false, messageKey: error.messageKey };
    throw error;
  }
}

export function countVertices(geometry: GisGeometry): number {
  switch (geometry.type) {
    case 'Point':
      return 1;
    case 'MultiPoint':
    case 'LineString':
      return geometry.coordinates.length;
    case 'MultiLineString':
    case 'Polygon':
      return geometry.coordinates.reduce((sum, part) => sum + part.length, 0);
    case 'MultiPolygon':
      return geometry.coordinates.reduce(
        (sum, rings) => sum + rings.reduce((inner, part) => inner + part.length, 0),
        0,
      );
  }
}

function allPositions(geometry: GisGeometry): Position[] {
  switch (geometry.type) {
    case 'Point':
      return [geometry.coordinates];
    case 'MultiPoint':
    case 'LineString':
      return geometry.coordinates;
    case 'MultiLineString':
    case 'Polygon':
      return geometry.coordinates.flat();
    case 'MultiPolygon':
      return geometry.coordinates.flat(2);
  }
}

/** The bounding box of a geometry. */
export function geometryBbox(geometry: GisGeometry): Bbox {
  let minLon = Infinity;
  let minLat = Infinity;
  let maxLon = -Infinity;
  let maxLat = -Infinity;
  for (const [lon, lat] of allPositions(geometry)) {
    if (lon < minLon) minLon = lon;
    if (lon > maxLon) maxLon = lon;
    if (lat < minLat) minLat = lat;
    if (lat > maxLat) maxLat = lat;
  }
  return [minLon, minLat, maxLon, maxLat];
}

interface Segment {
  ring: number;
  index: number;
  ringSize: number;
  a: Position;
  b: Position;
  minX: number;
  maxX: number;
  minY: number;
  maxY: number;
}

function orientation(p: Position, q: Position, r: Position): number {
  const value = (q[1] - p[1]) * (r[0] - q[0]) - (q[0] - p[0]) * (r[1] - q[1]);
  return value === 0 ? 0 : value > 0 ? 1 : -1;
}

function onSegment(p: Position, q: Position, r: Position): boolean {
  return (
    q[0] <= Math.max(p[0], r[0]) &&
    q[0] >= Math.min(p[0], r[0]) &&
    q[1] <= Math.max(p[1], r[1]) &&
    q[1] >= Math.min(p[1], r[1])
  );
}

/** Whether two closed segments share at least one point. */
function segmentsTouch(p1: Position, q1: Position, p2: Position, q2: Position): boolean {
  const o1 = orientation(p1, q1, p2);
  const o2 = orientation(p1, q1, q2);
  const o3 = orientation(p2, q2, p1);
  const o4 = orientation(p2, q2, q1);
  if (o1 !== o2 && o3 !== o4) return true;
  if (o1 === 0 && onSegment(p1, p2, q1)) return true;
  if (o2 === 0 && onSegment(p1, q2, q1)) return true;
  if (o3 === 0 && onSegment(p2, p1, q2)) return true;
  if (o4 === 0 && onSegment(p2, q1, q2)) return true;
  return false;
}

/** Adjacent edges of one ring meet at their shared corner; only a fold-back is a crossing. */
function adjacentFoldsBack(s: Segment, t: Segment): boolean {
  // s ends where t starts (t follows s) or the other way round.
  const [first, second] = t.index === (s.index + 1) % s.ringSize ? [s, t] : [t, s];
  const corner = first.b;
  const before = first.a;
  const after = second.b;
  if (orientation(before, corner, after) !== 0) return false;
  // Collinear: a fold-back when both neighbours lie on the same side of the corner.
  const dot =
    (before[0] - corner[0]) * (after[0] - corner[0]) +
    (before[1] - corner[1]) * (after[1] - corner[1]);
  return dot > 0;
}

/**
 * Whether any two edges of a polygon's rings cross or touch, other than
 * neighbouring edges at their shared corner. A sweep along x keeps it near
 * linear for ordinary shapes.
 */
export function polygonSelfIntersects(rings: Position[][]): boolean {
  const segments: Segment[] = [];
  rings.forEach((points, ringIndex) => {
    const ringSize = points.length - 1;
    for (let i = 0; i < ringSize; i++) {
      const a = points[i]!;
      const b = points[i + 1]!;
      segments.push({
        ring: ringIndex,
        index: i,
        ringSize,
        a,
        b,
        minX: Math.min(a[0], b[0]),
        maxX: Math.max(a[0], b[0]),
        minY: Math.min(a[1], b[1]),
        maxY: Math.max(a[1], b[1]),
      });
    }
  });
  segments.sort((s, t) => s.minX - t.minX);
  for (let i = 0; i < segments.length; i++) {
    const s = segments[i]!;
    for (let j = i + 1; j < segments.length; j++) {
      const t = segments[j]!;
      if (t.minX > s.maxX) break;
      if (t.maxY < s.minY || t.minY > s.maxY) continue;
      if (s.ring === t.ring) {
        const gap = Math.abs(s.index - t.index);
        if (gap === 1 || gap === s.ringSize - 1) {
          // A triangle's edges are all neighbours; only a fold-back can be wrong there.
          if (adjacentFoldsBack(s, t)) return true;
          continue;
        }
      }
      if (segmentsTouch(s.a, s.b, t.a, t.b)) return true;
    }
  }
  return false;
}
