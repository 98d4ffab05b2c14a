import { index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';

/** The data dictionary's types (数据字典类型): a code the platform and its subsystems name it by. */
export const dictionaryTypes = pgTable('dictionary_types', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  code: text('code').notNull().unique('dictionary_types_code_key'),
  name: text('name').notNull(),
  nameEn: text('name_en').notNull(),
  sortOrder: integer('sort_order').notNull().default(0),
  version: integer('version').notNull().default(1),
});

/** A type's items (字典项), each code once in its type; a type with items is not deleted. */
export const dictionaryItems = pgTable(
  'dictionary_items',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    typeId: integer('type_id')
      .notNull()
      .references(() => dictionaryTypes.id, { onDelete: 'restrict' }),
    code: text('code').notNull(),
    name: text('name').notNull(),
    nameEn: text('name_en').notNull(),
    sortOrder: integer('sort_order').notNull().default(0),
    version: integer('version').notNull().default(1),
  },
  (table) => [
    uniqueIndex('dictionary_items_type_code_key').on(table.typeId, table.code),
    index('dictionary_items_type_order_idx').on(table.typeId, table.sortOrder),
  ],
);
