import { z } from 'zod';
import { DATABASE_INT_MAX } from './security-rules.js';
import {
  type Bbox,
  GIS_KIND_MAX_LENGTH,
  GIS_MAX_PROPERTIES,
  GIS_NAME_MAX_LENGTH,
  GIS_GEOMETRY_TYPES,
  GIS_QUERY_MAX_FEATURES,
  type GisGeometry,
  type GisGeometryType,
  checkGeometry,
} from './gis-rules.js';
import { idSchema } from './validation.js';

/** Form-encoded callers send the geometry as JSON text. */
function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** A GeoJSON geometry that passes every rule of `checkGeometry`, normalised. */
const gisGeometrySchema = z.unknown().transform((value, context): GisGeometry => {
  const result = checkGeometry(typeof value === 'string' ? parseJson(value) : value);
  if (!result.ok) {
    context.addIssue({ code: 'custom', message: result.messageKey });
    return z.NEVER;
  }
  return result.geometry;
});

/** Numbers sent as form fields arrive as strings. */
const coordinate = z.coerce.number().refine(Number.isFinite, 'gis.bbox.invalid');

/**
 * A viewport `[minLon, minLat, maxLon, maxLat]`: an array, or the comma-separated
 * text a form field carries.
 */
export const bboxSchema = z
  .preprocess(
    (value) => (typeof value === 'string' ? value.split(',') : value),
    z.array(coordinate, { error: 'gis.bbox.invalid' }).length(4, 'gis.bbox.invalid'),
  )
  .transform((value) => value as Bbox)
  .refine(
    ([minLon, minLat, maxLon, maxLat]) =>
      minLon >= -180 &&
      maxLon <= 180 &&
      minLat >= -90 &&
      maxLat <= 90 &&
      minLon <= maxLon &&
      minLat <= maxLat,
    'gis.bbox.invalid',
  );

export const gisQuerySchema = z.object({
  bbox: bboxSchema.optional(),
  layerId: idSchema.optional(),
  /** Part of a feature's name, any case. */
  keyword: z.string().trim().max(100, 'validation.tooLong').optional(),
  limit: z.coerce.number().int().min(1).max(GIS_QUERY_MAX_FEATURES).optional(),
});
export type GisQuery = z.input<typeof gisQuerySchema>;

const propertyValue = z.union([
  z.string().max(2000, 'validation.tooLong'),
  z.number().refine(Number.isFinite),
  z.boolean(),
  z.null(),
]);

const gisPropertiesSchema = z
  .record(z.string().trim().min(1).max(64, 'validation.tooLong'), propertyValue)
  .refine((value) => Object.keys(value).length <= GIS_MAX_PROPERTIES, 'gis.tooManyProperties');

const featureFields = {
  layerId: idSchema,
  name: z
    .string({ error: 'gis.name.required' })
    .trim()
    .min(1, 'gis.name.required')
    .max(GIS_NAME_MAX_LENGTH, 'validation.tooLong'),
  kind: z.string().trim().max(GIS_KIND_MAX_LENGTH, 'validation.tooLong').default(''),
  properties: gisPropertiesSchema.default({}),
  geometry: gisGeometrySchema,
};

export const gisFeatureCreateSchema = z.object(featureFields);
export type GisFeatureCreate = z.input<typeof gisFeatureCreateSchema>;

/** An update replaces the feature; `version` is the one the editor read. */
export const gisFeatureUpdateSchema = z.object({
  id: idSchema,
  version: z.coerce.number().int().min(1).max(DATABASE_INT_MAX),
  ...featureFields,
});
export type GisFeatureUpdate = z.input<typeof gisFeatureUpdateSchema>;

export const gisFeatureDeleteSchema = z.object({
  id: idSchema,
  version: z.coerce.number().int().min(1).max(DATABASE_INT_MAX),
});
export type GisFeatureDelete = z.input<typeof gisFeatureDeleteSchema>;

export const gisFeatureSchema = z.object({
  id: z.number().int(),
  layerId: z.number().int(),
  name: z.string(),
  kind: z.string(),
  properties: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])),
  // The stored geometry passed `checkGeometry`; the answer only names its shape
  // (a precise recursive schema would cost every response's serialisation).
  geometry: z.object({
    type: z.enum(GIS_GEOMETRY_TYPES as [GisGeometryType, ...GisGeometryType[]]),
    coordinates: z.array(z.unknown()),
  }) as unknown as z.ZodType<GisGeometry>,
  version: z.number().int(),
  updatedAt: z.string(),
});
export type GisFeature = z.infer<typeof gisFeatureSchema>;

export const gisQueryResultSchema = z.object({
  features: z.array(gisFeatureSchema),
  /** More features matched than the limit allowed. */
  truncated: z.boolean(),
});
export type GisQueryResult = z.infer<typeof gisQueryResultSchema>;

export const gisLayerSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  nameEn: z.string(),
  /** Base layers (district outlines) are shown but not edited on the map. */
  editable: z.boolean(),
  featureCount: z.number().int(),
});
export type GisLayer = z.infer<typeof gisLayerSchema>;

export const gisLayerCreateSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, 'gis.name.required')
    .max(GIS_NAME_MAX_LENGTH, 'validation.tooLong'),
  nameEn: z.string().trim().max(GIS_NAME_MAX_LENGTH, 'validation.tooLong').default(''),
});
/**
 * A tile source: an XYZ template (`{x}`, `{y}`, `{z}`, optional `{s}` for a
 * subdomain). `gcj02` marks sources drawn in China's GCJ-02 datum (AMap,
 * Tencent); the map shifts them so WGS-84 features sit in the right place.
 */
export const tileLayerSchema = z.object({
  id: z
    .string()
    .trim()
    .regex(/^[a-z0-9-]{1,40}$/, 'validation.invalid'),
  name: z.string().trim().min(1, 'gis.name.required').max(100, 'validation.tooLong'),
  nameEn: z.string().trim().max(100, 'validation.tooLong').default(''),
  url: z
    .string()
    .trim()
    .max(500, 'validation.tooLong')
    .regex(/^(https?:\/\/|\/)[^\s"'<>]*$/, 'gis.tileUrl.invalid')
    .refine(
      (url) => url.includes('{x}') && url.includes('{y}') && url.includes('{z}'),
      'gis.tileUrl.invalid',
    ),
  subdomains: z
    .array(
      z
        .string()
        .trim()
        .regex(/^[a-z0-9-]{1,20}$/i),
    )
    .max(10)
    .default([]),
  coordinateSystem: z.enum(['wgs84', 'gcj02']).default('wgs84'),
  attribution: z.string().trim().max(200, 'validation.tooLong').default(''),
  maxZoom: z.number().int().min(1).max(22).default(18),
});
export type TileLayerConfig = z.infer<typeof tileLayerSchema>;

export const mapSettingsSchema = z.object({
  tileLayers: z.array(tileLayerSchema).max(20).default([]),
  /** Where the map opens: [lon, lat] and zoom. */
  center: z
    .tuple([z.number().min(-180).max(180), z.number().min(-90).max(90)])
    .default([114.3, 30.58]),
  zoom: z.number().min(1).max(20).default(11),
});
export type MapSettings = z.infer<typeof mapSettingsSchema>;
