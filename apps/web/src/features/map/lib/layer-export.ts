import type { GisFeature } from '@cityops/contract';
import type { PlainFeature } from './geojson-io';

/**
 * A layer as a file: every saved feature of the layer (as the server answered)
 * with this session's edits applied: deleted ones left out, changed ones as the
 * map has them, new ones (no id) at the end.
 */
export function layerForExport(
  saved: readonly GisFeature[],
  onMap: readonly PlainFeature[],
  isDeleted: (id: number) => boolean,
): PlainFeature[] {
  const byId = new Map<number, PlainFeature>();
  for (const feature of saved) {
    if (!isDeleted(feature.id)) {
      byId.set(feature.id, {
        id: feature.id,
        name: feature.name,
        kind: feature.kind,
        properties: feature.properties,
        geometry: feature.geometry,
      });
    }
  }
  const fresh: PlainFeature[] = [];
  for (const plain of onMap) {
    if (plain.id === undefined) fresh.push(plain);
    else byId.set(plain.id, plain);
  }
  return [...byId.values(), ...fresh];
}
