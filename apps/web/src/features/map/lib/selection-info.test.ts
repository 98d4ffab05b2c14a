import { LineString, Polygon } from 'ol/geom';
import { fromLonLat } from 'ol/proj';
import { describe, expect, it } from 'vitest';
import { fromPlainFeature } from './feature-codec';
import { describeFeature, measure } from './selection-info';

const line = () => new LineString([fromLonLat([114, 30]), fromLonLat([114, 30.01])]);

describe('selection info', () => {
  it('measures a line in metres and a polygon in square metres on the sphere', () => {
    const length = measure(line());
    expect(length.kind).toBe('length');
    // 0.01 degree of latitude is about 1.11 km.
    expect(length.value).toBeGreaterThan(1100);
    expect(length.value).toBeLessThan(1125);
    const square = new Polygon([
      [
        fromLonLat([114, 30]),
        fromLonLat([114.01, 30]),
        fromLonLat([114.01, 30.01]),
        fromLonLat([114, 30.01]),
        fromLonLat([114, 30]),
      ],
    ]);
    const area = measure(square);
    expect(area.kind).toBe('area');
    expect(area.value).toBeGreaterThan(1_000_000);
    expect(area.value).toBeLessThan(1_200_000);
  });

  it('describes the selected feature for the panel', () => {
    const feature = fromPlainFeature(
      {
        name: 'Route 9',
        kind: 'patrol_route',
        properties: { shift: 'night' },
        geometry: {
          type: 'LineString',
          coordinates: [
            [114, 30],
            [114, 30.01],
          ],
        },
      },
      3,
    );
    const info = describeFeature(feature, true)!;
    expect(info).toMatchObject({
      id: null,
      name: 'Route 9',
      kind: 'patrol_route',
      properties: { shift: 'night' },
      layerId: 3,
      geometryType: 'LineString',
      vertices: 2,
      area: null,
      editable: true,
    });
    expect(info.length).toBeGreaterThan(1100);
    expect(describeFeature(null, true)).toBeNull();
  });
});
