import Feature from 'ol/Feature';
import OlMap from 'ol/Map';
import { LineString, Point, Polygon } from 'ol/geom';
import { Draw, Snap } from 'ol/interaction';
import { DrawEvent } from 'ol/interaction/Draw';
import type Interaction from 'ol/interaction/Interaction';
import { fromLonLat } from 'ol/proj';
import VectorSource from 'ol/source/Vector';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type DrawTarget, DrawingTools, type DrawingToolsOptions } from './drawing-tools';
import type { Measurement } from './selection-info';

/** A map without a target: OpenLayers runs its interactions' events without rendering. */
function setUp() {
  const map = new OlMap({});
  const layerSource = new VectorSource<Feature>();
  const otherSource = new VectorSource<Feature>();
  const drawn: Feature[] = [];
  const settled: Feature[] = [];
  const measurements: Measurement[] = [];
  const options: DrawingToolsOptions = {
    map,
    snapSources: [layerSource, otherSource],
    onDrawn: (feature) => drawn.push(feature),
    onDrawSettled: (feature) => settled.push(feature),
    onMeasured: (measurement) => measurements.push(measurement),
  };
  const tools = new DrawingTools(options);
  const target: DrawTarget = { source: layerSource, layerId: 3, layerCode: 'patrol-routes' };
  const interactions = () => map.getInteractions().getArray();
  const draws = () => interactions().filter((item): item is Draw => item instanceof Draw);
  return { map, tools, target, layerSource, drawn, settled, measurements, interactions, draws };
}

const isSnap = (item: Interaction) => item instanceof Snap;

const line = (to: number) => new LineString([fromLonLat([114, 30]), fromLonLat([114, to])]);

describe('DrawingTools', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('snaps to every feature layer and keeps the snaps after a new Draw', () => {
    const { tools, target, interactions, draws } = setUp();
    expect(interactions().filter(isSnap)).toHaveLength(2);
    expect(tools.setTool('Polygon', target)).toBe('Polygon');
    expect(draws()).toHaveLength(1);
    // The snaps come after the Draw, so OpenLayers lets them adjust the pointer first.
    const list = interactions();
    expect(list.slice(-2).every(isSnap)).toBe(true);
    expect(list.filter(isSnap)).toHaveLength(2);
  });

  it('keeps one Draw at a time and removes it for the select tool', () => {
    const { tools, target, draws } = setUp();
    tools.setTool('Point', target);
    tools.setTool('LineString', target);
    expect(draws()).toHaveLength(1);
    expect(tools.setTool('select', target)).toBe('select');
    expect(draws()).toHaveLength(0);
  });

  it('falls back to the select tool when there is no layer to draw into', () => {
    const { tools, draws } = setUp();
    expect(tools.setTool('Point', null)).toBe('select');
    expect(draws()).toHaveLength(0);
  });

  it('gives a drawn feature its layer and empty attributes, and selects it once the click has settled', () => {
    const { tools, target, layerSource, drawn, settled, draws } = setUp();
    tools.setTool('Point', target);
    const feature = new Feature(new Point(fromLonLat([114, 30])));
    draws()[0]!.dispatchEvent(new DrawEvent('drawend', feature));
    expect(feature.getProperties()).toMatchObject({
      name: '',
      kind: 'patrol_route',
      attrs: {},
      layerId: 3,
    });
    expect(drawn).toEqual([feature]);
    // Draw adds the feature to the source after its event.
    layerSource.addFeature(feature);
    expect(settled).toEqual([]);
    vi.advanceTimersByTime(300);
    expect(settled).toEqual([feature]);
  });

  it('does not select a drawn feature that left its layer before the click settled', () => {
    const { tools, target, settled, draws } = setUp();
    tools.setTool('Point', target);
    const feature = new Feature(new Point(fromLonLat([114, 30])));
    draws()[0]!.dispatchEvent(new DrawEvent('drawend', feature));
    vi.advanceTimersByTime(300);
    expect(settled).toEqual([]);
  });

  it('measures the sketch while it is drawn and when it is finished', () => {
    const { tools, target, measurements, draws } = setUp();
    expect(tools.setTool('measureLength', target)).toBe('measureLength');
    tools.measureSource.addFeature(new Feature(line(30.5)));
    const sketch = new Feature(line(30.01));
    draws()[0]!.dispatchEvent(new DrawEvent('drawstart', sketch));
    // A new measurement replaces the previous one.
    expect(tools.measureSource.getFeatures()).toHaveLength(0);
    sketch.getGeometry()!.setCoordinates([fromLonLat([114, 30]), fromLonLat([114, 30.02])]);
    expect(measurements).toHaveLength(1);
    expect(measurements[0]!.kind).toBe('length');
    // 0.02 degree of latitude is about 2.2 km.
    expect(measurements[0]!.value).toBeGreaterThan(2200);
    expect(measurements[0]!.value).toBeLessThan(2250);
    draws()[0]!.dispatchEvent(new DrawEvent('drawend', sketch));
    expect(measurements).toHaveLength(2);
  });

  it('measures an area and clears the sketch when measuring ends', () => {
    const { tools, target, measurements, draws } = setUp();
    tools.setTool('measureArea', target);
    const square = new Polygon([
      [
        fromLonLat([114, 30]),
        fromLonLat([114.01, 30]),
        fromLonLat([114.01, 30.01]),
        fromLonLat([114, 30.01]),
        fromLonLat([114, 30]),
      ],
    ]);
    const sketch = new Feature(square);
    draws()[0]!.dispatchEvent(new DrawEvent('drawend', sketch));
    expect(measurements).toHaveLength(1);
    expect(measurements[0]!.kind).toBe('area');
    // About 1.07 km² at this latitude.
    expect(measurements[0]!.value).toBeGreaterThan(1_000_000);
    expect(measurements[0]!.value).toBeLessThan(1_200_000);
    tools.measureSource.addFeature(sketch);
    tools.setTool('select', target);
    expect(tools.measureSource.getFeatures()).toHaveLength(0);
  });

  it('cancels a drawing in progress', () => {
    const { tools, target, draws } = setUp();
    tools.setTool('Polygon', target);
    const abort = vi.spyOn(draws()[0]!, 'abortDrawing');
    tools.abortDrawing();
    expect(abort).toHaveBeenCalledOnce();
  });
});
