import { randomBytes, randomInt } from 'node:crypto';
import {
  ErrorCode,
  SMS_CODE_LENGTH,
  SMS_CODE_TTL_SECONDS,
  type CheckPhoneResponse,
  type SmsCodeSent,
} from '@cityops/contract';
import type { FastifyBaseLogger } from 'fastify';
import { addressKey } from '../../lib/address-key.js';
import { AppError } from '../../lib/app-error.js';
import type { Clock } from '../../lib/clock.js';
import { tokenDigest } from '../../lib/tokens.js';
import { SecurityEvent, type AuditRecorder, type RequestMeta } from '../audit/audit-writer.js';
import type { RsaKeyService } from '../auth/rsa-key.service.js';
import type { SecuritySettings } from '../auth/security-settings.js';
import type { PasswordRepository } from '../password/password.repository.js';
import type { PasswordService } from '../password/password.service.js';
import type { RequestLimitRepository } from '../limits/request-limit.repository.js';
import type { KeyedHashService } from '../secrets/keyed-hash.service.js';
import { type PersonalDataSeal, normaliseMobile } from '../organization/personal-data-seal.js';
import type { SmsCodeRepository, SmsPurpose } from './sms-code.repository.js';
import type { SmsProvider } from './sms-provider.js';

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

const texts: Record<SmsPurpose, (code: string, minutes: number) => string> = {
  password: (code, minutes) =>
    `【城市运行管理服务平台】您正在找回密码，验证码 ${code}，${minutes} 分钟内有效。如非本人操作请忽略。Password reset code: ${code}`,
  verify: (code, minutes) =>
    `【城市运行管理服务平台】您的验证码 ${code}，${minutes} 分钟内有效。Verification code: ${code}`,
};

export interface SmsServiceOptions {
  codes: SmsCodeRepository;
  limits: RequestLimitRepository;
  codeHash: KeyedHashService;
  /** The number's blind index: codes, counts and accounts are found by it, never by the number. */
  personalData: PersonalDataSeal;
  passwordRepository: PasswordRepository;
  passwords: PasswordService;
  rsaKeys: RsaKeyService;
  provider: SmsProvider;
  settings: SecuritySettings;
  audit: AuditRecorder;
  clock: Clock;
  log: () => FastifyBaseLogger | undefined;
}

/**
 * SMS codes (`kaptcha`, `pwb_kaptcha`) and password recovery (`check_phone`,
 * `find_pwd`). Six digits, five minutes, single use, a few attempts, a resend
 * interval and limits per number and per address. A registered and an unknown
 * number get the same answer: the request is recorded either way, the message
 * goes out only to a registered one.
 */
export class SmsService {
  readonly provider: SmsProvider;
  constructor(private readonly options: SmsServiceOptions) {
    this.provider = options.provider;
  }

  async sendCode(rawMobile: string, purpose: SmsPurpose, meta: RequestMeta): Promise<SmsCodeSent> {
    const mobile = normaliseMobile(rawMobile);
    const mobileIndex = await this.options.personalData.mobileIndex(mobile);
    const now = this.options.clock.now();
    const resendSeconds = await this.options.settings.number('sms.resendSeconds');
    // Each limit is one atomic count in the database (RequestLimitRepository), so
    // simultaneous requests on any instance cannot send more than it allows. The
    // caller's address is counted first: a request it refuses costs the number nothing.
    if (meta.ipAddress !== null) {
      const subject = addressKey(meta.ipAddress);
      const perAddress = await this.options.limits.hit('sms.address', subject, HOUR_MS, now);
      if (perAddress.hits > (await this.options.settings.number('sms.maxPerAddressPerHour'))) {
        throw await this.tooMany(mobile, purpose, meta, perAddress.resetAt, now);
      }
    }
    const resend = await this.options.limits.hit(
      `sms.resend.${purpose}`,
      mobileIndex,
      resendSeconds * 1000,
      now,
    );
    if (resend.hits > 1) {
      const seconds = Math.max(1, Math.ceil((resend.resetAt.getTime() - now.getTime()) / 1000));
      throw new AppError(ErrorCode.RATE_LIMITED, {
        messageKey: 'sms.tooSoon',
        values: { seconds },
        data: { retryAfterSeconds: seconds },
        retryAfterSeconds: seconds,
      });
    }
    const perMobile = await this.options.limits.hit('sms.mobile', mobileIndex, DAY_MS, now);
    if (perMobile.hits > (await this.options.settings.number('sms.maxPerMobilePerDay'))) {
      throw await this.tooMany(mobile, purpose, meta, perMobile.resetAt, now);
    }

    const accounts = await this.options.passwordRepository.findEnabledByMobile(mobileIndex);
    // One account per number; a number shared by several accounts cannot identify one to reset.
    const account = accounts.length === 1 ? accounts[0]! : null;
    const code = String(randomInt(0, 10 ** SMS_CODE_LENGTH)).padStart(SMS_CODE_LENGTH, '0');
    await this.options.codes.insert({
      mobileIndex,
      purpose,
      userId: account?.id ?? null,
      codeHash: await this.options.codeHash.stored(`${purpose}:${mobile}:${code}`),
      ipAddress: meta.ipAddress,
      createdAt: now,
      expiresAt: new Date(now.getTime() + SMS_CODE_TTL_SECONDS * 1000),
    });
    await this.options.audit.record(
      SecurityEvent.smsCodeRequested,
      meta,
      { userId: account?.id ?? null, username: account?.username ?? null },
      { mobile: mask(mobile), purpose, sent: account !== null },
    );
    if (account) {
      try {
        await this.provider.send({
          mobile,
          text: texts[purpose](code, SMS_CODE_TTL_SECONDS / 60),
        });
      } catch (error) {
        // The answer stays the same as for an unknown number; the failure is for operators.
        this.options
          .log()
          ?.error({ err: error, provider: this.provider.name }, 'SMS could not be sent');
      }
    }
    return { resendAfterSeconds: resendSeconds, expiresInSeconds: SMS_CODE_TTL_SECONDS };
  }

  private async tooMany(
    mobile: string,
    purpose: SmsPurpose,
    meta: RequestMeta,
    resetAt: Date,
    now: Date,
  ): Promise<AppError> {
    await this.options.audit.record(
      SecurityEvent.smsCodeRefused,
      meta,
      {},
      { mobile: mask(mobile), purpose },
    );
    return new AppError(ErrorCode.RATE_LIMITED, {
      messageKey: 'sms.tooMany',
      retryAfterSeconds: Math.ceil((resetAt.getTime() - now.getTime()) / 1000),
    });
  }

  /** `check_phone`: the latest code of the number; for `password` a one-time reset ticket. */
  async checkCode(
    rawMobile: string,
    code: string,
    purpose: SmsPurpose,
    meta: RequestMeta,
  ): Promise<CheckPhoneResponse> {
    const mobile = normaliseMobile(rawMobile);
    const now = this.options.clock.now();
    const invalid = () => new AppError(ErrorCode.BAD_REQUEST, { messageKey: 'sms.codeInvalid' });
    const latest = await this.options.codes.latest(
      await this.options.personalData.mobileIndex(mobile),
      purpose,
    );
    if (!latest || latest.usedAt || latest.expiresAt <= now) throw invalid();
    const attempts = await this.options.codes.addAttempt(latest.id, now);
    const maxAttempts = await this.options.settings.number('sms.maxAttempts');
    const matches = await this.options.codeHash.matches(
      `${purpose}:${mobile}:${code.trim()}`,
      latest.codeHash,
    );
    if (attempts === 0 || attempts > maxAttempts || !matches || latest.userId === null) {
      // Too many tries use the code up: a new one must be requested.
      if (attempts >= maxAttempts) await this.options.codes.consume(latest.id, now, null);
      await this.options.audit.record(
        SecurityEvent.smsCodeFailure,
        meta,
        { userId: latest.userId },
        { mobile: mask(mobile), purpose, attempts },
      );
      throw invalid();
    }
    const ticketMinutes = await this.options.settings.number('sms.ticketMinutes');
    const ticket = purpose === 'password' ? randomBytes(24).toString('base64url') : null;
    const consumed = await this.options.codes.consume(
      latest.id,
      now,
      ticket
        ? { hash: tokenDigest(ticket), expiresAt: new Date(now.getTime() + ticketMinutes * 60_000) }
        : null,
    );
    if (!consumed) throw invalid();
    return { ticket, expiresInSeconds: ticket ? ticketMinutes * 60 : 0 };
  }

  /** `find_pwd`: a new password with the ticket of a checked code; every session ends. */
  async resetPassword(
    request: {
      mobile: string;
      ticket: string;
      newPassword: string;
      newPasswordTwo: string;
      newPasswordCipher: string;
      keyId: string;
    },
    meta: RequestMeta,
  ): Promise<void> {
    const mobile = normaliseMobile(request.mobile);
    const mobileIndex = await this.options.personalData.mobileIndex(mobile);
    // A password the rules or the history refuse is refused before the ticket is used up,
    // so it can be tried again; the holder's login name is known from the ticket.
    const holder = await this.options.codes.ticketUser(
      tokenDigest(request.ticket),
      mobileIndex,
      this.options.clock.now(),
    );
    await this.options.passwords.checkNew(request, holder);
    if (holder !== null) await this.options.passwords.refuseRecent(holder, request.newPassword);
    const userId = await this.options.codes.consumeTicket(
      tokenDigest(request.ticket),
      mobileIndex,
      this.options.clock.now(),
    );
    if (userId === null)
      throw new AppError(ErrorCode.BAD_REQUEST, { messageKey: 'sms.ticketInvalid' });
    await this.options.passwords.setPassword(userId, request.newPassword);
    await this.options.audit.record(
      SecurityEvent.passwordReset,
      meta,
      { userId },
      { mobile: mask(mobile) },
    );
  }
}

function mask(mobile: string): string {
  return `${mobile.slice(0, 3)}****${mobile.slice(-4)}`;
}
