import { type AnyColumn, type SQL, sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { departments, organizations } from './organizations.js';

export const roles = pgTable(
  'roles',
  {
    /** The role code doubles as its id: it is what `roleIds` carries. */
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    nameEn: text('name_en').notNull(),
    /** Whose users and units the holder manages (contract `DataScope`). */
    dataScope: text('data_scope').notNull().default('self'),
    sortOrder: integer('sort_order').notNull().default(0),
    /** Holders confirm sign-in with a second factor (always for the three administrators). */
    secondFactor: boolean('second_factor').notNull().default(false),
    /** Delegated administrators may give it within their scope (contract `roleSchema.assignable`). */
    assignable: boolean('assignable').notNull().default(false),
    /**
     * HMAC-SM3 or HMAC-SHA256 of the role's terms (data scope, second factor, assignable;
     * secrets/binding-mac.ts): a row whose MAC fails counts as `REFUSED_ROLE_TERMS`.
     */
    mac: text('mac'),
    /** Optimistic version: an edit names the version it started from. */
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check(
      'roles_data_scope_check',
      sql`${table.dataScope} in ('all', 'units', 'unit', 'unit-and-below', 'self')`,
    ),
  ],
);

/** The units a role with the `units` data scope reaches. */
export const roleUnits = pgTable(
  'role_units',
  {
    roleId: text('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    /** HMAC-SM3 or HMAC-SHA256 of the binding (secrets/binding-mac.ts): one without a valid one reaches no unit. */
    mac: text('mac'),
  },
  (table) => [
    primaryKey({ columns: [table.roleId, table.organizationId] }),
    index('role_units_organization_idx').on(table.organizationId),
  ],
);

/**
 * Every two-character piece of the login name and the name, lower-cased
 * (`user_search_bigrams`, drizzle/0031): the index expression and the keyword's
 * condition must be written alike for the planner to use the index.
 */
export function userSearchBigrams(username: AnyColumn | SQL, name: AnyColumn | SQL): SQL {
  return sql`(user_search_bigrams(${username}) || user_search_bigrams(${name}))`;
}

export const users = pgTable(
  'users',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    username: text('username').notNull(),
    name: text('name').notNull(),
    /** The mobile number sealed (organization/personal-data-seal.ts); '' for none. */
    mobile: text('mobile').notNull().default(''),
    /** The keyed blind index of the whole number, which finds the account; null for none. */
    mobileIndex: text('mobile_index'),
    organizationId: integer('organization_id').references(() => organizations.id, {
      onDelete: 'set null',
    }),
    departmentId: integer('department_id').references(() => departments.id, {
      onDelete: 'set null',
    }),
    headImage: text('head_image'),
    /** argon2id of the MD5 hex digest of the password (docs/security.md). */
    passwordHash: text('password_hash').notNull(),
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }).notNull(),
    mustChangePassword: boolean('must_change_password').notNull().default(false),
    disabled: boolean('disabled').notNull().default(false),
    /** Optimistic version: an edit names the version it started from. */
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('users_username_lower_idx').on(sql`lower(${table.username})`),
    index('users_organization_idx').on(table.organizationId, table.id),
    index('users_mobile_index_idx').on(table.mobileIndex),
    // The console's list orders (issue 33): newest first by default, or by name; read
    // a page at a time from these rather than the whole table sorted.
    index('users_created_idx').on(table.createdAt, table.id),
    index('users_name_idx').on(table.name, table.id),
    // A department's head count (the unit tree counts each of its departments' users).
    index('users_department_idx').on(table.departmentId),
    // The list's keyword (a part of the login name or name, `ilike '%…%'`) through
    // pg_trgm's trigrams, on PostgreSQL and on PGlite alike (client.ts loads it).
    index('users_username_trgm_idx').using('gin', table.username.op('gin_trgm_ops')),
    index('users_name_trgm_idx').using('gin', table.name.op('gin_trgm_ops')),
    // A keyword of two characters has no trigram (a Chinese given name, the most usual
    // search): the two-character pieces of both names serve it (drizzle/0031,
    // admin-user.repository.ts `keywordMatch`).
    index('users_search_bigrams_idx').using('gin', userSearchBigrams(table.username, table.name)),
  ],
);

export const userRoles = pgTable(
  'user_roles',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    roleId: text('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
    /** HMAC-SM3 or HMAC-SHA256 of the binding (secrets/binding-mac.ts): one without a valid one grants nothing. */
    mac: text('mac'),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.roleId] }),
    index('user_roles_role_idx').on(table.roleId),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    /** SHA-256 of the opaque token; the token itself is never stored. */
    tokenHash: text('token_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /** Why the session was revoked, where the login page tells it apart (`idle`). */
    endedReason: text('ended_reason'),
    userAgent: text('user_agent'),
    ipAddress: text('ip_address'),
    /**
     * The last authenticated request, written at most once a minute (auth.service.ts);
     * the sign-in itself for a new session. The idle timeout counts from it.
     */
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }),
  },
  (table) => [
    index('sessions_user_idx').on(table.userId),
    index('sessions_user_created_idx').on(table.userId, table.createdAt),
    index('sessions_expires_idx').on(table.expiresAt),
    // The live-sessions list, newest first (issue 33): a page read in this order, not
    // every session of the city sorted (nulls first, as `desc` orders).
    index('sessions_live_created_idx')
      .on(table.createdAt.desc().nullsFirst(), table.tokenHash)
      .where(sql`${table.revokedAt} is null`),
  ],
);
