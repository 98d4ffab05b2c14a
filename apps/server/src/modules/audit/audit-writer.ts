import type { AuthContext, ClientMeta } from '../../lib/auth-context.js';
import { AUDIT_MASK } from '@cityops/contract';
import type { Clock } from '../../lib/clock.js';
import type { AuditEvent, AuditRepository, AuditSource } from './audit.repository.js';

/** The sign-in and password events of issue 7, as trail actions. */
export const SecurityEvent = {
  loginSuccess: { action: 'auth.login', outcome: 'success' },
  loginFailure: { action: 'auth.login', outcome: 'failure', reason: 'password' },
  loginLocked: { action: 'auth.lockout', outcome: 'refused', reason: 'threshold' },
  loginRefusedLocked: { action: 'auth.login', outcome: 'refused', reason: 'locked' },
  secondFactorLocked: { action: 'auth.lockout', outcome: 'refused', reason: 'second-factor' },
  secondFactorRefusedLocked: { action: 'auth.second-factor', outcome: 'refused', reason: 'locked' },
  captchaFailure: { action: 'auth.login', outcome: 'failure', reason: 'captcha' },
  logout: { action: 'auth.logout', outcome: 'success' },
  /** The server ended a session left idle for the setting's minutes (auth.service.ts). */
  sessionIdle: { action: 'auth.logout', outcome: 'success', reason: 'idle' },
  passwordChanged: { action: 'password.change', outcome: 'success' },
  passwordChangeFailure: { action: 'password.change', outcome: 'failure', reason: 'password' },
  passwordReset: { action: 'password.reset', outcome: 'success' },
  smsCodeRequested: { action: 'auth.sms.request', outcome: 'success' },
  smsCodeRefused: { action: 'auth.sms.request', outcome: 'refused', reason: 'rate' },
  smsCodeFailure: { action: 'auth.sms.login', outcome: 'failure', reason: 'code' },
  qrConfirmed: { action: 'auth.qr.confirm', outcome: 'success' },
  qrRefused: { action: 'auth.qr.confirm', outcome: 'refused', reason: 'declined' },
  qrLogin: { action: 'auth.qr.login', outcome: 'success' },
} as const satisfies Record<string, AuditEvent>;
export type SecurityEvent = (typeof SecurityEvent)[keyof typeof SecurityEvent];

/** Who and where an event came from. */
export type RequestMeta = ClientMeta;

/** A signed-in caller as the trail names them. */
export function auditSourceOf(auth: AuthContext): AuditSource {
  return {
    actorId: auth.userId,
    actorName: auth.username,
    session: auth.tokenHash.slice(0, 16),
    ipAddress: auth.client.ipAddress,
    userAgent: auth.client.userAgent,
  };
}

// Field names that hold secrets; a menu's or role's "code" is an identifier, not one,
// and a subsystem's token lifetime is a number of seconds.
const SECRET_FIELD =
  /password|secret|token(?!lifetime)|hash|captcha|recovery|api[-_]?key|access[-_]?key/i;
const MOBILE_FIELD = /mobile|phone/i;

/**
 * A record's before or after with secrets replaced by the mask and mobile numbers
 * shortened to their first three and last four digits (no personal data in full).
 */
export function masked(values: Record<string, unknown>): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(values)) {
    if (value === undefined) continue;
    if (SECRET_FIELD.test(field)) result[field] = value === null ? null : AUDIT_MASK;
    else if (MOBILE_FIELD.test(field) && typeof value === 'string')
      result[field] = maskMobile(value);
    else result[field] = value;
  }
  return result;
}

export function maskMobile(mobile: string): string {
  return mobile.length > 7 ? `${mobile.slice(0, 3)}****${mobile.slice(-4)}` : AUDIT_MASK;
}

/** Only the fields whose values differ, before and after (a record's difference). */
export function changedFields(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): { before: Record<string, unknown>; after: Record<string, unknown> } {
  const result = { before: {} as Record<string, unknown>, after: {} as Record<string, unknown> };
  for (const field of new Set([...Object.keys(before), ...Object.keys(after)])) {
    if (JSON.stringify(before[field]) !== JSON.stringify(after[field])) {
      result.before[field] = before[field] ?? null;
      result.after[field] = after[field] ?? null;
    }
  }
  return { before: masked(result.before), after: masked(result.after) };
}

export interface AuditRecorderOptions {
  audit: Pick<AuditRepository, 'append'>;
  clock: Clock;
}

/**
 * Writes the trail's events that change nothing (sign-in, refusals, views). A leaf of
 * the audit module: the sign-in code and the policy write through it, and it imports
 * none of them; reading the trail is audit-trail.service.ts. A change made through
 * the console records itself in its own transaction (modules/access/command.ts).
 */
export class AuditRecorder {
  constructor(private readonly options: AuditRecorderOptions) {}

  /** A sign-in, password or one-time-code event (no session yet, or none needed). */
  async record(
    event: Pick<AuditEvent, 'action' | 'outcome' | 'reason'>,
    meta: RequestMeta,
    subject: { userId?: number | null; username?: string | null } = {},
    detail: Record<string, unknown> = {},
  ): Promise<void> {
    const userId = subject.userId ?? null;
    await this.options.audit.append(
      this.options.clock.now(),
      {
        actorId: userId,
        actorName: subject.username ?? null,
        session: null,
        ipAddress: meta.ipAddress,
        userAgent: meta.userAgent,
      },
      {
        ...event,
        target:
          userId === null && !subject.username
            ? null
            : { kind: 'user', id: userId ?? '', name: subject.username ?? null },
        after: Object.keys(detail).length ? masked(detail) : null,
      },
    );
  }

  /** An event of a signed-in caller that changes nothing (a refusal, an export, a verification). */
  async recordBy(auth: AuthContext, event: AuditEvent): Promise<void> {
    await this.options.audit.append(this.options.clock.now(), auditSourceOf(auth), event);
  }

  /**
   * A signed-in caller's view of the trail, the read audited at every request: its own
   * transaction does not wait for the disk (`AuditRepository.append`, issue 33).
   */
  async recordViewBy(auth: AuthContext, event: AuditEvent): Promise<void> {
    await this.options.audit.append(this.options.clock.now(), auditSourceOf(auth), event, {
      durability: 'deferred',
    });
  }
}
