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
import type { WithTransaction } from '../../repositories.js';
import { auditSourceOf, changedFields } from '../audit/audit-writer.js';
import type { AuthContext } from '../../lib/auth-context.js';
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
  /** Every change and its trail record are one transaction (docs/audit.md). */
  withTransaction: WithTransaction;
}

/** Map features: everyone signed in reads; the routes declare who writes (gis.routes.ts). */
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
    const row = await this.options.withTransaction(async ({ gis, audit }) => {
      const inserted = await gis.insertLayer(values);
      await audit.append(this.options.clock.now(), auditSourceOf(auth), {
        action: 'map.layer.create',
        outcome: 'success',
        target: { kind: 'map-layer', id: inserted.id, name: inserted.name },
        after: { code: values.code, name: values.name, nameEn: values.nameEn },
      });
      return inserted;
    });
    return toLayer({ ...row, featureCount: 0 });
  }

  async create(auth: AuthContext, input: FeatureInput): Promise<GisFeature> {
    await this.requireEditableLayer(input.layerId);
    const values = this.values(auth, input);
    const row = await this.options.withTransaction(async ({ gis, audit }) => {
      const inserted = await gis.insert(values);
      await audit.append(values.at, auditSourceOf(auth), {
        action: 'map.feature.create',
        outcome: 'success',
        target: { kind: 'map-feature', id: inserted.id, name: inserted.name },
        after: featureSnapshot(values),
      });
      return inserted;
    });
    return toFeature(row);
  }

  async update(auth: AuthContext, input: FeatureInput & { id: number; version: number }) {
    const existing = await this.options.gis.findById(input.id);
    if (!existing) throw notFound();
    await this.requireEditableLayer(existing.layerId);
    if (input.layerId !== existing.layerId) await this.requireEditableLayer(input.layerId);
    const values = this.values(auth, input);
    const row = await this.options.withTransaction(async ({ gis, audit }) => {
      if ((await gis.update(input.id, input.version, values)) !== 'ok') return null;
      await audit.append(values.at, auditSourceOf(auth), {
        action: 'map.feature.update',
        outcome: 'success',
        target: { kind: 'map-feature', id: input.id, name: input.name },
        ...changedFields(storedSnapshot(existing), featureSnapshot(values)),
      });
      return gis.findById(input.id);
    });
    if (!row) throw (await this.options.gis.findById(input.id)) ? conflict() : notFound();
    return toFeature(row);
  }

  async delete(auth: AuthContext, input: { id: number; version: number }): Promise<void> {
    const existing = await this.options.gis.findById(input.id);
    if (!existing) throw notFound();
    await this.requireEditableLayer(existing.layerId);
    const deleted = await this.options.withTransaction(async ({ gis, audit }) => {
      if ((await gis.delete(input.id, input.version)) !== 'ok') return false;
      await audit.append(this.options.clock.now(), auditSourceOf(auth), {
        action: 'map.feature.delete',
        outcome: 'success',
        target: { kind: 'map-feature', id: input.id, name: existing.name },
        before: storedSnapshot(existing),
      });
      return true;
    });
    if (!deleted) {
      throw (await this.options.gis.findById(input.id)) ? conflict() : notFound();
    }
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
