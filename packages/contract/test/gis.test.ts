import { describe, expect, it } from 'vitest';
import {
  GIS_MAX_VERTICES,
  bboxSchema,
  checkGeometry,
  geometryBbox,
  gisFeatureCreateSchema,
  gisQuerySchema,
  messageKeyErrorMap,
  polygonSelfIntersects,
  tileLayerSchema,
} from '../src/index.js';
import { z } from 'zod';

z.config({ customError: messageKeyErrorMap });

const square = [
  [114, 30],
  [114.1, 30],
  [114.1, 30.1],
  [114, 30.1],
  [114, 30],
];

function keyOf(value: unknown) {
  const result = checkGeometry(value);
  return result.ok ? 'ok' : result.messageKey;
}

describe('checkGeometry', () => {
  it('accepts every GeoJSON geometry type the editor uses', () => {
    expect(keyOf({ type: 'Point', coordinates: [114.3, 30.6] })).toBe('ok');
    expect(keyOf({ type: 'LineString', coordinates: [square[0], square[1]] })).toBe('ok');
    expect(keyOf({ type: 'Polygon', coordinates: [square] })).toBe('ok');
    expect(keyOf({ type: 'MultiPoint', coordinates: [square[0]] })).toBe('ok');
    expect(keyOf({ type: 'MultiLineString', coordinates: [[square[0], square[2]]] })).toBe('ok');
    expect(keyOf({ type: 'MultiPolygon', coordinates: [[square]] })).toBe('ok');
  });

  it('drops altitudes and repeated consecutive points', () => {
    const result = checkGeometry({
      type: 'LineString',
      coordinates: [
        [1, 2, 30],
        [1, 2, 40],
        [3, 4, 50],
      ],
    });
    expect(result).toEqual({
      ok: true,
      vertices: 2,
      geometry: {
        type: 'LineString',
        coordinates: [
          [1, 2],
          [3, 4],
        ],
      },
    });
  });

  it('refuses malformed GeoJSON', () => {
    expect(keyOf(null)).toBe('gis.geometry.invalid');
    expect(keyOf('POINT(1 2)')).toBe('gis.geometry.invalid');
    expect(keyOf({ type: 'Circle', coordinates: [1, 2] })).toBe('gis.geometry.invalid');
    expect(keyOf({ type: 'Point', coordinates: [1] })).toBe('gis.geometry.invalid');
    expect(keyOf({ type: 'Point', coordinates: ['1', 2] })).toBe('gis.geometry.invalid');
    expect(keyOf({ type: 'Point', coordinates: [Number.NaN, 2] })).toBe('gis.geometry.invalid');
    expect(keyOf({ type: 'Polygon', coordinates: square })).toBe('gis.geometry.invalid');
    expect(keyOf({ type: 'LineString' })).toBe('gis.geometry.invalid');
  });

  it('refuses coordinates out of the WGS-84 range', () => {
    expect(keyOf({ type: 'Point', coordinates: [180.5, 0] })).toBe('gis.geometry.outOfRange');
    expect(keyOf({ type: 'Point', coordinates: [0, -90.01] })).toBe('gis.geometry.outOfRange');
    expect(keyOf({ type: 'Point', coordinates: [-180, 90] })).toBe('ok');
    // Projected metres instead of degrees are a common import mistake.
    expect(
      keyOf({
        type: 'LineString',
        coordinates: [
          [12_724_000, 3_580_000],
          [12_725_000, 3_581_000],
        ],
      }),
    ).toBe('gis.geometry.outOfRange');
  });

  it('refuses open rings and rings that are too short', () => {
    expect(keyOf({ type: 'Polygon', coordinates: [square.slice(0, 4)] })).toBe(
      'gis.geometry.ringNotClosed',
    );
    expect(
      keyOf({
        type: 'Polygon',
        coordinates: [
          [
            [0, 0],
            [1, 1],
            [0, 0],
          ],
        ],
      }),
    ).toBe('gis.geometry.tooFewPoints');
    expect(keyOf({ type: 'LineString', coordinates: [[0, 0]] })).toBe('gis.geometry.tooFewPoints');
  });

  it('refuses self-crossing polygons (a bow tie) and accepts a concave one', () => {
    const bowTie = [
      [0, 0],
      [1, 1],
      [1, 0],
      [0, 1],
      [0, 0],
    ];
    expect(keyOf({ type: 'Polygon', coordinates: [bowTie] })).toBe('gis.geometry.selfIntersection');
    const concave = [
      [0, 0],
      [2, 0],
      [2, 2],
      [1, 1],
      [0, 2],
      [0, 0],
    ];
    expect(keyOf({ type: 'Polygon', coordinates: [concave] })).toBe('ok');
  });

  it('refuses a hole that crosses its outer ring, accepts one inside', () => {
    const outer = [
      [0, 0],
      [4, 0],
      [4, 4],
      [0, 4],
      [0, 0],
    ];
    const inside = [
      [1, 1],
      [2, 1],
      [2, 2],
      [1, 1],
    ];
    const crossing = [
      [3, 1],
      [5, 1],
      [5, 2],
      [3, 1],
    ];
    expect(keyOf({ type: 'Polygon', coordinates: [outer, inside] })).toBe('ok');
    expect(keyOf({ type: 'Polygon', coordinates: [outer, crossing] })).toBe(
      'gis.geometry.selfIntersection',
    );
  });

  it('finds a fold-back spike and a ring touching itself at a corner', () => {
    const spike = [
      [0, 0],
      [2, 0],
      [1, 0],
      [1, 1],
      [0, 0],
    ];
    expect(polygonSelfIntersects([spike as [number, number][]])).toBe(true);
    const figureEight = [
      [0, 0],
      [1, 1],
      [2, 0],
      [2, 2],
      [1, 1],
      [0, 2],
      [0, 0],
    ];
    expect(polygonSelfIntersects([figureEight as [number, number][]])).toBe(true);
  });

  it('enforces the vertex limit before any other work', () => {
    const many = Array.from({ length: GIS_MAX_VERTICES + 1 }, (_, i) => [
      100 + i / 1e5,
      30 + (i % 2) / 1e5,
    ]);
    expect(keyOf({ type: 'LineString', coordinates: many })).toBe('gis.geometry.tooManyVertices');
    expect(keyOf({ type: 'LineString', coordinates: many.slice(1) })).toBe('ok');
  });

  // Speed is measured in bench/, not asserted here; this checks a polygon at the limit is valid.
  it('accepts a valid polygon with the most vertices allowed', () => {
    const n = GIS_MAX_VERTICES - 1;
    const ring = Array.from({ length: n }, (_, i) => {
      const angle = (2 * Math.PI * i) / n;
      return [114 + Math.cos(angle), 30 + Math.sin(angle)];
    });
    ring.push(ring[0]!);
    expect(keyOf({ type: 'Polygon', coordinates: [ring] })).toBe('ok');
  });

  it('computes the bounding box', () => {
    const result = checkGeometry({ type: 'Polygon', coordinates: [square] });
    expect(result.ok && geometryBbox(result.geometry)).toEqual([114, 30, 114.1, 30.1]);
  });
});

describe('GIS request schemas', () => {
  it('reads a bbox from an array or comma-separated text', () => {
    expect(bboxSchema.parse('114,30,115,31')).toEqual([114, 30, 115, 31]);
    expect(bboxSchema.parse([114, 30, 115, 31])).toEqual([114, 30, 115, 31]);
    expect(bboxSchema.safeParse('115,30,114,31').success).toBe(false);
    expect(bboxSchema.safeParse('114,30,115').success).toBe(false);
    expect(bboxSchema.safeParse('a,b,c,d').success).toBe(false);
    expect(gisQuerySchema.parse({ layerId: '3', keyword: ' zone ' })).toEqual({
      layerId: 3,
      keyword: 'zone',
    });
  });

  it('answers a bad geometry with its message key on the geometry field', () => {
    const result = gisFeatureCreateSchema.safeParse({
      layerId: 1,
      name: 'Zone',
      geometry: { type: 'Polygon', coordinates: [square.slice(0, 4)] },
    });
    expect(result.success).toBe(false);
    expect(result.error!.issues).toEqual([
      expect.objectContaining({ path: ['geometry'], message: 'gis.geometry.ringNotClosed' }),
    ]);
  });

  it('requires a name and defaults kind and properties', () => {
    expect(
      gisFeatureCreateSchema.safeParse({ layerId: 1, name: ' ', geometry: square }).error?.issues[0]
        ?.message,
    ).toBe('gis.name.required');
    expect(
      gisFeatureCreateSchema.parse({
        layerId: 1,
        name: 'Incident',
        geometry: { type: 'Point', coordinates: [114, 30] },
      }),
    ).toMatchObject({ kind: '', properties: {} });
  });

  it('accepts XYZ tile templates and refuses scripts and missing placeholders', () => {
    const amap = {
      id: 'amap',
      name: '高德',
      url: 'https://webrd0{s}.is.autonavi.com/appmaptile?lang=zh_cn&size=1&scale=1&style=8&x={x}&y={y}&z={z}',
      subdomains: ['1', '2', '3', '4'],
      coordinateSystem: 'gcj02',
    };
    expect(tileLayerSchema.parse(amap)).toMatchObject({ coordinateSystem: 'gcj02', maxZoom: 18 });
    expect(
      tileLayerSchema.safeParse({ ...amap, url: 'javascript:alert(1)//{x}{y}{z}' }).success,
    ).toBe(false);
    expect(
      tileLayerSchema.safeParse({ ...amap, url: 'https://tiles.example/{z}/{x}.png' }).success,
    ).toBe(false);
  });
});
