import type { GisFeature } from '@cityops/contract';
import Collection from 'ol/Collection';
import type Feature from 'ol/Feature';
import OlMap from 'ol/Map';
import type { Point } from 'ol/geom';
import { Modify, Select } from 'ol/interaction';
import { ModifyEvent } from 'ol/interaction/Modify';
import type MapBrowserEvent from 'ol/MapBrowserEvent';
import { describe, expect, it } from 'vitest';
import { ChangeTracker } from './change-tracker';
import { EditHistory } from './edit-history';
import { fromGisFeature } from './feature-codec';
import { FeatureSelection } from './feature-selection';

const EDITABLE_LAYER = 1;
const BASE_LAYER = 2;

const gis = (id: number, layerId = EDITABLE_LAYER): GisFeature => ({
  id,
  layerId,
  name: `f${id}`,
  kind: 'incident',
  properties: { level: 1 },
  geometry: { type: 'Point', coordinates: [114, 30] },
  version: 1,
  updatedAt: '2026-01-01T00:00:00Z',
});

/** A map without a target: OpenLayers runs its interactions' events without rendering. */
function setUp() {
  const map = new OlMap({});
  const history = new EditHistory();
  const changes = new ChangeTracker();
  let changed = 0;
  const selection = new FeatureSelection({
    map,
    selectable: () => true,
    isEditable: (feature) => feature.get('layerId') === EDITABLE_LAYER,
    history,
    changes,
    onChange: () => {
      changed += 1;
    },
  });
  const interactions = map.getInteractions().getArray();
  const loaded = (id: number, layerId?: number) => {
    const feature = fromGisFeature(gis(id, layerId));
    changes.loaded(feature);
    return feature;
  };
  const isLive = () => true;
  return {
    selection,
    history,
    changes,
    loaded,
    isLive,
    notified: () => changed,
    select: interactions.find((item) => item instanceof Select) as Select,
    modify: interactions.find((item) => item instanceof Modify) as Modify,
  };
}

/** Modify's events as OpenLayers sends them around a drag of a vertex. */
function modifyEvent(type: 'modifystart' | 'modifyend', feature: Feature) {
  // The handlers read only the features; the browser event is not used.
  return new ModifyEvent(type, new Collection([feature]), undefined as unknown as MapBrowserEvent);
}

describe('FeatureSelection', () => {
  it('follows a click on the map and gives only an editable feature the vertex handles', () => {
    const { selection, select, loaded, notified } = setUp();
    const editable = loaded(1);
    select.getFeatures().push(editable);
    select.dispatchEvent('select');
    expect(selection.selected()).toBe(editable);
    expect(selection.modifying()).toBe(editable);
    expect(selection.info()).toMatchObject({ id: 1, name: 'f1', editable: true });
    expect(notified()).toBe(1);

    const base = loaded(2, BASE_LAYER);
    select.getFeatures().clear();
    select.getFeatures().push(base);
    select.dispatchEvent('select');
    expect(selection.selected()).toBe(base);
    expect(selection.modifying()).toBeNull();
    expect(selection.info()).toMatchObject({ id: 2, editable: false });
  });

  it('selects and deselects a feature by the editor', () => {
    const { selection, select, loaded, notified } = setUp();
    const feature = loaded(1);
    selection.selectFeature(feature);
    expect(select.getFeatures().getArray()).toEqual([feature]);
    expect(selection.modifying()).toBe(feature);
    selection.selectFeature(null);
    expect(selection.selected()).toBeNull();
    expect(selection.modifying()).toBeNull();
    expect(selection.info()).toBeNull();
    expect(notified()).toBe(2);
  });

  it('switches Select and Modify on and off', () => {
    const { selection, select, modify } = setUp();
    selection.setActive({ select: false, modify: true });
    expect(select.getActive()).toBe(false);
    expect(modify.getActive()).toBe(true);
    selection.setActive({ select: true, modify: false });
    expect(select.getActive()).toBe(true);
    expect(modify.getActive()).toBe(false);
  });

  it('makes a moved vertex one undo step and a pending update', () => {
    const { selection, modify, history, changes, loaded, isLive, notified } = setUp();
    const feature = loaded(1);
    selection.selectFeature(feature);
    const point = () => (feature.getGeometry() as Point).getCoordinates();
    const start = point();
    modify.dispatchEvent(modifyEvent('modifystart', feature));
    (feature.getGeometry() as Point).setCoordinates([start[0]! + 500, start[1]!]);
    modify.dispatchEvent(modifyEvent('modifyend', feature));
    expect(notified()).toBe(2);
    expect(changes.pending(isLive).updates).toEqual([feature]);

    expect(history.undo()).toBe(true);
    expect(point()).toEqual(start);
    expect(changes.pending(isLive).updates).toEqual([]);
    expect(history.redo()).toBe(true);
    expect(point()).toEqual([start[0]! + 500, start[1]!]);
    expect(changes.pending(isLive).updates).toEqual([feature]);
  });

  it('ignores the end of a modification it did not see start', () => {
    const { modify, history, loaded } = setUp();
    const feature = loaded(1);
    modify.dispatchEvent(modifyEvent('modifyend', feature));
    expect(history.canUndo).toBe(false);
  });

  it('applies the panel values to the selected feature as one undo step', () => {
    const { selection, history, changes, loaded, isLive, notified } = setUp();
    const feature = loaded(1);
    selection.selectFeature(feature);
    selection.setAttributes({ name: 'Depot', kind: 'incident', properties: { level: 3 } });
    expect(feature.get('name')).toBe('Depot');
    expect(feature.get('attrs')).toEqual({ level: 3 });
    expect(changes.pending(isLive).updates).toEqual([feature]);
    expect(notified()).toBe(2);

    history.undo();
    expect(feature.get('name')).toBe('f1');
    expect(feature.get('attrs')).toEqual({ level: 1 });
    expect(changes.pending(isLive).updates).toEqual([]);
    history.redo();
    expect(feature.get('name')).toBe('Depot');
  });

  it('records no step when the panel changes nothing or the feature is not editable', () => {
    const { selection, history, loaded } = setUp();
    const feature = loaded(1);
    selection.selectFeature(feature);
    selection.setAttributes({ name: 'f1', kind: 'incident', properties: { level: 1 } });
    expect(history.canUndo).toBe(false);

    const base = loaded(2, BASE_LAYER);
    selection.selectFeature(base);
    selection.setAttributes({ name: 'changed', kind: 'incident', properties: {} });
    expect(base.get('name')).toBe('f2');
    expect(history.canUndo).toBe(false);

    selection.selectFeature(null);
    selection.setAttributes({ name: 'changed', kind: 'incident', properties: {} });
    expect(history.canUndo).toBe(false);
  });
});
