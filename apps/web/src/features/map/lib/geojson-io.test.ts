import { describe, expect, it } from 'vitest';
import { parseGeoJson, toFeatureCollection } from './geojson-io';

const name = (index: number) => `Imported ${index}`;

describe('GeoJSON import and export', () => {
  it('reads a FeatureCollection, keeping name, kind and flat properties', () => {
    const text = JSON.stringify({
      type: 'FeatureCollection',
      features: [
        {
          type: 'Feature',
          id: 'ext-1',
          properties: { name: 'Gate', kind: 'incident', level: 2, tags: ['a'] },
          geometry: { type: 'Point', coordinates: [114.3, 30.6, 12] },
        },
        {
          type: 'Feature',
          properties: null,
          geometry: {
            type: 'LineString',
            coordinates: [
              [0, 0],
              [1, 1],
            ],
          },
        },
      ],
    });
    const result = parseGeoJson(text, name);
    expect(result.rejected).toBe(0);
    expect(result.features).toEqual([
      {
        name: 'Gate',
        kind: 'incident',
        properties: { level: 2, tags: '["a"]' },
        geometry: { type: 'Point', coordinates: [114.3, 30.6] },
      },
      {
        name: 'Imported 2',
        kind: '',
        properties: {},
        geometry: {
          type: 'LineString',
          coordinates: [
            [0, 0],
            [1, 1],
          ],
        },
      },
    ]);
  });

  it('leaves out features that break the geometry rules and counts them', () => {
    const text = JSON.stringify({
      type: 'FeatureCollection',
      features: [
        { type: 'Feature', geometry: { type: 'Point', coordinates: [500, 0] } },
        { type: 'Feature', geometry: null },
        { type: 'Feature', geometry: { type: 'Point', coordinates: [1, 1] } },
      ],
    });
    const result = parseGeoJson(text, name);
    expect(result.rejected).toBe(2);
    expect(result.features).toHaveLength(1);
  });

  it('accepts a single Feature or a bare geometry, and refuses other JSON', () => {
    expect(parseGeoJson('{"type":"Point","coordinates":[1,2]}', name).features).toHaveLength(1);
    expect(() => parseGeoJson('[1,2]', name)).toThrow();
    expect(() => parseGeoJson('not json', name)).toThrow();
  });

  it('writes what it reads', () => {
    const zone = {
      properties: { name: 'Zone', kind: 'cleaning_zone', team: 'A' },
      geometry: {
        type: 'Polygon',
        coordinates: [
          [
            [0, 0],
            [1, 0],
            [1, 1],
            [0, 0],
          ],
        ],
      },
    };
    const imported = parseGeoJson(JSON.stringify({ type: 'Feature', ...zone }), name).features;
    const exported = toFeatureCollection(imported.map((feature) => ({ ...feature, id: 7 })));
    expect(exported).toEqual({
      type: 'FeatureCollection',
      features: [{ type: 'Feature', id: 7, ...zone }],
    });
    expect(parseGeoJson(JSON.stringify(exported), name).features).toEqual(imported);
  });
});
