import type { GisFeature } from '@cityops/contract';
import { describe, expect, it } from 'vitest';
import {
  defaultKind,
  fingerprintOf,
  fromGisFeature,
  fromPlainFeature,
  payloadOf,
  plainOf,
} from './feature-codec';

const saved: GisFeature = {
  id: 7,
  layerId: 2,
  name: 'Depot',
  kind: 'incident',
  properties: { level: 2 },
  geometry: { type: 'Point', coordinates: [114.3, 30.6] },
  version: 3,
  updatedAt: '2026-01-01T00:00:00Z',
};

describe('feature codec', () => {
  it('reads a server feature onto the map and writes it back in WGS-84', () => {
    const feature = fromGisFeature(saved);
    expect(feature.getId()).toBe(7);
    expect(feature.get('version')).toBe(3);
    // The map holds Web Mercator metres, not degrees.
    expect(Math.abs((feature.getGeometry()!.getExtent()[0] ?? 0) - 114.3)).toBeGreaterThan(1000);
    const plain = plainOf(feature);
    expect(plain).toMatchObject({
      id: 7,
      name: 'Depot',
      kind: 'incident',
      properties: { level: 2 },
    });
    const [lon, lat] = (plain.geometry as { coordinates: number[] }).coordinates;
    expect(lon).toBeCloseTo(114.3, 6);
    expect(lat).toBeCloseTo(30.6, 6);
  });

  it('sends id and version only for a saved feature', () => {
    expect(payloadOf(fromGisFeature(saved))).toMatchObject({ id: 7, version: 3, layerId: 2 });
    const fresh = fromPlainFeature(
      { name: 'New', kind: '', properties: {}, geometry: saved.geometry },
      5,
    );
    const payload = payloadOf(fresh);
    expect(payload).toMatchObject({ layerId: 5, name: 'New' });
    expect('id' in payload).toBe(false);
  });

  it('changes the fingerprint with the attributes and the geometry, not with the id', () => {
    const feature = fromGisFeature(saved);
    const before = fingerprintOf(feature);
    feature.setId(99);
    expect(fingerprintOf(feature)).toBe(before);
    feature.set('name', 'Renamed');
    expect(fingerprintOf(feature)).not.toBe(before);
  });

  it('gives new features of the seeded layers their kind', () => {
    expect(defaultKind('incidents')).toBe('incident');
    expect(defaultKind('patrol-routes')).toBe('patrol_route');
    expect(defaultKind('cleaning-zones')).toBe('cleaning_zone');
    expect(defaultKind('anything-else')).toBe('');
  });
});
