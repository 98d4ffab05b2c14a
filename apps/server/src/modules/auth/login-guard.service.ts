import { ErrorCode } from '@cityops/contract';
import { AppError } from '../../lib/app-error.js';
import type { Clock } from '../../lib/clock.js';
import { AuditEvent, type AuditService, type RequestMeta } from '../audit/audit.service.js';
import type { CaptchaService } from './captcha.service.js';
import type { AttemptState, LoginAttemptRepository } from './login-attempt.repository.js';
import type { SecuritySettings } from './security-settings.js';

const MINUTE_MS = 60_000;

export interface LoginAttempt {
  /** The account name as given, trimmed. */
  username: string;
  captchaId?: string | undefined;
  captchaCode?: string | undefined;
  meta: RequestMeta;
}

/**
 * Failed sign-ins per account name and per address: a captcha after a few, a
 * temporary lock of the account after more. Counting by account name, existing
 * or not, keeps unknown and known accounts indistinguishable.
 */
export class LoginGuardService {
  constructor(
    private readonly attempts: LoginAttemptRepository,
    private readonly captchas: CaptchaService,
    private readonly settings: SecuritySettings,
    private readonly audit: AuditService,
    private readonly clock: Clock,
  ) {}

  private async liveFailures(state: AttemptState | null): Promise<number> {
    if (!state) return 0;
    const window = (await this.settings.number('login.failureWindowMinutes')) * MINUTE_MS;
    return state.windowStartedAt.getTime() + window > this.clock.now().getTime()
      ? state.failures
      : 0;
  }

  private async captchaNeeded(accountFailures: number, addressFailures: number) {
    return (
      accountFailures >= (await this.settings.number('login.captchaAfterFailures')) ||
      addressFailures >= (await this.settings.number('login.addressCaptchaAfterFailures'))
    );
  }

  /** Before the password is checked: asks for and checks the captcha when one is due. */
  async before(attempt: LoginAttempt): Promise<void> {
    const account = attempt.username.toLowerCase();
    const address = attempt.meta.ipAddress ?? 'unknown';
    const accountFailures = await this.liveFailures(await this.attempts.find('account', account));
    const addressFailures = await this.liveFailures(await this.attempts.find('address', address));
    if (!(await this.captchaNeeded(accountFailures, addressFailures))) return;
    if (!attempt.captchaId || !attempt.captchaCode) {
      throw new AppError(ErrorCode.CAPTCHA_REQUIRED, { data: { captchaRequired: true } });
    }
    if (!(await this.captchas.verify(attempt.captchaId, attempt.captchaCode))) {
      await this.countFailure(attempt, 'captcha');
      await this.audit.record(AuditEvent.captchaFailure, attempt.meta, {
        username: attempt.username,
      });
      throw new AppError(ErrorCode.CAPTCHA_INVALID, { data: { captchaRequired: true } });
    }
  }

  /** A wrong password (or unknown account): counted, maybe locked; the answer says whether a captcha is due next. */
  async failed(attempt: LoginAttempt, userId: number | null): Promise<never> {
    const { accountFailures, addressFailures } = await this.countFailure(attempt, 'password');
    await this.audit.record(
      AuditEvent.loginFailure,
      attempt.meta,
      { userId, username: attempt.username },
      { failures: accountFailures },
    );
    throw new AppError(ErrorCode.BAD_CREDENTIALS, {
      data: { captchaRequired: await this.captchaNeeded(accountFailures, addressFailures) },
    });
  }

  private async countFailure(attempt: LoginAttempt, reason: 'password' | 'captcha') {
    const now = this.clock.now();
    const window = (await this.settings.number('login.failureWindowMinutes')) * MINUTE_MS;
    const windowStart = new Date(now.getTime() - window);
    const account = attempt.username.toLowerCase();
    const address = attempt.meta.ipAddress ?? 'unknown';
    const addressState = await this.attempts.addFailure('address', address, now, windowStart);
    if (reason === 'captcha') {
      return { accountFailures: 0, addressFailures: addressState.failures };
    }
    const accountState = await this.attempts.addFailure('account', account, now, windowStart);
    const lockAfter = await this.settings.number('login.lockAfterFailures');
    const lockedNow = accountState.lockedUntil !== null && accountState.lockedUntil > now;
    if (accountState.failures >= lockAfter && !lockedNow) {
      const minutes = await this.settings.number('login.lockMinutes');
      const captchaAfter = await this.settings.number('login.captchaAfterFailures');
      await this.attempts.lock(
        'account',
        account,
        new Date(now.getTime() + minutes * MINUTE_MS),
        now,
        captchaAfter,
      );
      await this.audit.record(
        AuditEvent.loginLocked,
        attempt.meta,
        { username: attempt.username },
        { minutes, failures: accountState.failures },
      );
    }
    return { accountFailures: accountState.failures, addressFailures: addressState.failures };
  }

  /**
   * After a correct password: a locked account is told so now (and only now);
   * otherwise its failure count starts again.
   */
  async succeeded(attempt: LoginAttempt, userId: number): Promise<void> {
    const account = attempt.username.toLowerCase();
    const state = await this.attempts.find('account', account);
    const now = this.clock.now();
    if (state?.lockedUntil && state.lockedUntil > now) {
      await this.audit.record(AuditEvent.loginRefusedLocked, attempt.meta, {
        userId,
        username: attempt.username,
      });
      const minutes = Math.max(
        1,
        Math.ceil((state.lockedUntil.getTime() - now.getTime()) / MINUTE_MS),
      );
      throw new AppError(ErrorCode.ACCOUNT_LOCKED, { data: { minutes } });
    }
    await this.attempts.clear('account', account);
  }
}
