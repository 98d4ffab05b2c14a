import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './users.js';

/**
 * Failed sign-ins counted per account name and per client address within a
 * window; `lockedUntil` is set on accounts past the lock threshold. An
 * account's row also counts its wrong second-factor codes, in their own
 * window, so both counts share the one lock. Counters live in the database so
 * every instance sees the same numbers.
 */
export const loginAttempts = pgTable(
  'login_attempts',
  {
    /** `account` (lower-cased account name, existing or not) or `address` (client IP). */
    scope: text('scope').notNull(),
    subject: text('subject').notNull(),
    failures: integer('failures').notNull().default(0),
    windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    /** Wrong second-factor codes (scope `account`); a correct password does not reset them. */
    factorFailures: integer('factor_failures').notNull().default(0),
    factorWindowStartedAt: timestamp('factor_window_started_at', { withTimezone: true }),
  },
  (table) => [
    primaryKey({ columns: [table.scope, table.subject] }),
    // The purge finds forgotten windows without reading the table.
    index('login_attempts_window_idx').on(table.windowStartedAt),
  ],
);

/**
 * Requests per client address (and per number for SMS) in fixed windows, for the
 * calls that need no sign-in. One row per bucket and subject, counted by one
 * atomic upsert, so instances sharing the database share the limits.
 */
export const requestLimits = pgTable(
  'request_limits',
  {
    /** The limit's name: `pubKey`, `captcha`, `sms.mobile` ... */
    bucket: text('bucket').notNull(),
    /** The client address (or a number's blind index) the limit counts. */
    subject: text('subject').notNull(),
    windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull(),
    hits: integer('hits').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.bucket, table.subject] }),
    index('request_limits_window_idx').on(table.windowStartedAt),
  ],
);

/** Image captchas; only a digest of the answer is kept. */
export const captchas = pgTable(
  'captchas',
  {
    id: text('id').primaryKey(),
    answerHash: text('answer_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (table) => [index('captchas_expires_idx').on(table.expiresAt)],
);

/**
 * SMS codes. A request for an unknown number is recorded too (with no user and
 * no message sent), so limits and answers are the same for both.
 */
export const smsCodes = pgTable(
  'sms_codes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** The number's keyed blind index (personal-data-seal.ts): no number is kept in clear. */
    mobileIndex: text('mobile_index').notNull(),
    /** `password` (pwb_kaptcha) or `verify` (kaptcha). */
    purpose: text('purpose').notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    ipAddress: text('ip_address'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    usedAt: timestamp('used_at', { withTimezone: true }),
    /** After a correct code: a digest of the one-time ticket that allows the reset. */
    ticketHash: text('ticket_hash'),
    ticketExpiresAt: timestamp('ticket_expires_at', { withTimezone: true }),
    ticketUsedAt: timestamp('ticket_used_at', { withTimezone: true }),
  },
  (table) => [
    index('sms_codes_mobile_index_idx').on(table.mobileIndex, table.purpose, table.createdAt),
    index('sms_codes_address_idx').on(table.ipAddress, table.createdAt),
    index('sms_codes_ticket_idx').on(table.ticketHash),
    index('sms_codes_created_idx').on(table.createdAt),
  ],
);

/** QR sign-in tickets, shared by every instance (the phone and the PC may reach different ones). */
export const qrTickets = pgTable(
  'qr_tickets',
  {
    /** Public id carried in the QR code. */
    id: text('id').primaryKey(),
    /** Digest of the secret only the requesting browser holds; needed to collect the token. */
    secretHash: text('secret_hash').notNull(),
    appId: text('app_id').notNull(),
    /** waiting, scanned, confirmed, refused, collected. Expiry is by time. */
    status: text('status').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    requesterIp: text('requester_ip'),
    requesterAgent: text('requester_agent'),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    scannedAt: timestamp('scanned_at', { withTimezone: true }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    collectedAt: timestamp('collected_at', { withTimezone: true }),
  },
  (table) => [index('qr_tickets_expires_idx').on(table.expiresAt)],
);

/** What a record says, as the trail and the records waiting to join it both hold it. */
const recordColumns = () => ({
  at: timestamp('at', { withTimezone: true }).notNull(),
  actorId: integer('actor_id'),
  actorName: text('actor_name'),
  session: text('session'),
  ipAddress: text('ip_address'),
  userAgent: text('user_agent'),
  action: text('action').notNull(),
  targetKind: text('target_kind'),
  targetId: text('target_id'),
  targetName: text('target_name'),
  outcome: text('outcome').notNull(),
  reason: text('reason'),
  before: jsonb('before').$type<Record<string, unknown>>(),
  after: jsonb('after').$type<Record<string, unknown>>(),
});

/**
 * The audit trail (issue 13): append-only, each record chained to the one before
 * by a hash the database computes. Written only through the insert trigger of
 * drizzle/0011_audit_trail.sql, which assigns `seq`, `prevHash` and `hash`; an
 * UPDATE, DELETE or TRUNCATE is refused by the database. The actor's fields are
 * copies, so a record outlives the account.
 */
export const auditTrail = pgTable(
  'audit_trail',
  {
    seq: bigint('seq', { mode: 'number' }).notNull().default(0),
    ...recordColumns(),
    actorUnit: text('actor_unit'),
    prevHash: text('prev_hash').notNull().default(''),
    hash: text('hash').notNull().default(''),
    /** The hash it was chained with (`SHA-256`, `SM3`): set by the trigger (drizzle/0028). */
    algorithm: text('algorithm').notNull().default('SHA-256'),
  },
  (table) => [
    // Partitioned by month of `at` (drizzle/0032): a unique key must hold the partition key,
    // and is an index, not a primary key constraint (pg_restore --clean, see there).
    uniqueIndex('audit_trail_seq_at_idx').on(table.seq, table.at),
    index('audit_trail_at_idx').on(table.at),
    index('audit_trail_action_idx').on(table.action, table.seq),
    index('audit_trail_actor_idx').on(sql`lower(${table.actorName})`, table.seq),
    index('audit_trail_target_idx').on(table.targetKind, table.targetId, table.seq),
    // The screen's filters, each a range read newest first (drizzle/0015).
    index('audit_trail_target_name_idx').on(sql`lower(${table.targetName})`, table.seq),
    index('audit_trail_target_id_idx').on(table.targetId, table.seq),
    index('audit_trail_target_kind_idx').on(table.targetKind, table.seq),
    index('audit_trail_outcome_idx').on(table.outcome, table.seq),
    index('audit_trail_action_outcome_idx').on(table.action, table.outcome, table.seq),
  ],
);

/**
 * A change's record, committed with the change, waiting to be chained (drizzle/0034):
 * the chainer (modules/audit/audit-chainer.ts) moves it into the trail after the commit,
 * many a statement, so that no write transaction holds the chain's head over its commit.
 * Never updated; a row leaves only into the chain: a DELETE's trigger chains what it
 * deleted (drizzle/0035; docs/audit.md, "Chained after the commit").
 * The actor's unit is read by the move.
 */
export const auditTrailPending = pgTable('audit_trail_pending', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  ...recordColumns(),
});

/**
 * Where the last verification that saved its progress got to (drizzle/0032): every
 * record from `fromSeq` to `seq` was whole then; `npm run audit -- verify --resume`
 * starts after it.
 */
export const auditVerifyCheckpoint = pgTable('audit_verify_checkpoint', {
  id: boolean('id').primaryKey().default(true),
  fromSeq: bigint('from_seq', { mode: 'number' }).notNull(),
  seq: bigint('seq', { mode: 'number' }).notNull(),
  hash: text('hash').notNull(),
  verifiedAt: timestamp('verified_at', { withTimezone: true }).notNull(),
});

/** The chain's last record: locked by each insert so records chain in turn. */
export const auditChainHead = pgTable('audit_chain_head', {
  id: boolean('id').primaryKey().default(true),
  seq: bigint('seq', { mode: 'number' }).notNull(),
  hash: text('hash').notNull(),
  /** What new records are hashed with; changed only by an `audit.algorithm` record. */
  algorithm: text('algorithm').notNull().default('SHA-256'),
});

/** The archive files written by the retention command; the table's chain resumes after each. */
export const auditArchives = pgTable('audit_archives', {
  seqFrom: bigint('seq_from', { mode: 'number' }).notNull(),
  seqTo: bigint('seq_to', { mode: 'number' }).primaryKey(),
  lastHash: text('last_hash').notNull(),
  fileName: text('file_name').notNull(),
  fileHash: text('file_hash').notNull(),
  archivedAt: timestamp('archived_at', { withTimezone: true }).notNull(),
});

/**
 * The digests' hashes of a user's earlier passwords, newest first by `createdAt`,
 * so that a change may refuse one of the last few (setting `password.historyCount`).
 * Only as many as the setting's maximum are kept.
 */
export const passwordHistory = pgTable(
  'password_history',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    passwordHash: text('password_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('password_history_user_idx').on(table.userId, table.createdAt)],
);
