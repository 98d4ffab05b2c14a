import { ErrorCode } from '@cityops/contract';
import { addressKey } from '../../lib/address-key.js';
import { AppError } from '../../lib/app-error.js';
import type { Clock } from '../../lib/clock.js';
import { SecurityEvent, type AuditRecorder, type RequestMeta } from '../audit/audit-writer.js';
import type { CaptchaService } from './captcha.service.js';
import type {
  AttemptScope,
  AttemptState,
  LoginAttemptRepository,
} from './login-attempt.repository.js';
import type { SecuritySettings } from './security-settings.js';

const MINUTE_MS = 60_000;

export interface LoginAttempt {
  /** The account name as given, trimmed. */
  username: string;
  captchaId?: string | undefined;
  captchaCode?: string | undefined;
  meta: RequestMeta;
}

/** The counts an attempt took before its password was checked. */
export interface Reservation {
  accountFailures: number;
  addressFailures: number;
}

export interface LoginGuardServiceOptions {
  attempts: LoginAttemptRepository;
  captchas: CaptchaService;
  settings: SecuritySettings;
  audit: AuditRecorder;
  clock: Clock;
}

/**
 * Failed sign-ins per account name and per address: a captcha after a few, a
 * temporary lock after more. Every attempt reserves its place in both counts
 * with one conditional statement before the password is decrypted or checked,
 * so a locked account or address is refused whatever the password, and
 * simultaneous attempts (on any instance) cannot pass the limits. A success
 * gives its places back. Counting by account name, existing or not, keeps
 * unknown and known accounts indistinguishable.
 */
export class LoginGuardService {
  constructor(private readonly options: LoginGuardServiceOptions) {}

  private subjects(attempt: LoginAttempt): Record<AttemptScope, string> {
    return {
      account: attempt.username.toLowerCase(),
      address: addressKey(attempt.meta.ipAddress),
    };
  }

  private async windowStart(now: Date): Promise<Date> {
    const minutes = await this.options.settings.number('login.failureWindowMinutes');
    return new Date(now.getTime() - minutes * MINUTE_MS);
  }

  private liveFailures(state: AttemptState | null, windowStart: Date): number {
    return state && state.windowStartedAt >= windowStart ? state.failures : 0;
  }

  private async captchaNeeded(accountFailures: number, addressFailures: number) {
    return (
      accountFailures >= (await this.options.settings.number('login.captchaAfterFailures')) ||
      addressFailures >= (await this.options.settings.number('login.addressCaptchaAfterFailures'))
    );
  }

  /** The minutes a lock has left; a full lock's when none runs yet (the count is at the limit). */
  private async minutesLeft(lockedUntil: Date | null): Promise<number> {
    const now = this.options.clock.now();
    if (lockedUntil && lockedUntil > now) {
      return Math.max(1, Math.ceil((lockedUntil.getTime() - now.getTime()) / MINUTE_MS));
    }
    return this.options.settings.number('login.lockMinutes');
  }

  private async lockedAnswer(
    scope: AttemptScope,
    attempt: LoginAttempt,
    lockedUntil: Date | null,
  ): Promise<AppError> {
    const minutes = await this.minutesLeft(lockedUntil);
    await this.options.audit.record(
      SecurityEvent.loginRefusedLocked,
      attempt.meta,
      { username: attempt.username },
      { scope },
    );
    if (scope === 'address') {
      return new AppError(ErrorCode.RATE_LIMITED, {
        messageKey: 'login.addressLocked',
        values: { minutes },
        data: { minutes, captchaRequired: true },
        retryAfterSeconds: minutes * 60,
      });
    }
    return new AppError(ErrorCode.ACCOUNT_LOCKED, { data: { minutes, captchaRequired: true } });
  }

  /**
   * Before the password is decrypted and checked: refuses a locked account or
   * address, asks for or checks the captcha when one is due, and reserves the
   * attempt's place in both counts (see the class comment). Throws the answer
   * when the attempt may not go on.
   */
  async reserve(attempt: LoginAttempt): Promise<Reservation> {
    const now = this.options.clock.now();
    const windowStart = await this.windowStart(now);
    const subjects = this.subjects(attempt);
    const [account, address] = await Promise.all([
      this.options.attempts.find('account', subjects.account),
      this.options.attempts.find('address', subjects.address),
    ]);
    if (address?.lockedUntil && address.lockedUntil > now) {
      throw await this.lockedAnswer('address', attempt, address.lockedUntil);
    }
    if (account?.lockedUntil && account.lockedUntil > now) {
      throw await this.lockedAnswer('account', attempt, account.lockedUntil);
    }

    const captchaDue = await this.captchaNeeded(
      this.liveFailures(account, windowStart),
      this.liveFailures(address, windowStart),
    );
    const captchaGiven = Boolean(attempt.captchaId && attempt.captchaCode);
    if (captchaDue && !captchaGiven) throw captchaRequired();
    // A captcha sent when none was due is checked too: when it is right, the attempt may use the higher limits.
    const captchaSolved =
      captchaGiven &&
      (await this.options.captchas.verify(attempt.captchaId!, attempt.captchaCode!));
    if (captchaDue && !captchaSolved) {
      const state = await this.options.attempts.addFailure(
        'address',
        subjects.address,
        now,
        windowStart,
      );
      await this.options.audit.record(SecurityEvent.captchaFailure, attempt.meta, {
        username: attempt.username,
      });
      await this.lockIfDue('address', attempt, state.failures);
      throw new AppError(ErrorCode.CAPTCHA_INVALID, { data: { captchaRequired: true } });
    }

    const addressFailures = await this.options.attempts.reserve(
      'address',
      subjects.address,
      await this.options.settings.number(
        captchaSolved ? 'login.addressLockAfterFailures' : 'login.addressCaptchaAfterFailures',
      ),
      now,
      windowStart,
    );
    if (addressFailures === null) throw await this.refused('address', attempt, captchaSolved);
    const accountFailures = await this.options.attempts.reserve(
      'account',
      subjects.account,
      await this.options.settings.number(
        captchaSolved ? 'login.lockAfterFailures' : 'login.captchaAfterFailures',
      ),
      now,
      windowStart,
    );
    if (accountFailures === null) {
      await this.options.attempts.release('address', subjects.address);
      throw await this.refused('account', attempt, captchaSolved);
    }
    return { accountFailures, addressFailures };
  }

  /**
   * A reservation was refused: the subject is locked, or its count is at the
   * limit (other attempts took the last places). Past the captcha limit that
   * means a captcha; past the lock limit, the lock (which those attempts set).
   */
  private async refused(
    scope: AttemptScope,
    attempt: LoginAttempt,
    captchaSolved: boolean,
  ): Promise<AppError> {
    const state = await this.options.attempts.find(scope, this.subjects(attempt)[scope]);
    const locked = state?.lockedUntil != null && state.lockedUntil > this.options.clock.now();
    if (locked || captchaSolved)
      return this.lockedAnswer(scope, attempt, state?.lockedUntil ?? null);
    return captchaRequired();
  }

  private async lockIfDue(scope: AttemptScope, attempt: LoginAttempt, failures: number) {
    const lockAfter = await this.options.settings.number(
      scope === 'account' ? 'login.lockAfterFailures' : 'login.addressLockAfterFailures',
    );
    if (failures < lockAfter) return;
    const now = this.options.clock.now();
    const minutes = await this.options.settings.number('login.lockMinutes');
    const restartAt = await this.options.settings.number(
      scope === 'account' ? 'login.captchaAfterFailures' : 'login.addressCaptchaAfterFailures',
    );
    const locked = await this.options.attempts.lock(
      scope,
      this.subjects(attempt)[scope],
      new Date(now.getTime() + minutes * MINUTE_MS),
      now,
      restartAt,
    );
    if (locked) {
      await this.options.audit.record(
        SecurityEvent.loginLocked,
        attempt.meta,
        { username: attempt.username },
        { scope, minutes, failures },
      );
    }
  }

  /** A wrong password (or unknown account): its reservation stays a failure, maybe a lock; the answer says whether a captcha is due next. */
  async failed(
    attempt: LoginAttempt,
    reservation: Reservation,
    userId: number | null,
  ): Promise<never> {
    const { accountFailures, addressFailures } = reservation;
    await this.options.audit.record(
      SecurityEvent.loginFailure,
      attempt.meta,
      { userId, username: attempt.username },
      { failures: accountFailures },
    );
    await this.lockIfDue('account', attempt, accountFailures);
    await this.lockIfDue('address', attempt, addressFailures);
    // The tries left before the account's lock, and its length, so the form can warn
    // (issue 24). Unknown login names count the same way, so this tells nothing of them.
    const lockAfter = await this.options.settings.number('login.lockAfterFailures');
    throw new AppError(ErrorCode.BAD_CREDENTIALS, {
      data: {
        captchaRequired: await this.captchaNeeded(accountFailures, addressFailures),
        attemptsLeft: Math.max(0, lockAfter - accountFailures),
        lockMinutes: await this.options.settings.number('login.lockMinutes'),
      },
    });
  }

  /**
   * A correct password: the account's count starts again; the address gets its
   * place back. The account's wrong second-factor codes stay counted: a known
   * password must not buy more guesses at the code.
   */
  async succeeded(attempt: LoginAttempt): Promise<void> {
    const subjects = this.subjects(attempt);
    await this.options.attempts.clearPasswordFailures(subjects.account);
    await this.options.attempts.release('address', subjects.address);
  }

  /**
   * Before a second-factor code is checked: reserves it in the account's count
   * of wrong codes, across all its tickets and addresses, with one conditional
   * statement (LoginAttemptRepository.reserveFactor), under the password
   * policy's lock threshold and window. A locked account (by codes or by
   * passwords), or one whose count is at the threshold, is refused with the
   * lock's answer whatever the code. Gives the count with this code.
   */
  async reserveCode(account: CodeAccount, meta: RequestMeta): Promise<number> {
    const now = this.options.clock.now();
    const subject = account.username.toLowerCase();
    const failures = await this.options.attempts.reserveFactor(
      subject,
      await this.options.settings.number('login.lockAfterFailures'),
      now,
      await this.windowStart(now),
    );
    if (failures !== null) return failures;
    const state = await this.options.attempts.find('account', subject);
    const minutes = await this.minutesLeft(state?.lockedUntil ?? null);
    await this.options.audit.record(SecurityEvent.secondFactorRefusedLocked, meta, account);
    throw new AppError(ErrorCode.ACCOUNT_LOCKED, { data: { minutes } });
  }

  /** A wrong code keeps its place in the count; at the threshold the account is locked, as for passwords. */
  async codeFailed(account: CodeAccount, failures: number, meta: RequestMeta): Promise<void> {
    const lockAfter = await this.options.settings.number('login.lockAfterFailures');
    if (failures < lockAfter) return;
    const now = this.options.clock.now();
    const minutes = await this.options.settings.number('login.lockMinutes');
    const locked = await this.options.attempts.lockForFactor(
      account.username.toLowerCase(),
      new Date(now.getTime() + minutes * MINUTE_MS),
      now,
    );
    if (locked) {
      await this.options.audit.record(SecurityEvent.secondFactorLocked, meta, account, {
        scope: 'account',
        minutes,
        failures,
      });
    }
  }

  /** A correct code: the account's count of wrong codes starts again. */
  async codeSucceeded(account: CodeAccount): Promise<void> {
    await this.options.attempts.clearFactor(account.username.toLowerCase());
  }
}

/** The account a second-factor ticket belongs to. */
export interface CodeAccount {
  userId: number;
  username: string;
}

function captchaRequired(): AppError {
  return new AppError(ErrorCode.CAPTCHA_REQUIRED, { data: { captchaRequired: true } });
}
