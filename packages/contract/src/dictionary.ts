import { z } from 'zod';
import {
  bilingualNameShape,
  recordCodeSchema,
  recordListQuerySchema,
  recordPageSchema,
  sortOrderSchema,
  versionSchema,
} from './administration.js';
import { idSchema, requiredIdSchema } from './validation.js';

/**
 * The data dictionary (数据字典, features/dictionary.ts): types, each with its items.
 * Each is a console resource (apps/server modules/dictionary/dictionary.resource.ts):
 * a page by keyword, create, a change and a delete at the version read.
 */

const dictionaryFields = {
  code: recordCodeSchema,
  ...bilingualNameShape,
  sortOrder: sortOrderSchema.default(0),
};

export const dictionaryTypeSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  nameEn: z.string(),
  sortOrder: z.number().int(),
  version: z.number().int(),
});
export type DictionaryType = z.infer<typeof dictionaryTypeSchema>;
export const dictionaryTypePageSchema = recordPageSchema(dictionaryTypeSchema);
export type DictionaryTypePage = z.infer<typeof dictionaryTypePageSchema>;
export const dictionaryTypeListQuerySchema = recordListQuerySchema;
export const dictionaryTypeCreateSchema = z.object(dictionaryFields);
export type DictionaryTypeCreate = z.input<typeof dictionaryTypeCreateSchema>;
export const dictionaryTypeEditSchema = z.object({ ...dictionaryFields, version: versionSchema });
export type DictionaryTypeEdit = z.input<typeof dictionaryTypeEditSchema>;

export const dictionaryItemSchema = dictionaryTypeSchema.extend({ typeId: z.number().int() });
export type DictionaryItem = z.infer<typeof dictionaryItemSchema>;
export const dictionaryItemPageSchema = recordPageSchema(dictionaryItemSchema);
export type DictionaryItemPage = z.infer<typeof dictionaryItemPageSchema>;
/** The items of one type. */
export const dictionaryItemListQuerySchema = recordListQuerySchema.extend({ typeId: idSchema });
export type DictionaryItemListQuery = z.input<typeof dictionaryItemListQuerySchema>;
/** An item is made in its type and stays there. */
export const dictionaryItemCreateSchema = z.object({
  typeId: requiredIdSchema('validation.required'),
  ...dictionaryFields,
});
export type DictionaryItemCreate = z.input<typeof dictionaryItemCreateSchema>;
export const dictionaryItemEditSchema = dictionaryTypeEditSchema;
export type DictionaryItemEdit = z.input<typeof dictionaryItemEditSchema>;
