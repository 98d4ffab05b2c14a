import {
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './users.js';

/** A layer of map features (zones, incidents, routes, district outlines ...). */
export const gisLayers = pgTable(
  'gis_layers',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    nameEn: text('name_en').notNull().default(''),
    /** Base layers (district outlines) are shown but not edited on the map. */
    editable: boolean('editable').notNull().default(true),
    sortOrder: integer('sort_order').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('gis_layers_code_idx').on(table.code)],
);

/**
 * A map feature. The geometry is GeoJSON in WGS-84; its bounding box is kept in
 * four columns so a viewport query is an index range scan (see the custom
 * migration for the GiST index on the box).
 */
export const gisFeatures = pgTable(
  'gis_features',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    layerId: integer('layer_id')
      .notNull()
      .references(() => gisLayers.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    kind: text('kind').notNull().default(''),
    properties: jsonb('properties').$type<Record<string, unknown>>().notNull().default({}),
    geometryType: text('geometry_type').notNull(),
    geometry: jsonb('geometry').notNull(),
    vertexCount: integer('vertex_count').notNull(),
    minLon: doublePrecision('min_lon').notNull(),
    minLat: doublePrecision('min_lat').notNull(),
    maxLon: doublePrecision('max_lon').notNull(),
    maxLat: doublePrecision('max_lat').notNull(),
    /** Optimistic concurrency: an update names the version it read. */
    version: integer('version').notNull().default(1),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    index('gis_features_layer_bbox_idx').on(
      table.layerId,
      table.minLon,
      table.maxLon,
      table.minLat,
      table.maxLat,
    ),
    index('gis_features_name_idx').on(table.layerId, table.name),
  ],
);
