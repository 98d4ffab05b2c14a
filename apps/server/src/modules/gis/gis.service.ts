import { randomUUID } from 'node:crypto';
import {
  ErrorCode,
  GIS_QUERY_MAX_FEATURES,
  type GisFeature,
  type GisGeometry,
  type GisLayer,
  type GisQueryResult,
  type MapSettings,
  countVertices,
  geometryBbox,
  mapSettingsSchema,
} from '@cityops/contract';
import { AppError, notFound } from '../../lib/app-error.js';
import type { Clock } from '../../lib/clock.js';
import type { VersionedOutcome } from '../../db/versioned.js';
import type { AuthContext } from '../../lib/auth-context.js';
import type { CommandRunner } from '../access/command.js';
import type { SettingsService } from '../settings/settings.service.js';
import type { FeatureValues, GisFeatureRow, GisLayerRow, GisRepository } from './gis.repository.js';

/** The setting that holds the map's tile layers, centre and zoom (JSON). */
export const MAP_SETTINGS_KEY = 'gis.mapSettings';

export interface FeatureInput {
  layerId: number;
  name: string;
  kind: string;
  properties: Record<string, string | number | boolean | null>;
  /** Already checked and normalised by the contract's schema. */
  geometry: GisGeometry;
}

export function toFeature(row: GisFeatureRow): GisFeature {
  return {
    id: row.id,
    layerId: row.layerId,
    name: row.name,
    kind: row.kind,
    properties: row.properties as GisFeature['properties'],
    geometry: row.geometry as GisGeometry,
    version: row.version,
    updatedAt: row.updatedAt.toISOString(),
  };
}

function toLayer(row: GisLayerRow & { featureCount: number }): GisLayer {
  return {
    id: row.id,
    code: row.code,
    name: row.name,
    nameEn: row.nameEn,
    editable: row.editable,
    featureCount: row.featureCount,
  };
}

const conflict = () => new AppError(ErrorCode.CONFLICT);

/**
 * A write that found the feature at another version answers the map's own 409 (in the
 * write's transaction, so nothing is written); a feature that is gone is the command's
 * not-found.
 */
function overtaken(outcome: VersionedOutcome): VersionedOutcome {
  if (outcome === 'conflict' || outcome === 'blocked') throw conflict();
  return outcome;
}

/** What the trail keeps of a feature: its fields, the geometry by its size and extent. */
function featureSnapshot(feature: {
  layerId: number;
  name: string;
  kind: string;
  properties: unknown;
  vertexCount: number;
  bbox: readonly number[] | null;
}): Record<string, unknown> {
  const { layerId, name, kind, properties, vertexCount, bbox } = feature;
  return { layerId, name, kind, properties, vertexCount, bbox };
}

function storedSnapshot(row: GisFeatureRow): Record<string, unknown> {
  return featureSnapshot({ ...row, bbox: [row.minLon, row.minLat, row.maxLon, row.maxLat] });
}

export interface GisServiceOptions {
  gis: GisRepository;
  settings: SettingsService;
  clock: Clock;
  /** Every change is a command: one transaction with its trail record (docs/architecture.md). */
  commands: CommandRunner;
}

/**
 * Map features: everyone signed in reads; the routes declare who writes and ask the
 * access policy first (gis.routes.ts); which layers take changes is decided here.
 */
export class GisService {
  constructor(private readonly options: GisServiceOptions) {}

  async query(input: {
    bbox?: [number, number, number, number] | undefined;
    layerId?: number | undefined;
    keyword?: string | undefined;
    limit?: number | undefined;
  }): Promise<GisQueryResult> {
    const limit = input.limit ?? GIS_QUERY_MAX_FEATURES;
    const rows = await this.options.gis.query({ ...input, limit });
    return { features: rows.slice(0, limit).map(toFeature), truncated: rows.length > limit };
  }

  /**
   * The same answer as `query`, as the JSON text of the envelope's `data`,
   * built by the database (see GisRepository.queryJson).
   */
  async queryJson(input: Parameters<GisService['query']>[0]): Promise<string> {
    const limit = input.limit ?? GIS_QUERY_MAX_FEATURES;
    const { featuresJson, matched } = await this.options.gis.queryJson({ ...input, limit });
    return `{"features":${featuresJson},"truncated":${matched > limit}}`;
  }

  async layers(): Promise<GisLayer[]> {
    return (await this.options.gis.listLayers()).map(toLayer);
  }

  async createLayer(auth: AuthContext, input: { name: string; nameEn: string }): Promise<GisLayer> {
    const values = {
      code: `layer-${randomUUID().slice(0, 8)}`,
      name: input.name,
      nameEn: input.nameEn || input.name,
      editable: true,
      sortOrder: 100,
    };
    const row = await this.options.commands.run(auth, async ({ gis }) => {
      const created = await gis.insertLayer(values);
      return {
        target: { kind: 'map-layer', id: created.id, name: created.name },
        after: { code: values.code, name: values.name, nameEn: values.nameEn },
        value: created,
      };
    });
    return toLayer({ ...row, featureCount: 0 });
  }

  async create(auth: AuthContext, input: FeatureInput): Promise<GisFeature> {
    await this.requireEditableLayer(input.layerId);
    const values = this.values(auth, input);
    const row = await this.options.commands.run(auth, async ({ gis }) => {
      const created = await gis.insert(values);
      return {
        target: { kind: 'map-feature', id: created.id, name: created.name },
        after: featureSnapshot(values),
        value: created,
      };
    });
    return toFeature(row);
  }

  /** A feature as the policy weighs it (plugins/command-pipeline.ts); 404 when it is gone. */
  async feature(id: number): Promise<GisFeatureRow> {
    const row = await this.options.gis.findById(id);
    if (!row) throw notFound();
    return row;
  }

  async update(auth: AuthContext, input: FeatureInput & { id: number; version: number }) {
    const existing = await this.feature(input.id);
    await this.requireEditableLayer(existing.layerId);
    if (input.layerId !== existing.layerId) await this.requireEditableLayer(input.layerId);
    const values = this.values(auth, input);
    const row = await this.options.commands.run(auth, async ({ gis }) => {
      const outcome = overtaken(await gis.update(input.id, input.version, values));
      return {
        outcome,
        target: { kind: 'map-feature', id: input.id, name: input.name },
        before: storedSnapshot(existing),
        after: featureSnapshot(values),
        value: outcome === 'ok' ? await gis.findById(input.id) : null,
      };
    });
    if (!row) throw notFound();
    return toFeature(row);
  }

  async delete(auth: AuthContext, input: { id: number; version: number }): Promise<void> {
    const existing = await this.feature(input.id);
    await this.requireEditableLayer(existing.layerId);
    await this.options.commands.run(auth, async ({ gis }) => ({
      outcome: overtaken(await gis.delete(input.id, input.version)),
      target: { kind: 'map-feature', id: input.id, name: existing.name },
      before: storedSnapshot(existing),
      value: input.id,
    }));
  }

  /** The tile layers, centre and zoom; defaults when the setting is missing or broken. */
  async mapSettings(): Promise<MapSettings> {
    // A missing or broken setting falls back to the offline defaults.
    return (
      (await this.options.settings.json(MAP_SETTINGS_KEY, mapSettingsSchema)) ??
      mapSettingsSchema.parse({})
    );
  }

  private async requireEditableLayer(layerId: number): Promise<void> {
    const layer = await this.options.gis.findLayer(layerId);
    if (!layer) {
      throw new AppError(ErrorCode.VALIDATION, {
        fields: [{ field: 'layerId', message: 'validation.invalid' }],
      });
    }
    if (!layer.editable)
      throw new AppError(ErrorCode.FORBIDDEN, { messageKey: 'gis.layerReadOnly' });
  }

  private values(auth: AuthContext, input: FeatureInput): FeatureValues {
    return {
      layerId: input.layerId,
      name: input.name,
      kind: input.kind,
      properties: input.properties,
      geometry: input.geometry,
      vertexCount: countVertices(input.geometry),
      bbox: geometryBbox(input.geometry),
      userId: auth.userId,
      at: this.options.clock.now(),
    };
  }
}
