import type { GisFeature } from '@cityops/contract';
import { describe, expect, it } from 'vitest';
import type { PlainFeature } from './geojson-io';
import { layerForExport } from './layer-export';

const point = { type: 'Point', coordinates: [1, 2] } as PlainFeature['geometry'];
const saved = (id: number, name: string) =>
  ({
    id,
    layerId: 1,
    name,
    kind: '',
    properties: {},
    geometry: point,
    version: 1,
    updatedAt: '',
  }) as GisFeature;

describe('layerForExport', () => {
  it("applies the session's edits to the saved layer: deleted out, changed replaced, new last", () => {
    const result = layerForExport(
      [saved(1, 'kept'), saved(2, 'deleted'), saved(3, 'old name')],
      [
        { id: 3, name: 'new name', kind: '', properties: {}, geometry: point },
        { name: 'drawn', kind: '', properties: {}, geometry: point },
      ],
      (id) => id === 2,
    );
    expect(result.map((feature) => feature.name)).toEqual(['kept', 'new name', 'drawn']);
    expect(result[0]).toEqual({ id: 1, name: 'kept', kind: '', properties: {}, geometry: point });
  });
});
