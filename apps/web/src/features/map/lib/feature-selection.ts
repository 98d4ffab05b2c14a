import Collection from 'ol/Collection';
import type Feature from 'ol/Feature';
import type OlMap from 'ol/Map';
import type { Geometry } from 'ol/geom';
import { Modify, Select } from 'ol/interaction';
import type BaseLayer from 'ol/layer/Base';
import type { ChangeTracker } from './change-tracker';
import type { EditHistory } from './edit-history';
import type { PlainFeature } from './geojson-io';
import { type SelectedInfo, describeFeature } from './selection-info';
import { selectedStyle } from './styles';

export interface FeatureSelectionOptions {
  map: OlMap;
  /** The layers whose features can be selected (the feature layers, not the base map). */
  selectable(layer: BaseLayer): boolean;
  /** Whether the user may change this feature (its layer is editable and the user may edit). */
  isEditable(feature: Feature): boolean;
  history: EditHistory;
  changes: ChangeTracker;
  /** The selection or the selected feature changed. */
  onChange(): void;
}

/** The attributes the panel edits. */
export interface AttributeValues {
  name: string;
  kind: string;
  properties: PlainFeature['properties'];
}

/**
 * The selected feature and what the user does to it: Select picks one feature,
 * Modify moves the vertices of the selected one when it is editable, and the
 * attribute panel's edits apply to it. Each change is one undo step (the shared
 * EditHistory) and marks the feature for saving (the shared ChangeTracker).
 */
export class FeatureSelection {
  private readonly select: Select;
  private readonly modify: Modify;
  /** Holds the selected feature while it is editable: Modify works on this collection. */
  private readonly modifiable = new Collection<Feature>();
  /** The geometries at `modifystart`, the undo of the modification. */
  private modifyBefore = new Map<Feature, Geometry>();

  constructor(private readonly options: FeatureSelectionOptions) {
    this.select = new Select({
      layers: (layer) => options.selectable(layer),
      style: selectedStyle,
      hitTolerance: 5,
    });
    this.select.on('select', () => this.refresh());
    this.modify = new Modify({ features: this.modifiable, pixelTolerance: 10 });
    this.modify.on('modifystart', (event) => {
      this.modifyBefore = new Map(
        event.features
          .getArray()
          .map((feature) => [feature as Feature, (feature as Feature).getGeometry()!.clone()]),
      );
    });
    this.modify.on('modifyend', (event) => {
      for (const item of event.features.getArray()) {
        const feature = item as Feature;
        const before = this.modifyBefore.get(feature);
        const after = feature.getGeometry()!.clone();
        if (!before) continue;
        options.history.push({
          undo: () => this.setGeometry(feature, before),
          redo: () => this.setGeometry(feature, after),
        });
        options.changes.touch(feature);
      }
      this.modifyBefore.clear();
      options.onChange();
    });
    options.map.addInteraction(this.select);
    options.map.addInteraction(this.modify);
  }

  /** Clicking selects while no tool draws; vertices move unless the user measures. */
  setActive({ select, modify }: { select: boolean; modify: boolean }): void {
    this.select.setActive(select);
    this.modify.setActive(modify);
  }

  selected(): Feature | null {
    return (this.select.getFeatures().item(0) as Feature | undefined) ?? null;
  }

  /** The feature whose vertices Modify moves: the selected one when it is editable. */
  modifying(): Feature | null {
    return this.modifiable.item(0) ?? null;
  }

  /** What the attribute panel shows. */
  info(): SelectedInfo | null {
    const feature = this.selected();
    return describeFeature(feature, feature ? this.options.isEditable(feature) : false);
  }

  selectFeature(feature: Feature | null): void {
    const features = this.select.getFeatures();
    features.clear();
    if (feature) features.push(feature);
    this.refresh();
  }

  /** Follows the selection (or a change of the selected feature, e.g. by undo): only an editable feature gets Modify's handles. */
  refresh(): void {
    const feature = this.selected();
    this.modifiable.clear();
    if (feature && this.options.isEditable(feature)) this.modifiable.push(feature);
    this.options.onChange();
  }

  /** Applies the panel's values to the selected feature; no step when nothing changes. */
  setAttributes(values: AttributeValues): void {
    const feature = this.selected();
    if (!feature || !this.options.isEditable(feature)) return;
    const before = {
      name: feature.get('name') as string,
      kind: feature.get('kind') as string,
      attrs: feature.get('attrs') as PlainFeature['properties'],
    };
    const after = { name: values.name, kind: values.kind, attrs: { ...values.properties } };
    if (JSON.stringify(before) === JSON.stringify(after)) return;
    feature.setProperties(after);
    this.options.changes.touch(feature);
    this.options.history.push({
      undo: () => this.setAttributesOf(feature, before),
      redo: () => this.setAttributesOf(feature, after),
    });
    this.options.onChange();
  }

  private setAttributesOf(feature: Feature, values: Record<string, unknown>): void {
    feature.setProperties(values);
    this.options.changes.touch(feature);
  }

  private setGeometry(feature: Feature, geometry: Geometry): void {
    feature.setGeometry(geometry.clone());
    this.options.changes.touch(feature);
  }
}
