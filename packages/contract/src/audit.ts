import { z } from 'zod';
import {
  AUDIT_ACTIONS,
  AUDIT_ACTORS_MAX_PAGE_SIZE,
  AUDIT_MAX_PAGE_SIZE,
  AUDIT_OUTCOMES,
  AUDIT_PAGE_SIZE,
  AUDIT_TARGET_KINDS,
} from './audit-rules.js';
import { auditSeqSchema } from './validation.js';

/** The audit trail's requests and answers (issue 13). */

const time = z.iso.datetime({ offset: true, error: 'validation.invalid' });
const shortText = z.string().trim().max(64, 'validation.tooLong');

/** The filters of the audit screen and of its export. */
const auditFilterSchema = z.object({
  from: time.optional(),
  to: time.optional(),
  /** A whole login name, case aside. */
  actor: shortText.optional(),
  action: z.enum(AUDIT_ACTIONS, { error: 'validation.invalid' }).optional(),
  targetKind: z.enum(AUDIT_TARGET_KINDS, { error: 'validation.invalid' }).optional(),
  /** A target's whole id or name, case aside. */
  target: shortText.optional(),
  outcome: z.enum(AUDIT_OUTCOMES, { error: 'validation.invalid' }).optional(),
});
export type AuditFilter = z.infer<typeof auditFilterSchema>;

/** Newest first, a page at a time: `before` is the `seq` the previous page ended at. */
export const auditListQuerySchema = auditFilterSchema.extend({
  before: auditSeqSchema.optional(),
  pageSize: z.coerce
    .number({ error: 'validation.invalid' })
    .int('validation.invalid')
    .min(1, 'validation.invalid')
    .max(AUDIT_MAX_PAGE_SIZE, 'validation.invalid')
    .default(AUDIT_PAGE_SIZE),
});
export const auditExportQuerySchema = auditFilterSchema.extend({
  format: z.enum(['xlsx', 'csv'], { error: 'validation.invalid' }).default('xlsx'),
});

const changeSchema = z.record(z.string(), z.unknown()).nullable();

const auditRecordSchema = z.object({
  /** Position in the chain: 1, 2, 3 … with no gap. */
  seq: z.number(),
  at: z.string(),
  actorId: z.number().nullable(),
  actorName: z.string().nullable(),
  /** The actor's name (姓名) as their account has it now; null without an account. */
  actorFullName: z.string().nullable(),
  actorUnit: z.string().nullable(),
  /** The first 16 characters of the session's token digest; null before sign-in. */
  session: z.string().nullable(),
  ipAddress: z.string().nullable(),
  userAgent: z.string().nullable(),
  action: z.string(),
  targetKind: z.string().nullable(),
  targetId: z.string().nullable(),
  targetName: z.string().nullable(),
  outcome: z.enum(AUDIT_OUTCOMES),
  reason: z.string().nullable(),
  before: changeSchema,
  after: changeSchema,
  hash: z.string(),
});
export type AuditRecord = z.infer<typeof auditRecordSchema>;

export const auditPageSchema = z.object({
  list: z.array(auditRecordSchema),
  /** Pass as `before` for the next (older) page; null on the last one. */
  nextBefore: z.number().nullable(),
  /** The city's time zone (setting): the screen shows the times in it. */
  timeZone: z.string(),
});
export type AuditPage = z.infer<typeof auditPageSchema>;

/**
 * The names of the ids a record's before and after carry, in the reader's language:
 * roles by code; units, departments, menu entries, subsystems, users (姓名 and login
 * name), guidance categories and map layers by id (issues 24, 31), as the action's
 * fields declare them (audit-fields.ts). An id no longer found is left out, and shown
 * by its number.
 */
const names = z.record(z.string(), z.string());
const auditNamesSchema = z.object({
  roles: names,
  units: names,
  departments: names,
  entries: names,
  subsystems: names,
  users: names,
  categories: names,
  layers: names,
});
export type AuditNames = z.infer<typeof auditNamesSchema>;

/** One record as its detail shows it: with the names of the ids it carries. */
export const auditRecordDetailSchema = auditRecordSchema.extend({
  names: auditNamesSchema,
  /** The city's time zone (setting): the detail shows the time in it. */
  timeZone: z.string(),
});
export type AuditRecordDetail = z.infer<typeof auditRecordDetailSchema>;

/** The 操作人 picker's search: accounts by the start of their login name or name. */
export const auditActorsQuerySchema = z.object({
  keyword: shortText.optional(),
  page: z.coerce
    .number({ error: 'validation.invalid' })
    .int('validation.invalid')
    .min(1, 'validation.invalid')
    .max(100, 'validation.invalid')
    .default(1),
  pageSize: z.coerce
    .number({ error: 'validation.invalid' })
    .int('validation.invalid')
    .min(1, 'validation.invalid')
    .max(AUDIT_ACTORS_MAX_PAGE_SIZE, 'validation.invalid')
    .default(AUDIT_ACTORS_MAX_PAGE_SIZE),
});
export type AuditActorsQuery = z.infer<typeof auditActorsQuerySchema>;

/** An account as the picker offers it: no mobile number, nothing but who it is. */
const auditActorSchema = z.object({
  id: z.number(),
  username: z.string(),
  name: z.string(),
});
export type AuditActor = z.infer<typeof auditActorSchema>;

export const auditActorPageSchema = z.object({
  list: z.array(auditActorSchema),
  hasMore: z.boolean(),
});
export type AuditActorPage = z.infer<typeof auditActorPageSchema>;

export const auditParamsSchema = z.object({ seq: auditSeqSchema });

/**
 * Why the chain is broken. content: the record was changed; link: its predecessor's hash
 * differs; gap: records are missing; head: the chain's head (kept by the database's
 * insert trigger) does not name this, the last record, with its hash.
 */
const auditProblemSchema = z.enum(['content', 'link', 'gap', 'head']);
export type AuditProblem = z.infer<typeof auditProblemSchema>;

/**
 * The hash the chain is computed with: SHA-256, or SM3 under the 国密 profile
 * (docs/cryptography.md, "The audit chain under SM3"). Each record names its own.
 */
export const AUDIT_HASH_ALGORITHMS = ['SHA-256', 'SM3'] as const;
export type AuditHashAlgorithm = (typeof AUDIT_HASH_ALGORITHMS)[number];

/** What the chain's check found: it holds, or the first record that breaks it. */
export const auditVerificationSchema = z.object({
  holds: z.boolean(),
  /** The hash of the chain's records, so a report says what was verified. */
  algorithm: z.enum(AUDIT_HASH_ALGORITHMS),
  /** How many records were checked (those still in the table). */
  checked: z.number(),
  /** The first record whose content, link or position is wrong; null when it holds. */
  brokenAt: z.number().nullable(),
  problem: auditProblemSchema.nullable(),
  /** The chain's first and last records, and the archives it continues. */
  firstSeq: z.number().nullable(),
  lastSeq: z.number().nullable(),
  archivedThrough: z.number().nullable(),
  /**
   * Changes' records committed but not chained yet when the check began: each waits for
   * the move after its commit, milliseconds; the next check covers them.
   */
  waiting: z.number(),
  verifiedAt: z.string(),
});
export type AuditVerification = z.infer<typeof auditVerificationSchema>;
