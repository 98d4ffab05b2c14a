import {
  type AnyPgColumn,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
} from 'drizzle-orm/pg-core';
import { roles } from './users.js';

/** A sidebar entry ("system model"): its address, its place in the tree and who sees it. */
export const menuEntries = pgTable(
  'menu_entries',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    code: text('code').notNull().unique(),
    name: text('name').notNull(),
    nameEn: text('name_en').notNull(),
    icon: text('icon'),
    url: text('url').notNull().default(''),
    query: jsonb('query').$type<Record<string, string>>().notNull().default({}),
    integrated: boolean('integrated').notNull().default(false),
    /** Where an integrated system opens in its own window (`organization/model/other_url`). */
    externalUrl: text('external_url').notNull().default(''),
    /** Sub-entries are listed as `sysModelVos` (true) or `children` (false). */
    hasTwo: boolean('has_two').notNull().default(false),
    parentId: integer('parent_id').references((): AnyPgColumn => menuEntries.id, {
      onDelete: 'cascade',
    }),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (table) => [index('menu_entries_parent_idx').on(table.parentId, table.sortOrder)],
);

/** An entry with no rows here is visible to every role. */
export const menuEntryRoles = pgTable(
  'menu_entry_roles',
  {
    menuEntryId: integer('menu_entry_id')
      .notNull()
      .references(() => menuEntries.id, { onDelete: 'cascade' }),
    roleId: text('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
  },
  (table) => [primaryKey({ columns: [table.menuEntryId, table.roleId] })],
);
