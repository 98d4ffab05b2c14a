import type { Bbox, GisGeometry } from '@cityops/contract';
import { type SQL, and, asc, count, eq, sql } from 'drizzle-orm';
import { escapeLike } from '../../db/like.js';
import { type Executor, rowsOf } from '../../db/client.js';
import { gisFeatures, gisLayers } from '../../db/schema/index.js';
import { deleteVersioned, updateVersioned, type VersionedOutcome } from '../../db/versioned.js';

export type GisFeatureRow = typeof gisFeatures.$inferSelect;
export type GisLayerRow = typeof gisLayers.$inferSelect;

export interface FeatureQuery {
  bbox?: Bbox | undefined;
  layerId?: number | undefined;
  keyword?: string | undefined;
  limit: number;
}

export interface FeatureValues {
  layerId: number;
  name: string;
  kind: string;
  properties: Record<string, unknown>;
  geometry: GisGeometry;
  vertexCount: number;
  bbox: Bbox;
  userId: number | null;
  at: Date;
}

/** The box expression the GiST index of the custom migration is built on. */
const featureBox = sql`box(point(${gisFeatures.minLon}, ${gisFeatures.minLat}), point(${gisFeatures.maxLon}, ${gisFeatures.maxLat}))`;

function columns(values: FeatureValues) {
  const [minLon, minLat, maxLon, maxLat] = values.bbox;
  return {
    layerId: values.layerId,
    name: values.name,
    kind: values.kind,
    properties: values.properties,
    geometryType: values.geometry.type,
    geometry: values.geometry,
    vertexCount: values.vertexCount,
    minLon,
    minLat,
    maxLon,
    maxLat,
    updatedBy: values.userId,
    updatedAt: values.at,
  };
}

export class GisRepository {
  constructor(private readonly db: Executor) {}

  async listLayers(): Promise<(GisLayerRow & { featureCount: number })[]> {
    const rows = await this.db
      .select({ layer: gisLayers, featureCount: count(gisFeatures.id) })
      .from(gisLayers)
      .leftJoin(gisFeatures, eq(gisFeatures.layerId, gisLayers.id))
      .groupBy(gisLayers.id)
      .orderBy(asc(gisLayers.sortOrder), asc(gisLayers.id));
    return rows.map((row) => ({ ...row.layer, featureCount: Number(row.featureCount) }));
  }

  async findLayer(id: number): Promise<GisLayerRow | null> {
    const rows = await this.db.select().from(gisLayers).where(eq(gisLayers.id, id));
    return rows[0] ?? null;
  }

  async findLayerByCode(code: string): Promise<GisLayerRow | null> {
    const rows = await this.db.select().from(gisLayers).where(eq(gisLayers.code, code));
    return rows[0] ?? null;
  }

  /** Adds the layers whose code is missing (the seed, on every start). */
  async insertLayersIfMissing(rows: (typeof gisLayers.$inferInsert)[]): Promise<void> {
    await this.db.insert(gisLayers).values(rows).onConflictDoNothing();
  }

  async insertLayer(values: typeof gisLayers.$inferInsert): Promise<GisLayerRow> {
    const [row] = await this.db.insert(gisLayers).values(values).returning();
    return row!;
  }

  /**
   * The viewport query, answered by the database as one JSON text: building the
   * features in SQL and handing the text straight to the response is several
   * times faster than a row object per feature (and their serialisation) when
   * a view holds thousands of them.
   */
  async queryJson(query: FeatureQuery): Promise<{ featuresJson: string; matched: number }> {
    const conditions = this.conditions(query);
    const where = conditions.length > 0 ? sql`where ${sql.join(conditions, sql` and `)}` : sql``;
    const result = await this.db.execute(sql`
      with hits as (
        select ${gisFeatures.id} as id, ${gisFeatures.layerId} as layer_id, ${gisFeatures.name} as name,
               ${gisFeatures.kind} as kind, ${gisFeatures.properties} as properties,
               ${gisFeatures.geometry} as geometry, ${gisFeatures.version} as version,
               ${gisFeatures.updatedAt} as updated_at
        from ${gisFeatures} ${where}
        order by ${gisFeatures.id}
        limit ${query.limit + 1}
      ), numbered as (
        select hits.*, row_number() over (order by id) as rn from hits
      )
      select coalesce(
               json_agg(json_build_object(
                 'id', id, 'layerId', layer_id, 'name', name, 'kind', kind,
                 'properties', properties, 'geometry', geometry, 'version', version,
                 'updatedAt', to_char(updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
               ) order by id) filter (where rn <= ${query.limit}),
               '[]'
             )::text as features,
             count(*)::int as matched
      from numbered`);
    const row = rowsOf<{ features: string; matched: number }>(result)[0]!;
    return { featuresJson: row.features, matched: Number(row.matched) };
  }

  /** Features whose box meets the viewport, by layer and name; one more than the limit. */
  async query(query: FeatureQuery): Promise<GisFeatureRow[]> {
    const conditions = this.conditions(query);
    return this.db
      .select()
      .from(gisFeatures)
      .where(conditions.length > 0 ? and(...conditions) : undefined)
      .orderBy(asc(gisFeatures.id))
      .limit(query.limit + 1);
  }

  private conditions(query: FeatureQuery): SQL[] {
    const conditions: SQL[] = [];
    if (query.layerId !== undefined) conditions.push(eq(gisFeatures.layerId, query.layerId));
    if (query.bbox) {
      const [minLon, minLat, maxLon, maxLat] = query.bbox;
      conditions.push(
        sql`${featureBox} && box(point(${minLon}::float8, ${minLat}::float8), point(${maxLon}::float8, ${maxLat}::float8))`,
      );
    }
    if (query.keyword) {
      conditions.push(sql`${gisFeatures.name} ilike ${`%${escapeLike(query.keyword)}%`}`);
    }
    return conditions;
  }

  async findById(id: number): Promise<GisFeatureRow | null> {
    const rows = await this.db.select().from(gisFeatures).where(eq(gisFeatures.id, id));
    return rows[0] ?? null;
  }

  async insert(values: FeatureValues): Promise<GisFeatureRow> {
    const [row] = await this.db
      .insert(gisFeatures)
      .values({ ...columns(values), createdBy: values.userId, createdAt: values.at, version: 1 })
      .returning();
    return row!;
  }

  async insertMany(rows: FeatureValues[]): Promise<void> {
    if (rows.length === 0) return;
    await this.db.insert(gisFeatures).values(
      rows.map((values) => ({
        ...columns(values),
        createdBy: values.userId,
        createdAt: values.at,
        version: 1,
      })),
    );
  }

  /** Replaces a feature if it is still at `version`. */
  async update(id: number, version: number, values: FeatureValues): Promise<VersionedOutcome> {
    return updateVersioned(this.db, gisFeatures, id, version, columns(values));
  }

  /** Deletes a feature if it is still at `version`. */
  async delete(id: number, version: number): Promise<VersionedOutcome> {
    return deleteVersioned(this.db, gisFeatures, id, version);
  }
}
