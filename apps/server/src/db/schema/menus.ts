import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { subsystems } from './subsystems.js';
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
    /** `directory`, `page` (a sidebar entry) or `action` (a button: holds a permission code). */
    kind: text('kind').notNull().default('page'),
    /** The permission code an action entry grants (`system:user:create`); null otherwise. */
    permission: text('permission'),
    /** Hidden entries stay grantable but are left out of the sidebar. */
    visible: boolean('visible').notNull().default(true),
    /** Made by the product (modules/menus/built-in-menu.ts): cannot be deleted or recoded. */
    builtIn: boolean('built_in').notNull().default(false),
    /** Only this role may hold the entry (contract `RESERVED_PERMISSIONS`); the admin role's "every entry" leaves it out. */
    reservedRole: text('reserved_role'),
    /** The registered subsystem this entry opens (issue 22): its frame gets that subsystem's token. */
    subsystemId: integer('subsystem_id').references((): AnyPgColumn => subsystems.id, {
      onDelete: 'set null',
    }),
    version: integer('version').notNull().default(1),
  },
  (table) => [
    index('menu_entries_parent_idx').on(table.parentId, table.sortOrder),
    index('menu_entries_subsystem_idx').on(table.subsystemId),
    uniqueIndex('menu_entries_permission_idx')
      .on(table.permission)
      .where(sql`${table.permission} is not null`),
    check('menu_entries_kind_check', sql`${table.kind} in ('directory', 'page', 'action')`),
  ],
);

/** The entries a role holds (and so their permission codes); the `admin` role holds all. */
export const roleMenuEntries = pgTable(
  'role_menu_entries',
  {
    roleId: text('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
    menuEntryId: integer('menu_entry_id')
      .notNull()
      .references(() => menuEntries.id, { onDelete: 'cascade' }),
    /** HMAC-SM3 or HMAC-SHA256 of the binding (secrets/binding-mac.ts): one without a valid one grants nothing. */
    mac: text('mac'),
  },
  (table) => [
    primaryKey({ columns: [table.roleId, table.menuEntryId] }),
    index('role_menu_entries_entry_idx').on(table.menuEntryId),
  ],
);
