import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { users } from './users.js';

/**
 * A subsystem registered as an OpenID Connect client of the platform (issue 22,
 * docs/subsystems.md). A confidential client's secret is stored as its SHA-256:
 * it is 256 random bits, so a slow hash adds nothing (docs/security.md).
 */
export const subsystems = pgTable(
  'subsystems',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    clientId: text('client_id').notNull().unique(),
    name: text('name').notNull(),
    nameEn: text('name_en').notNull(),
    /** `public` (PKCE S256, no secret) or `confidential` (a secret, sent by HTTP Basic or in the form). */
    kind: text('kind').notNull(),
    secretHash: text('secret_hash'),
    origins: jsonb('origins').$type<string[]>().notNull().default([]),
    redirectUris: jsonb('redirect_uris').$type<string[]>().notNull().default([]),
    postLogoutRedirectUris: jsonb('post_logout_redirect_uris')
      .$type<string[]>()
      .notNull()
      .default([]),
    backchannelLogoutUri: text('backchannel_logout_uri'),
    /** The user claims it may receive (contract `SUBSYSTEM_CLAIMS`). */
    claims: jsonb('claims').$type<string[]>().notNull().default([]),
    /** Seconds a frame token or an access token lives (60-600). */
    tokenLifetime: integer('token_lifetime').notNull().default(300),
    enabled: boolean('enabled').notNull().default(true),
    /** Made by the product (the demo subsystem): cannot be removed. */
    builtIn: boolean('built_in').notNull().default(false),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('subsystems_kind_check', sql`${table.kind} in ('public', 'confidential')`),
    check('subsystems_lifetime_check', sql`${table.tokenLifetime} between 60 and 600`),
  ],
);

/**
 * A platform session that signed in to a subsystem (a frame token or an
 * authorization code): where back-channel logout goes when the session ends
 * or the user's rights change, and which grants die with it.
 */
export const subsystemSignIns = pgTable(
  'subsystem_sign_ins',
  {
    /** The platform session (sessions.token_hash); kept after the session row ends, until told. */
    sessionTokenHash: text('session_token_hash').notNull(),
    subsystemId: integer('subsystem_id')
      .notNull()
      .references(() => subsystems.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The `sid` the subsystem was given: derived from the session, never its token. */
    sid: text('sid').notNull(),
    /** The issuer the subsystem saw (the product's address it was reached at): its logout token's `iss`. */
    issuer: text('issuer').notNull(),
    /** The provider's grants made for this session (code flow); revoked with it. */
    grantIds: jsonb('grant_ids').$type<string[]>().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    /**
     * When a frame token last went on the trail; the repeats within that token's
     * lifetime are counted here instead of a chained record each (issue 32).
     */
    frameRecordedAt: timestamp('frame_recorded_at', { withTimezone: true }),
    frameRepeats: integer('frame_repeats').notNull().default(0),
  },
  (table) => [
    primaryKey({ columns: [table.sessionTokenHash, table.subsystemId] }),
    index('subsystem_sign_ins_user_idx').on(table.userId),
  ],
);

/**
 * Back-channel logouts to deliver (an outbox): written when a session ends,
 * delivered by any instance (`for update skip locked`), retried with backoff.
 */
export const backchannelLogouts = pgTable(
  'backchannel_logouts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    subsystemId: integer('subsystem_id')
      .notNull()
      .references(() => subsystems.id, { onDelete: 'cascade' }),
    userId: integer('user_id').notNull(),
    sid: text('sid').notNull(),
    /** The sign-in's issuer (the address its subsystem saw): the logout token's `iss`. */
    issuer: text('issuer').notNull(),
    /**
     * Why: `sign-out`, `ended` (the session list), `disabled`, `password`, `renamed`, `rights`,
     * else `session-ended` (one session) or `account-changed` (the user's account).
     */
    reason: text('reason').notNull(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull(),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('backchannel_logouts_due_idx').on(table.nextAttemptAt)],
);

/**
 * What oidc-provider keeps (codes, tokens, grants, sessions, interactions),
 * shared by every instance: its adapter (modules/subsystems/oidc-adapter.ts).
 */
export const oidcRecords = pgTable(
  'oidc_records',
  {
    kind: text('kind').notNull(),
    id: text('id').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    grantId: text('grant_id'),
    uid: text('uid'),
    userCode: text('user_code'),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
  },
  (table) => [
    primaryKey({ columns: [table.kind, table.id] }),
    index('oidc_records_grant_idx').on(table.grantId),
    index('oidc_records_uid_idx').on(table.uid),
    index('oidc_records_expires_idx').on(table.expiresAt),
  ],
);

/**
 * The provider's signing keys (ES256), shared by every instance, one per
 * rotation period (modules/subsystems/signing-key.service.ts). A new key is
 * published before it signs and an old one stays published after it stops,
 * so a verifier's cached JWKS always holds the key of a live token.
 */
export const oidcSigningKeys = pgTable('oidc_signing_keys', {
  kid: text('kid').primaryKey(),
  /** The public JWK. */
  publicJwk: jsonb('public_jwk').$type<Record<string, unknown>>().notNull(),
  /** The private JWK, sealed with the server's secrets key (modules/secrets). */
  sealedPrivateJwk: text('sealed_private_jwk').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  /** From when it signs: the start of its rotation period; it is published a day before. */
  signsFrom: timestamp('signs_from', { withTimezone: true }).notNull(),
});
