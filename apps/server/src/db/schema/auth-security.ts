import { sql } from 'drizzle-orm';
import {
  bigint,
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
 * Failed sign-ins counted per account name and per client address within a
 * window; `lockedUntil` is set on accounts past the lock threshold. Counters
 * live in the database so every instance sees the same numbers.
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
    /** The client address (or number) the limit counts. */
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
    mobile: text('mobile').notNull(),
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
    index('sms_codes_mobile_idx').on(table.mobile, table.purpose, table.createdAt),
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

/** Security events: sign-ins, failures, locks, password changes, SMS and QR events. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    event: text('event').notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The account name as given (also for unknown accounts). */
    username: text('username'),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    detail: jsonb('detail')
      .$type<Record<string, unknown>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
  },
  (table) => [
    index('audit_log_at_idx').on(table.at),
    index('audit_log_event_idx').on(table.event, table.at),
    index('audit_log_user_idx').on(table.userId, table.at),
  ],
);
