import type { GisFeature } from '@cityops/contract';
import type Feature from 'ol/Feature';
import { fingerprintOf } from './feature-codec';

/** The changes to send when the user saves. */
export interface PendingChanges {
  creates: Feature[];
  updates: Feature[];
  deletes: Feature[];
}

/**
 * What changed since the features were loaded or last saved: features touched by
 * an edit (new ones have no id), compared with their state when loaded, and the
 * saved features removed from the map.
 */
export class ChangeTracker {
  /** What each feature was when it was loaded or last saved. */
  private readonly baseline = new WeakMap<Feature, string>();
  private readonly touched = new Set<Feature>();
  private readonly deleted = new Map<number, Feature>();

  /** A feature as the server has it. */
  loaded(feature: Feature): void {
    this.baseline.set(feature, fingerprintOf(feature));
  }

  touch(feature: Feature): void {
    this.touched.add(feature);
  }

  /** A feature left the map (deleted, or its creation undone). */
  removed(feature: Feature): void {
    const id = feature.getId();
    if (typeof id === 'number') this.deleted.set(id, feature);
  }

  /** A feature came back to the map (undo of a delete, redo of a creation). */
  restored(feature: Feature): void {
    const id = feature.getId();
    if (typeof id === 'number') this.deleted.delete(id);
    this.touched.add(feature);
  }

  /** A saved feature the user deleted in this session: a reload must not bring it back. */
  isDeleted(id: number): boolean {
    return this.deleted.has(id);
  }

  /** The changes of the features still on the map (`isLive`), and the deletions. */
  pending(isLive: (feature: Feature) => boolean): PendingChanges {
    const creates: Feature[] = [];
    const updates: Feature[] = [];
    for (const feature of this.touched) {
      if (!isLive(feature)) continue;
      if (feature.getId() === undefined) creates.push(feature);
      else if (this.baseline.get(feature) !== fingerprintOf(feature)) updates.push(feature);
    }
    return { creates, updates, deletes: [...this.deleted.values()] };
  }

  /** Records the server's answer for a created or updated feature. */
  saved(feature: Feature, answer: GisFeature): void {
    feature.setId(answer.id);
    feature.set('version', answer.version);
    this.baseline.set(feature, fingerprintOf(feature));
    this.touched.delete(feature);
  }

  /** The server deleted it. */
  deletedOnServer(feature: Feature): void {
    const id = feature.getId();
    if (typeof id === 'number') this.deleted.delete(id);
    this.touched.delete(feature);
  }
}
