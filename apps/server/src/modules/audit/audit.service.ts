import type { Clock } from '../../lib/clock.js';
import type { AuditEntry, AuditRepository } from './audit.repository.js';

/** The security events written to the audit table. */
export const AuditEvent = {
  loginSuccess: 'login.success',
  loginFailure: 'login.failure',
  loginLocked: 'login.locked',
  loginRefusedLocked: 'login.refused_locked',
  captchaFailure: 'login.captcha_failure',
  logout: 'logout',
  passwordChanged: 'password.changed',
  passwordChangeFailure: 'password.change_failure',
  passwordReset: 'password.reset',
  smsCodeRequested: 'sms.requested',
  smsCodeRefused: 'sms.refused',
  smsCodeFailure: 'sms.code_failure',
  qrConfirmed: 'qr.confirmed',
  qrRefused: 'qr.refused',
  qrLogin: 'qr.login',
} as const;
export type AuditEvent = (typeof AuditEvent)[keyof typeof AuditEvent];

/** Who and where an event came from. */
export interface RequestMeta {
  userAgent: string | null;
  ipAddress: string | null;
}

export interface AuditServiceOptions {
  audit: AuditRepository;
  clock: Clock;
}

export class AuditService {
  constructor(private readonly options: AuditServiceOptions) {}

  async record(
    event: AuditEvent,
    meta: RequestMeta,
    subject: { userId?: number | null; username?: string | null } = {},
    detail: Record<string, unknown> = {},
  ): Promise<void> {
    await this.options.audit.insert({
      at: this.options.clock.now(),
      event,
      userId: subject.userId ?? null,
      username: subject.username?.slice(0, 64) ?? null,
      ipAddress: meta.ipAddress,
      userAgent: meta.userAgent?.slice(0, 512) ?? null,
      detail,
    });
  }

  latest(limit = 50, event?: AuditEvent): Promise<(AuditEntry & { id: number })[]> {
    return this.options.audit.latest(limit, event);
  }
}
