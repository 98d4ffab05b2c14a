import { z } from 'zod';
import type { MenuEntry } from './menu-rules.js';
import { idSchema } from './validation.js';

const sysModelSchema = z.object({
  id: z.string(),
  url: z.string(),
  query: z.record(z.string(), z.string()),
  integrated: z.boolean(),
});

/**
 * A menu entry holds entries: the id makes it one named component of the OpenAPI
 * document that refers to itself, so generated clients get a recursive type.
 */
export const menuEntrySchema: z.ZodType<MenuEntry> = z
  .lazy(() =>
    z.object({
      code: z.string(),
      name: z.string(),
      nameEn: z.string(),
      icon: z.string().nullable(),
      hasTwo: z.boolean(),
      sysModelVos: z.array(menuEntrySchema),
      children: z.array(menuEntrySchema),
      sysModels: sysModelSchema,
    }),
  )
  .meta({ id: 'MenuEntry' });

export const menuListSchema = z.array(menuEntrySchema);

/** A query flag sent form-urlencoded ("true"/"false") or as JSON boolean. */
const booleanFlag = z.union([
  z.boolean(),
  z.enum(['true', 'false']).transform((v) => v === 'true'),
]);

/**
 * `POST /organization/model`: the system models (menu entries) the caller may
 * open, flat, filtered by any of the given fields.
 */
export const modelQuerySchema = z
  .object({
    /** The decimal id of `sysModels.id`. */
    id: idSchema.optional(),
    code: z
      .string()
      .trim()
      .regex(/^[a-z0-9_]{1,64}$/i, 'validation.invalid')
      .optional(),
    integrated: booleanFlag.optional(),
  })
  .strict();
export type ModelQuery = z.infer<typeof modelQuerySchema>;

const sysModelRecordSchema = z.object({
  id: z.string(),
  code: z.string(),
  name: z.string(),
  nameEn: z.string(),
  /** The code of the entry it sits under; null at the top level. */
  parentCode: z.string().nullable(),
  url: z.string(),
  query: z.record(z.string(), z.string()),
  integrated: z.boolean(),
});
export type SysModelRecord = z.infer<typeof sysModelRecordSchema>;
export const sysModelListSchema = z.array(sysModelRecordSchema);

/** `GET /organization/model/other_url?id=`: the own-window address of an integrated system. */
export const otherUrlQuerySchema = z.object({ id: idSchema });
export const otherUrlSchema = z.object({ url: z.string() });
export type OtherUrl = z.infer<typeof otherUrlSchema>;
