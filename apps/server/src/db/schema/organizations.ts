import { type AnyPgColumn, index, integer, pgTable, text } from 'drizzle-orm/pg-core';

/** Units (单位): a tree; a unit is deleted only when empty, so children restrict. */
export const organizations = pgTable(
  'organizations',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    nameEn: text('name_en').notNull(),
    parentId: integer('parent_id').references((): AnyPgColumn => organizations.id, {
      onDelete: 'restrict',
    }),
    sortOrder: integer('sort_order').notNull().default(0),
    version: integer('version').notNull().default(1),
  },
  (table) => [index('organizations_parent_idx').on(table.parentId, table.sortOrder)],
);

export const departments = pgTable(
  'departments',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    nameEn: text('name_en').notNull(),
    sortOrder: integer('sort_order').notNull().default(0),
    version: integer('version').notNull().default(1),
  },
  (table) => [index('departments_organization_idx').on(table.organizationId, table.sortOrder)],
);
