/**
 * The audit trail (issue 13), as plain code for the server and the web app's
 * screens: what an action is called, how a record ends, how long records stay.
 * docs/audit.md says what is recorded where and how the chain is verified.
 */

import {
  type FeatureAuditAction,
  type FeatureAuditField,
  type FeatureAuditTarget,
  featureKeys,
} from './features/index.js';

/**
 * Every action the trail records: those of the feature manifests (`features/`), each
 * named there in both languages.
 */
export const AUDIT_ACTIONS: readonly FeatureAuditAction[] =
  /* @__PURE__ */ featureKeys<FeatureAuditAction>('auditActions');
export type AuditAction = (typeof AUDIT_ACTIONS)[number];
/** Every field of a record's before and after the manifests declare (`auditFieldOf`, audit-fields.ts). */
export type AuditField = FeatureAuditField;

/** How the recorded attempt ended: done, tried and failed, or not allowed. */
export const AUDIT_OUTCOMES = ['success', 'failure', 'refused'] as const;
export type AuditOutcome = (typeof AUDIT_OUTCOMES)[number];

/** What a record's target is: the kinds the feature manifests declare (`auditTargets`). */
export const AUDIT_TARGET_KINDS = /* @__PURE__ */ featureKeys<FeatureAuditTarget>(
  'auditTargets',
) as readonly [FeatureAuditTarget, ...FeatureAuditTarget[]];
export type AuditTargetKind = (typeof AUDIT_TARGET_KINDS)[number];

/** Records younger than this are never archived (Cybersecurity Law art. 21: six months). */
export const AUDIT_MIN_RETENTION_DAYS = 180;

/** One page of the audit screen, and the most a page may hold. */
export const AUDIT_PAGE_SIZE = 50;
export const AUDIT_MAX_PAGE_SIZE = 200;
/** The most accounts one page of the 操作人 picker offers. */
export const AUDIT_ACTORS_MAX_PAGE_SIZE = 20;
/** The most records one export writes; the filter narrows a larger set. */
export const AUDIT_EXPORT_MAX_ROWS = 50_000;

/** The text every masked value is replaced by in a record's before and after. */
export const AUDIT_MASK = '******';
