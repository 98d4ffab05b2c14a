import {
  ErrorCode,
  RECOVERY_CODE_COUNT,
  RECOVERY_CODE_PATTERN,
  SECOND_FACTOR_ENROLMENT_SECONDS,
  SECOND_FACTOR_MAX_ATTEMPTS,
  SECOND_FACTOR_TICKET_SECONDS,
  type RecoveryCodes,
  type SecondFactorEnrolment,
  type SecondFactorStatus,
  TOTP_DIGITS,
  TOTP_PERIOD_SECONDS,
  TOTP_WINDOW,
} from '@cityops/contract';
import { randomInt } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';
import { AppError, notFound } from '../../lib/app-error.js';
import type { Clock } from '../../lib/clock.js';
import { newAccessToken, tokenDigest } from '../../lib/tokens.js';
import type { Repositories, WithTransaction } from '../../repositories.js';
import { auditSourceOf } from '../audit/audit-writer.js';
import type { AuditRecorder, RequestMeta } from '../audit/audit-writer.js';
import type { CommandRunner } from '../access/command.js';
import type { AuthContext } from '../../lib/auth-context.js';
import type { LoginGuardService } from '../auth/login-guard.service.js';
import type { KeyedHashService } from '../secrets/keyed-hash.service.js';
import type { SecretBoxService } from '../secrets/secret-box.service.js';
import type { SecondFactorRow } from './second-factor.repository.js';

/** What a sealed TOTP key belongs to: moved to another account, it does not open. */
const sealContext = (userId: number) => `user_second_factors:${userId}`;

/** Letters and digits that cannot be mistaken for one another when read out. */
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

const invalid = () => new AppError(ErrorCode.SECOND_FACTOR_INVALID);

/** The account's count of wrong codes and its lock (made with the password step's, in the auth module). */
export type SecondFactorGuard = Pick<
  LoginGuardService,
  'reserveCode' | 'codeFailed' | 'codeSucceeded'
>;

export interface SecondFactorServiceOptions {
  repositories: Pick<Repositories, 'secondFactors' | 'users'>;
  withTransaction: WithTransaction;
  recoveryHash: KeyedHashService;
  /** Seals the TOTP keys in the database (docs/audit.md, "Secrets at rest"). */
  secretBox: SecretBoxService;
  audit: AuditRecorder;
  commands: CommandRunner;
  clock: Clock;
  /** The name authenticator apps show next to the account. */
  issuer: () => Promise<string>;
  /** A required factor must be set up before anything else (config `secondFactorEnforced`). */
  enforced: boolean;
}

/**
 * The second sign-in factor (issue 13): enrolment by QR code in the personal
 * area, single-use recovery codes, the ticket that joins a passed first step
 * (password or QR) to its code, and the security administrator's reset. The
 * codes are RFC 6238 TOTP, checked by the `otpauth` library.
 */
export class SecondFactorService {
  constructor(private readonly options: SecondFactorServiceOptions) {}

  private get factors() {
    return this.options.repositories.secondFactors;
  }

  async status(userId: number): Promise<SecondFactorStatus> {
    const row = await this.factors.find(userId);
    const enrolled = Boolean(row?.confirmedAt);
    return {
      enrolled,
      required: await this.factors.required(userId),
      recoveryCodesLeft: enrolled ? await this.factors.recoveryCodesLeft(userId) : 0,
      enrolledAt: row?.confirmedAt?.toISOString() ?? null,
      enforced: this.options.enforced,
    };
  }

  /** A new secret for the authenticator app, as a QR code and as text; waits for its first code. */
  async startEnrolment(auth: AuthContext): Promise<SecondFactorEnrolment> {
    const secret = new Secret({ size: 20 }).base32;
    const sealed = await this.options.secretBox.seal(secret, sealContext(auth.userId));
    if (!(await this.factors.startEnrolment(auth.userId, sealed, this.options.clock.now()))) {
      throw new AppError(ErrorCode.CONFLICT, { messageKey: 'secondFactor.alreadyEnrolled' });
    }
    const otpauthUrl = this.totp(secret, auth.username, await this.options.issuer()).toString();
    return {
      qrCode: await QRCode.toDataURL(otpauthUrl, { margin: 1, width: 220 }),
      secret,
      otpauthUrl,
    };
  }

  /** The first code from the app confirms the enrolment; the recovery codes are shown once. */
  async confirmEnrolment(auth: AuthContext, code: string): Promise<RecoveryCodes> {
    const now = this.options.clock.now();
    const row = await this.factors.find(auth.userId);
    if (
      !row ||
      row.confirmedAt ||
      now.getTime() - row.createdAt.getTime() > SECOND_FACTOR_ENROLMENT_SECONDS * 1000
    ) {
      throw new AppError(ErrorCode.CONFLICT, { messageKey: 'secondFactor.noEnrolment' });
    }
    const step = this.stepOf(await this.secretOf(row), auth.username, code, now);
    if (step === null) throw invalid();
    const recoveryCodes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
    const hashes = await Promise.all(
      recoveryCodes.map((c) => this.options.recoveryHash.stored(recoveryText(auth.userId, c))),
    );
    await this.options.withTransaction(async ({ secondFactors, audit }) => {
      if (!(await secondFactors.confirm(auth.userId, step, now))) {
        throw new AppError(ErrorCode.CONFLICT, { messageKey: 'secondFactor.noEnrolment' });
      }
      await secondFactors.replaceRecoveryCodes(auth.userId, hashes);
      await audit.append(now, auditSourceOf(auth), {
        action: 'factor.enrol',
        outcome: 'success',
        target: { kind: 'user', id: auth.userId, name: auth.username },
        after: { enrolled: true, recoveryCodes: RECOVERY_CODE_COUNT },
      });
    });
    return { recoveryCodes };
  }

  /** Removes one's own factor with a current code; not while a role asks for one. */
  async remove(auth: AuthContext, code: string): Promise<void> {
    if (await this.factors.required(auth.userId)) {
      throw new AppError(ErrorCode.FORBIDDEN, { messageKey: 'secondFactor.required' });
    }
    const row = await this.factors.find(auth.userId);
    if (!row?.confirmedAt) {
      throw new AppError(ErrorCode.CONFLICT, { messageKey: 'secondFactor.notEnrolled' });
    }
    if (!(await this.checkCode(auth.userId, auth.username, await this.secretOf(row), code))) {
      throw invalid();
    }
    const now = this.options.clock.now();
    await this.options.withTransaction(async ({ secondFactors, audit }) => {
      await secondFactors.remove(auth.userId);
      await audit.append(now, auditSourceOf(auth), {
        action: 'factor.remove',
        outcome: 'success',
        target: { kind: 'user', id: auth.userId, name: auth.username },
        before: { enrolled: true },
        after: { enrolled: false },
      });
    });
  }

  /** The security administrator removes a lost factor; the user enrols again at their next sign-in. */
  async reset(auth: AuthContext, userId: number): Promise<void> {
    const user = await this.holder(userId);
    await this.options.commands.run(auth, async ({ secondFactors }) => {
      if (!(await secondFactors.remove(userId))) {
        throw new AppError(ErrorCode.CONFLICT, { messageKey: 'secondFactor.notEnrolled' });
      }
      return {
        target: { kind: 'user', id: userId, name: user.username },
        before: { enrolled: true },
        after: { enrolled: false },
        value: userId,
      };
    });
  }

  /** The account whose factor is reset, as the policy weighs it (second-factor.routes.ts). */
  async holder(userId: number) {
    const user = await this.options.repositories.users.findById(userId);
    if (!user) throw notFound();
    return user;
  }

  /**
   * After a first step passed: a ticket for the code when the user has a
   * confirmed factor, or null when none is set up (sign-in goes on as before).
   */
  async challenge(userId: number, scope: string): Promise<string | null> {
    const row = await this.factors.find(userId);
    if (!row?.confirmedAt) return null;
    const ticket = newAccessToken();
    const now = this.options.clock.now();
    await this.factors.insertTicket({
      ticketHash: tokenDigest(ticket),
      userId,
      scope,
      createdAt: now,
      expiresAt: new Date(now.getTime() + SECOND_FACTOR_TICKET_SECONDS * 1000),
    });
    return ticket;
  }

  /**
   * The second step: the attempt is counted on the ticket (five per ticket)
   * and on the account (`guard`: across its tickets, the password policy's
   * lock) before the code is checked, the code or recovery code is used once,
   * and the ticket once. Every failure answers the same; so does a locked
   * account, whatever the code.
   */
  async redeem(
    ticket: string,
    code: string,
    meta: RequestMeta,
    guard: SecondFactorGuard,
  ): Promise<{ userId: number; scope: string }> {
    const now = this.options.clock.now();
    const ticketHash = tokenDigest(ticket);
    const held = await this.factors.takeAttempt(ticketHash, now, SECOND_FACTOR_MAX_ATTEMPTS);
    if (!held) {
      await this.options.audit.record(
        { action: 'auth.second-factor', outcome: 'refused', reason: 'ticket' },
        meta,
      );
      throw invalid();
    }
    const user = await this.options.repositories.users.findById(held.userId);
    const account = user ? { userId: user.id, username: user.username } : null;
    // Throws the lock's answer before the code is looked at.
    const failures = account ? await guard.reserveCode(account, meta) : 0;
    const row = await this.factors.find(held.userId);
    const subject = { userId: held.userId, username: user?.username ?? null };
    const recovery = RECOVERY_CODE_PATTERN.test(code) && !/^\d+$/.test(code);
    const passed =
      user !== null &&
      row?.confirmedAt != null &&
      (await this.checkCode(held.userId, user.username, await this.secretOf(row), code)) &&
      (await this.factors.useTicket(ticketHash, now));
    await this.options.audit.record(
      passed
        ? {
            action: 'auth.second-factor',
            outcome: 'success',
            reason: recovery ? 'recovery-code' : 'totp',
          }
        : { action: 'auth.second-factor', outcome: 'failure', reason: 'code' },
      meta,
      subject,
      passed || !account ? {} : { failures },
    );
    if (!passed || !account) {
      if (account) await guard.codeFailed(account, failures, meta);
      throw invalid();
    }
    await guard.codeSucceeded(account);
    return held;
  }

  /** The factor's TOTP key, opened from its sealed form. */
  private secretOf(row: SecondFactorRow): Promise<string> {
    return this.options.secretBox.open(row.secret, sealContext(row.userId));
  }

  /** A TOTP code (each time step once) or an unused recovery code. */
  private async checkCode(
    userId: number,
    username: string,
    secret: string,
    code: string,
  ): Promise<boolean> {
    if (/^\d{6}$/.test(code)) {
      const step = this.stepOf(secret, username, code, this.options.clock.now());
      return step !== null && (await this.factors.useStep(userId, step));
    }
    if (!RECOVERY_CODE_PATTERN.test(code)) return false;
    // A code given before the profile changed is stored under the other hash.
    return this.factors.useRecoveryCode(
      userId,
      await this.options.recoveryHash.storedForms(recoveryText(userId, code)),
      this.options.clock.now(),
    );
  }

  /** The time step a code belongs to, within the allowed drift; null when it fits none. */
  private stepOf(secret: string, username: string, code: string, now: Date): number | null {
    const delta = this.totp(secret, username, '').validate({
      token: code,
      timestamp: now.getTime(),
      window: TOTP_WINDOW,
    });
    if (delta === null) return null;
    return Math.floor(now.getTime() / 1000 / TOTP_PERIOD_SECONDS) + delta;
  }

  private totp(secret: string, username: string, issuer: string): TOTP {
    return new TOTP({
      issuer,
      label: username,
      algorithm: 'SHA1',
      digits: TOTP_DIGITS,
      period: TOTP_PERIOD_SECONDS,
      secret: Secret.fromBase32(secret),
    });
  }
}

/** What a recovery code's keyed digest is taken over: the account and the code as typed. */
function recoveryText(userId: number, code: string): string {
  return `${userId}:${code.replace('-', '').toLowerCase()}`;
}

function newRecoveryCode(): string {
  const pick = () =>
    Array.from({ length: 5 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]).join(
      '',
    );
  return `${pick()}-${pick()}`;
}
