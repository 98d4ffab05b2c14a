import type Feature from 'ol/Feature';
import type OlMap from 'ol/Map';
import type { Geometry } from 'ol/geom';
import { Draw, Snap } from 'ol/interaction';
import VectorLayer from 'ol/layer/Vector';
import VectorSource from 'ol/source/Vector';
import { defaultKind } from './feature-codec';
import { type Measurement, measure } from './selection-info';
import { measureStyle } from './styles';

/** Longer than OpenLayers' double-click delay (250 ms). */
const SINGLE_CLICK_SETTLE_MS = 300;

export type Tool = 'select' | 'Point' | 'LineString' | 'Polygon' | 'measureLength' | 'measureArea';

/** Where a drawn feature goes: the active feature layer, when the user may edit it. */
export interface DrawTarget {
  source: VectorSource<Feature>;
  layerId: number;
  /** The layer's code, which names the default kind of a new feature. */
  layerCode: string;
}

export interface DrawingToolsOptions {
  map: OlMap;
  /** The feature layers' sources, snapped to while drawing and modifying. */
  snapSources: VectorSource<Feature>[];
  /** A feature was drawn: it carries its layer and empty attributes; Draw adds it to the source next. */
  onDrawn(feature: Feature): void;
  /** The drawn feature is in its source and the click that finished it is over: select it now. */
  onDrawSettled(feature: Feature): void;
  /** The measuring sketch changed (while drawing) or was finished. */
  onMeasured(measurement: Measurement): void;
}

export function isDrawingTool(tool: Tool): tool is 'Point' | 'LineString' | 'Polygon' {
  return tool === 'Point' || tool === 'LineString' || tool === 'Polygon';
}

export function isMeasuringTool(tool: Tool): tool is 'measureLength' | 'measureArea' {
  return tool === 'measureLength' || tool === 'measureArea';
}

/**
 * The drawing and measuring tools of the map: one Draw interaction at a time
 * (into the active layer, or into the measuring layer of its own), and snapping
 * to every feature layer. Selection and modification are feature-selection.ts;
 * MapEditor switches between the two.
 */
export class DrawingTools {
  /** The measuring sketch; never saved. */
  readonly measureSource = new VectorSource<Feature>();
  private draw: Draw | null = null;
  private snaps: Snap[] = [];

  constructor(private readonly options: DrawingToolsOptions) {
    options.map.addLayer(
      new VectorLayer({ source: this.measureSource, style: measureStyle, zIndex: 20 }),
    );
    this.resetSnaps();
  }

  /**
   * Puts `tool` in place and returns the tool in effect: a drawing tool without a
   * target (no editable active layer, or no right to edit) falls back to 'select'.
   */
  setTool(tool: Tool, target: DrawTarget | null): Tool {
    if (this.draw) {
      this.options.map.removeInteraction(this.draw);
      this.draw = null;
    }
    const measuring = isMeasuringTool(tool);
    if (isDrawingTool(tool) && target) {
      this.draw = new Draw({ source: target.source, type: tool });
      this.draw.on('drawend', (event) => this.drawn(event.feature as Feature, target));
      this.options.map.addInteraction(this.draw);
    } else if (measuring) {
      this.measureSource.clear();
      this.draw = new Draw({
        source: this.measureSource,
        type: tool === 'measureLength' ? 'LineString' : 'Polygon',
        style: measureStyle,
      });
      this.draw.on('drawstart', (event) => {
        this.measureSource.clear();
        event.feature.getGeometry()!.on('change', (change) => {
          this.measured(change.target as Geometry);
        });
      });
      this.draw.on('drawend', (event) => this.measured(event.feature.getGeometry()!));
      this.options.map.addInteraction(this.draw);
    }
    if (!measuring) this.measureSource.clear();
    this.resetSnaps();
    return this.draw || tool === 'select' ? tool : 'select';
  }

  /** Cancels a drawing in progress (Escape). */
  abortDrawing(): void {
    this.draw?.abortDrawing();
  }

  private measured(geometry: Geometry): void {
    this.options.onMeasured(measure(geometry));
  }

  /**
   * Snapping to the vertices and edges of every feature layer. OpenLayers asks the
   * interactions last added first, so the snaps are added again after each Draw.
   */
  private resetSnaps(): void {
    const { map, snapSources } = this.options;
    for (const snap of this.snaps) map.removeInteraction(snap);
    this.snaps = snapSources.map((source) => new Snap({ source, pixelTolerance: 8 }));
    for (const snap of this.snaps) map.addInteraction(snap);
  }

  private drawn(feature: Feature, target: DrawTarget): void {
    feature.setProperties({
      name: '',
      kind: defaultKind(target.layerCode),
      attrs: {},
      layerId: target.layerId,
    });
    this.options.onDrawn(feature);
    // Draw adds the feature to the source after this event: select it then. The click
    // that finished the drawing comes again as a `singleclick` once OpenLayers has ruled
    // out a double click (250 ms); switching to Select before that would let that click
    // select whatever lies under the pointer instead of the new feature.
    setTimeout(() => {
      if (target.source.hasFeature(feature)) this.options.onDrawSettled(feature);
    }, SINGLE_CLICK_SETTLE_MS);
  }
}
