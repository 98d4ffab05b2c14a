import type {
  GisFeature,
  GisLayer,
  GisQuery,
  GisQueryResult,
  MapSettings,
} from '@cityops/contract';
import type Feature from 'ol/Feature';
import OlMap from 'ol/Map';
import View from 'ol/View';
import { Attribution, ScaleLine, Zoom } from 'ol/control';
import { type Extent, createEmpty, extend as extendExtent, isEmpty } from 'ol/extent';
import { Point } from 'ol/geom';
import { defaults as defaultInteractions } from 'ol/interaction/defaults';
import type BaseLayer from 'ol/layer/Base';
import type TileLayer from 'ol/layer/Tile';
import VectorLayer from 'ol/layer/Vector';
import { bbox as bboxStrategy } from 'ol/loadingstrategy';
import { fromLonLat, toLonLat, transformExtent } from 'ol/proj';
import Cluster from 'ol/source/Cluster';
import VectorSource from 'ol/source/Vector';
import { createCountriesLayer, createProvincesLayer } from './base-map';
import { ChangeTracker, type PendingChanges } from './change-tracker';
import { type DrawTarget, DrawingTools, type Tool, isMeasuringTool } from './drawing-tools';
import { EditHistory } from './edit-history';
import { fromGisFeature, fromPlainFeature, payloadOf, plainOf } from './feature-codec';
import { type AttributeValues, FeatureSelection } from './feature-selection';
import type { PlainFeature } from './geojson-io';
import { layerForExport } from './layer-export';
import { VIEW_PROJECTION } from './projections';
import type { Measurement, SelectedInfo } from './selection-info';
import { CLUSTER_RESOLUTION, clusterStyle, colourOf, featureStyle } from './styles';
import { createTileLayer } from './tile-layer';

export type { PendingChanges } from './change-tracker';
export type { Tool } from './drawing-tools';
export type { SelectedInfo } from './selection-info';

export interface EditorState {
  tool: Tool;
  selected: SelectedInfo | null;
  pending: number;
  canUndo: boolean;
  canRedo: boolean;
  measurement: Measurement | null;
  activeLayerId: number | null;
  hidden: number[];
  tileLayerId: string | null;
}

export interface MapEditorOptions {
  target: HTMLElement;
  settings: MapSettings;
  layers: GisLayer[];
  canEdit: boolean;
  load(query: GisQuery, signal?: AbortSignal): Promise<GisQueryResult>;
  onChange(state: EditorState): void;
  /** Texts of the map's own controls, in the user's language. */
  labels: { zoomIn: string; zoomOut: string; attribution: string };
}

const VIEW_KEY = 'cityops-map-view';

interface FeatureLayer {
  layer: GisLayer;
  source: VectorSource<Feature>;
  vector: VectorLayer<VectorSource<Feature>>;
  clusters: VectorLayer<Cluster<Feature>>;
}

function storedView(): { center: [number, number]; zoom: number } | null {
  try {
    const raw = sessionStorage.getItem(VIEW_KEY);
    return raw ? (JSON.parse(raw) as { center: [number, number]; zoom: number }) : null;
  } catch {
    return null;
  }
}

function clampBbox(extent: Extent): [number, number, number, number] {
  const [minLon, minLat, maxLon, maxLat] = transformExtent(extent, VIEW_PROJECTION, 'EPSG:4326');
  return [
    Math.max(-180, minLon!),
    Math.max(-90, minLat!),
    Math.min(180, maxLon!),
    Math.min(90, maxLat!),
  ];
}

/**
 * The OpenLayers side of the map page: base layers, one vector layer per
 * feature layer (loaded by viewport), clustering of points when zoomed out,
 * deletion, import, export and saving; it composes the parts that are tested on
 * their own: the drawing and measuring tools (drawing-tools), the selection with
 * its vertex and attribute edits (feature-selection), conversions
 * (feature-codec), change tracking (change-tracker), undo and redo
 * (edit-history), the export's merge (layer-export) and the panel's description
 * and measurements (selection-info). React only renders its state.
 */
export class MapEditor {
  readonly map: OlMap;
  private readonly layers = new Map<number, FeatureLayer>();
  private readonly history = new EditHistory();
  private readonly changes = new ChangeTracker();
  private readonly selection: FeatureSelection;
  private readonly tools: DrawingTools;
  private tileLayer: TileLayer | null = null;
  private state: EditorState;

  constructor(private readonly options: MapEditorOptions) {
    const view = storedView();
    const editableLayer = options.layers.find((layer) => layer.editable);
    this.state = {
      tool: 'select',
      selected: null,
      pending: 0,
      canUndo: false,
      canRedo: false,
      measurement: null,
      activeLayerId: editableLayer?.id ?? null,
      hidden: [],
      tileLayerId: null,
    };

    const countries = createCountriesLayer();
    countries.getSource()?.setAttributions('Natural Earth');
    this.map = new OlMap({
      target: options.target,
      controls: [
        new Zoom({
          zoomInTipLabel: options.labels.zoomIn,
          zoomOutTipLabel: options.labels.zoomOut,
        }),
        new ScaleLine(),
        new Attribution({ collapsible: true, tipLabel: options.labels.attribution }),
      ],
      interactions: defaultInteractions(),
      layers: [countries, createProvincesLayer()],
      view: new View({
        projection: VIEW_PROJECTION,
        center: fromLonLat(view?.center ?? options.settings.center),
        zoom: view?.zoom ?? options.settings.zoom,
        maxZoom: 20,
      }),
    });

    options.layers.forEach((layer, index) => this.addFeatureLayer(layer, index));

    const featureLayers = new Set<BaseLayer>(
      [...this.layers.values()].map((entry) => entry.vector),
    );
    this.selection = new FeatureSelection({
      map: this.map,
      selectable: (layer) => featureLayers.has(layer),
      isEditable: (feature) => this.isEditable(feature),
      history: this.history,
      changes: this.changes,
      onChange: () => this.emit(),
    });
    // After the selection: its snaps must be the last interactions (drawing-tools.ts).
    this.tools = new DrawingTools({
      map: this.map,
      snapSources: [...this.layers.values()].map((entry) => entry.source),
      onDrawn: (feature) => {
        this.changes.touch(feature);
        this.history.push({
          undo: () => this.removeFeature(feature),
          redo: () => this.restoreFeature(feature),
        });
      },
      onDrawSettled: (feature) => {
        this.selection.selectFeature(feature);
        this.setTool('select');
      },
      onMeasured: (measurement) => {
        this.state = { ...this.state, measurement };
        this.emit();
      },
    });

    this.map.on('moveend', () => {
      const current = this.map.getView();
      try {
        sessionStorage.setItem(
          VIEW_KEY,
          JSON.stringify({ center: toLonLat(current.getCenter()!), zoom: current.getZoom() }),
        );
      } catch {
        // A full or blocked storage only costs the remembered view.
      }
    });
    this.emit();
  }

  /** Renames the map's own buttons after a language switch. */
  setLabels(labels: MapEditorOptions['labels']): void {
    const element = this.map.getTargetElement();
    element?.querySelector('.ol-zoom-in')?.setAttribute('title', labels.zoomIn);
    element?.querySelector('.ol-zoom-out')?.setAttribute('title', labels.zoomOut);
    element?.querySelector('.ol-attribution button')?.setAttribute('title', labels.attribution);
  }

  getState(): EditorState {
    return this.state;
  }

  dispose(): void {
    this.map.setTarget(undefined);
    this.map.dispose();
  }

  // ---- layers -------------------------------------------------------------

  private addFeatureLayer(layer: GisLayer, index: number): void {
    const source: VectorSource<Feature> = new VectorSource({
      strategy: bboxStrategy,
      loader: (extent, _resolution, _projection, success, failure) => {
        this.options
          .load({ bbox: clampBbox(extent), layerId: layer.id })
          .then((result) => {
            const features = result.features
              .filter((feature) => !this.changes.isDeleted(feature.id))
              .map((feature) => this.toOlFeature(feature));
            source.addFeatures(features);
            success?.(features);
          })
          .catch(() => {
            // Let the strategy ask for this extent again later.
            source.removeLoadedExtent(extent);
            failure?.();
          });
      },
    });
    const colour = colourOf(layer.code, index);
    const vector = new VectorLayer({
      source,
      style: featureStyle(colour, { base: !layer.editable }),
      zIndex: layer.editable ? 10 + index : 5,
      properties: { gisLayerId: layer.id },
    });
    const clusters = new VectorLayer({
      source: new Cluster({
        source,
        distance: 40,
        // Only points cluster; lines and areas are drawn by the layer itself.
        geometryFunction: (feature) => {
          const geometry = feature.getGeometry();
          return geometry instanceof Point ? geometry : null;
        },
      }),
      style: clusterStyle(colour),
      minResolution: CLUSTER_RESOLUTION,
      zIndex: 15 + index,
    });
    this.map.addLayer(vector);
    this.map.addLayer(clusters);
    this.layers.set(layer.id, { layer, source, vector, clusters });
  }

  setLayerVisible(layerId: number, visible: boolean): void {
    const entry = this.layers.get(layerId);
    if (!entry) return;
    entry.vector.setVisible(visible);
    entry.clusters.setVisible(visible);
    const hidden = new Set(this.state.hidden);
    if (visible) hidden.delete(layerId);
    else hidden.add(layerId);
    this.state = { ...this.state, hidden: [...hidden] };
    this.emit();
  }

  setActiveLayer(layerId: number): void {
    if (!this.layers.get(layerId)?.layer.editable) return;
    this.state = { ...this.state, activeLayerId: layerId };
    this.setTool(this.state.tool === 'select' ? 'select' : this.state.tool);
  }

  setTileLayer(id: string | null): void {
    if (this.tileLayer) this.map.removeLayer(this.tileLayer);
    this.tileLayer = null;
    const config = this.options.settings.tileLayers.find((layer) => layer.id === id);
    if (config) {
      this.tileLayer = createTileLayer(config);
      this.tileLayer.setZIndex(-1);
      this.map.addLayer(this.tileLayer);
    }
    this.state = { ...this.state, tileLayerId: config ? config.id : null };
    this.emit();
  }

  // ---- tools and selection ----------------------------------------------

  setTool(tool: Tool): void {
    const inEffect = this.tools.setTool(tool, this.drawTarget());
    this.selection.setActive({
      select: inEffect === 'select',
      modify: !isMeasuringTool(inEffect),
    });
    this.state = { ...this.state, tool: inEffect, measurement: null };
    this.emit();
  }

  /** Cancels a drawing in progress (Escape). */
  abortDrawing(): void {
    this.tools.abortDrawing();
  }

  /** The active layer, when the user may draw into it. */
  private drawTarget(): DrawTarget | null {
    const id = this.state.activeLayerId;
    const entry = id === null ? undefined : this.layers.get(id);
    if (!entry || !this.options.canEdit) return null;
    return { source: entry.source, layerId: entry.layer.id, layerCode: entry.layer.code };
  }

  private activeSource(): VectorSource<Feature> | null {
    const id = this.state.activeLayerId;
    return id === null ? null : (this.layers.get(id)?.source ?? null);
  }

  private isEditable(feature: Feature): boolean {
    const layer = this.layers.get(feature.get('layerId') as number)?.layer;
    return this.options.canEdit && Boolean(layer?.editable);
  }

  /** Applies the attribute panel's values to the selected feature. */
  setAttributes(values: AttributeValues): void {
    this.selection.setAttributes(values);
  }

  deleteSelected(): void {
    const feature = this.selection.selected();
    if (!feature || !this.isEditable(feature)) return;
    this.removeFeature(feature);
    this.history.push({
      undo: () => this.restoreFeature(feature),
      redo: () => this.removeFeature(feature),
    });
    this.emit();
  }

  private sourceOf(feature: Feature): VectorSource<Feature> | null {
    return this.layers.get(feature.get('layerId') as number)?.source ?? null;
  }

  private removeFeature(feature: Feature): void {
    if (this.selection.selected() === feature) this.selection.selectFeature(null);
    const source = this.sourceOf(feature);
    if (source?.hasFeature(feature)) source.removeFeature(feature);
    this.changes.removed(feature);
  }

  private restoreFeature(feature: Feature): void {
    const source = this.sourceOf(feature);
    if (source && !source.hasFeature(feature)) source.addFeature(feature);
    this.changes.restored(feature);
  }

  undo(): void {
    if (this.history.undo()) this.afterHistory();
  }

  redo(): void {
    if (this.history.redo()) this.afterHistory();
  }

  private afterHistory(): void {
    const selected = this.selection.selected();
    if (selected && !this.sourceOf(selected)?.hasFeature(selected)) {
      this.selection.selectFeature(null);
    } else {
      this.selection.refresh();
    }
  }

  // ---- loading, search, import and export ---------------------------------

  private toOlFeature(feature: GisFeature): Feature {
    const olFeature = fromGisFeature(feature);
    this.changes.loaded(olFeature);
    return olFeature;
  }

  /** Shows a feature found by the search, loading it into its layer if needed. */
  focusFeature(feature: GisFeature): void {
    const entry = this.layers.get(feature.layerId);
    if (!entry) return;
    if (this.state.hidden.includes(feature.layerId)) this.setLayerVisible(feature.layerId, true);
    let olFeature = entry.source.getFeatureById(feature.id) as Feature | null;
    if (!olFeature && !this.changes.isDeleted(feature.id)) {
      olFeature = this.toOlFeature(feature);
      entry.source.addFeature(olFeature);
    }
    if (!olFeature) return;
    const extent = olFeature.getGeometry()!.getExtent();
    this.map.getView().fit(extent, {
      maxZoom: 17,
      padding: [80, 80, 80, 80],
      duration: 0,
    });
    this.setTool('select');
    this.selection.selectFeature(olFeature);
  }

  /** Adds imported features to the active layer as new, unsaved features (one undo step). */
  importFeatures(features: PlainFeature[]): number {
    const layerId = this.state.activeLayerId;
    const source = this.activeSource();
    if (layerId === null || !source || !this.options.canEdit) return 0;
    const added = features.map((plain) => fromPlainFeature(plain, layerId));
    const addAll = () => {
      for (const feature of added) this.restoreFeature(feature);
    };
    const removeAll = () => {
      for (const feature of added) this.removeFeature(feature);
    };
    addAll();
    this.history.push({ undo: removeAll, redo: addAll });
    const extent = createEmpty();
    for (const feature of added) extendExtent(extent, feature.getGeometry()!.getExtent());
    if (!isEmpty(extent)) {
      this.map.getView().fit(extent, { maxZoom: 16, padding: [60, 60, 60, 60], duration: 0 });
    }
    this.emit();
    return added.length;
  }

  /**
   * The active layer as plain WGS-84 features: every saved feature of the layer
   * (asked of the server) with this session's edits applied.
   */
  async exportActiveLayer(): Promise<PlainFeature[]> {
    const layerId = this.state.activeLayerId;
    const source = this.activeSource();
    if (layerId === null || !source) return [];
    const saved = await this.options.load({ layerId });
    return layerForExport(saved.features, source.getFeatures().map(plainOf), (id) =>
      this.changes.isDeleted(id),
    );
  }

  // ---- saving -------------------------------------------------------------

  private isLive(feature: Feature): boolean {
    return this.sourceOf(feature)?.hasFeature(feature) ?? false;
  }

  pendingChanges(): PendingChanges {
    return this.changes.pending((feature) => this.isLive(feature));
  }

  /** What the server needs to store a feature. */
  payloadOf(feature: Feature) {
    return payloadOf(feature);
  }

  /** Records the server's answer for a created or updated feature. */
  markSaved(feature: Feature, saved: GisFeature): void {
    this.changes.saved(feature, saved);
  }

  markDeleted(feature: Feature): void {
    this.changes.deletedOnServer(feature);
  }

  /** Selects a feature that cannot be saved yet (no name) so the user sees why. */
  reveal(feature: Feature): void {
    if (this.isLive(feature)) this.selection.selectFeature(feature);
  }

  refresh(): void {
    this.emit();
  }

  // ---- state --------------------------------------------------------------

  private emit(): void {
    const changes = this.pendingChanges();
    this.state = {
      ...this.state,
      selected: this.selection.info(),
      pending: changes.creates.length + changes.updates.length + changes.deletes.length,
      canUndo: this.history.canUndo,
      canRedo: this.history.canRedo,
    };
    this.options.onChange(this.state);
  }
}
