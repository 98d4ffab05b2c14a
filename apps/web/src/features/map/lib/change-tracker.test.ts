import type { GisFeature } from '@cityops/contract';
import { describe, expect, it } from 'vitest';
import { ChangeTracker } from './change-tracker';
import { fromGisFeature, fromPlainFeature } from './feature-codec';

const gis = (id: number): GisFeature =>
  ({
    id,
    layerId: 1,
    name: `f${id}`,
    kind: '',
    properties: {},
    geometry: { type: 'Point', coordinates: [114, 30] },
    version: 1,
    updatedAt: '2026-01-01T00:00:00Z',
  }) as GisFeature;

function loaded(tracker: ChangeTracker, id: number) {
  const feature = fromGisFeature(gis(id));
  tracker.loaded(feature);
  return feature;
}

const always = () => true;

describe('ChangeTracker', () => {
  it('counts a touched feature as an update only when it differs from what was loaded', () => {
    const tracker = new ChangeTracker();
    const feature = loaded(tracker, 1);
    tracker.touch(feature);
    expect(tracker.pending(always).updates).toEqual([]);
    feature.set('name', 'changed');
    expect(tracker.pending(always).updates).toEqual([feature]);
    feature.set('name', 'f1');
    expect(tracker.pending(always).updates).toEqual([]);
  });

  it('counts a feature without id as a creation while it is on the map', () => {
    const tracker = new ChangeTracker();
    const fresh = fromPlainFeature(
      { name: 'n', kind: '', properties: {}, geometry: { type: 'Point', coordinates: [1, 2] } },
      1,
    );
    tracker.touch(fresh);
    expect(tracker.pending(always).creates).toEqual([fresh]);
    expect(tracker.pending(() => false).creates).toEqual([]);
  });

  it('remembers removed saved features until restored or deleted on the server', () => {
    const tracker = new ChangeTracker();
    const feature = loaded(tracker, 4);
    tracker.removed(feature);
    expect(tracker.isDeleted(4)).toBe(true);
    expect(tracker.pending(always).deletes).toEqual([feature]);
    tracker.restored(feature);
    expect(tracker.isDeleted(4)).toBe(false);
    tracker.removed(feature);
    tracker.deletedOnServer(feature);
    expect(tracker.pending(always).deletes).toEqual([]);
  });

  it('takes the server answer as the new baseline', () => {
    const tracker = new ChangeTracker();
    const fresh = fromPlainFeature(
      { name: 'n', kind: '', properties: {}, geometry: { type: 'Point', coordinates: [1, 2] } },
      1,
    );
    tracker.touch(fresh);
    tracker.saved(fresh, { ...gis(12), name: 'n' });
    expect(fresh.getId()).toBe(12);
    expect(fresh.get('version')).toBe(1);
    expect(tracker.pending(always)).toEqual({ creates: [], updates: [], deletes: [] });
  });
});
