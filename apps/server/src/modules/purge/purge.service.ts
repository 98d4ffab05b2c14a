import type { Clock } from '../../lib/clock.js';
import type { CaptchaRepository } from '../auth/captcha.repository.js';
import type { LoginAttemptRepository } from '../auth/login-attempt.repository.js';
import type { SecondFactorRepository } from '../second-factor/second-factor.repository.js';
import type { RsaKeyRepository } from '../auth/rsa-key.repository.js';
import type { RsaKeyService } from '../auth/rsa-key.service.js';
import type { SecuritySettings } from '../auth/security-settings.js';
import type { RequestLimitRepository } from '../limits/request-limit.repository.js';
import type { QrTicketRepository } from '../qr-login/qr-ticket.repository.js';
import type { SmsCodeRepository } from '../sms/sms-code.repository.js';
import type { OidcRecordRepository } from '../subsystems/oidc-record.repository.js';
import type { SubsystemSignInRepository } from '../subsystems/subsystem-sign-in.repository.js';

const HOUR_MS = 3_600_000;

/** How often each instance purges (app.ts); several instances purging the same rows is harmless. */
export const PURGE_INTERVAL_MS = 5 * 60_000;

export interface PurgeRepositories {
  captchas: CaptchaRepository;
  qrTickets: QrTicketRepository;
  smsCodes: SmsCodeRepository;
  requestLimits: RequestLimitRepository;
  loginAttempts: LoginAttemptRepository;
  rsaKeys: RsaKeyRepository;
  secondFactors: SecondFactorRepository;
  oidcRecords: OidcRecordRepository;
  subsystemSignIns: SubsystemSignInRepository;
}

export interface PurgeServiceOptions {
  repositories: PurgeRepositories;
  rsaKeys: RsaKeyService;
  settings: SecuritySettings;
  clock: Clock;
}

/**
 * Deletes what has expired from the tables that anyone can make rows in
 * (captchas, QR tickets, SMS codes, request and sign-in counts) and retired
 * RSA keys past their overlap. Each delete is a range on an indexed time, so a
 * run costs what it removes, not the size of the table.
 */
export class PurgeService {
  constructor(private readonly options: PurgeServiceOptions) {}

  async run(): Promise<void> {
    const now = this.options.clock.now();
    const ago = (ms: number) => new Date(now.getTime() - ms);
    const { captchas, qrTickets, smsCodes, requestLimits, loginAttempts, rsaKeys } =
      this.options.repositories;
    await captchas.deleteExpired(now);
    await this.options.repositories.secondFactors.deleteExpiredTickets(now);
    // An expired ticket still answers "expired" to the page that follows it for an hour.
    await qrTickets.deleteExpiredBefore(ago(HOUR_MS));
    // Codes live minutes and their reset tickets a few more; the counts are in request_limits.
    await smsCodes.deleteCreatedBefore(ago(24 * HOUR_MS));
    // The longest window (SMS per number) is a day.
    await requestLimits.deleteWindowsBefore(ago(25 * HOUR_MS));
    const windowMinutes = await this.options.settings.number('login.failureWindowMinutes');
    await loginAttempts.deleteForgotten(ago(windowMinutes * 60_000), now);
    await rsaKeys.deleteRetiredBefore(await this.options.rsaKeys.retiredKeysUsableSince());
    // The OpenID Connect provider's codes and tokens, timed by the system clock as it times them.
    await this.options.repositories.oidcRecords.purgeExpired(new Date());
    // Sessions that ran out (ended ones were taken when they ended): their subsystems'
    // grants are revoked with them, so no refresh token outlives its session (issue 32).
    const ended = await this.options.repositories.subsystemSignIns.takeOfExpiredSessions(now);
    await this.options.repositories.oidcRecords.revokeGrants(
      ended.flatMap((signIn) => signIn.grantIds),
    );
  }
}
