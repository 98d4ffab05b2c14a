import { type PasswordRules, SETTING_RANGES } from '@cityops/contract';
import type { Clock } from '../../lib/clock.js';
import type { SettingsService } from '../settings/settings.service.js';

/**
 * The thresholds of the sign-in rules: settings in the database (so every
 * instance agrees and an administrator can change them) with safe defaults.
 */
export const securityDefaults = {
  /** Password age that gives status 2 ("old") and status 1 (must reset). */
  'password.warnAgeDays': SETTING_RANGES.warnAgeDays.default,
  'password.maxAgeDays': SETTING_RANGES.maxAgeDays.default,
  /** Previous passwords (the current one among them) a new one may not repeat; 0: the current one only. */
  'password.historyCount': SETTING_RANGES.historyCount.default,
  /** A new password's least length (8 to 18; the spec's 8 by default). */
  'password.minLength': SETTING_RANGES.minLength.default,
  /** A session's (the token's) lifetime, 0.1 day by default. */
  'session.lifetimeMinutes': SETTING_RANGES.lifetimeMinutes.default,
  /** Minutes without input before the web app signs out; 0: never. */
  'session.idleMinutes': SETTING_RANGES.idleMinutes.default,
  /** Failed sign-ins of one account name (within the window) before a captcha is needed. */
  'login.captchaAfterFailures': SETTING_RANGES.challengeAfterFailures.default,
  /** ... and before the account is locked. */
  'login.lockAfterFailures': SETTING_RANGES.lockAfterFailures.default,
  'login.lockMinutes': SETTING_RANGES.lockMinutes.default,
  'login.failureWindowMinutes': 30,
  /** Failed sign-ins from one address before every sign-in from it needs a captcha. */
  'login.addressCaptchaAfterFailures': 10,
  /** ... and before the address is locked (captchas solved or not); for login.lockMinutes. */
  'login.addressLockAfterFailures': 30,
  'sms.resendSeconds': 60,
  'sms.maxAttempts': 5,
  'sms.maxPerMobilePerDay': 10,
  'sms.maxPerAddressPerHour': 20,
  'sms.ticketMinutes': 10,
  'qr.ticketSeconds': 120,
  /** Per-address requests a minute to the calls that need no sign-in (plugins/request-limits.ts). */
  'rate.pubKeyPerMinute': 60,
  'rate.signInPerMinute': 30,
  'rate.captchaPerMinute': 20,
  'rate.qrTicketPerMinute': 10,
  'rate.qrStatusPerMinute': 300,
  'rate.smsPerMinute': 5,
  'rate.recoveryPerMinute': 30,
  'rate.publicReadPerMinute': 600,
  /** Frame tokens a minute for one session (a subsystem's entry opened or reloaded). */
  'rate.frameTokenPerMinute': 60,
  /** Frame tokens a minute for one subsystem, whichever sessions ask (plugins/request-limits.ts). */
  'rate.subsystemFrameTokenPerMinute': 3000,
  /** Requests a minute from one address presenting a token that does not authenticate. */
  'rate.badTokenPerMinute': 120,
  /** The login RSA key pair is replaced after this many hours; the old one still decrypts for the overlap. */
  'rsa.rotationHours': 24,
  'rsa.overlapMinutes': 10,
} as const;

export type SecuritySettingKey = keyof typeof securityDefaults;

/** The settings for which 0 is a value (off), not a malformed one. */
const ZERO_ALLOWED: ReadonlySet<SecuritySettingKey> = new Set([
  'password.historyCount',
  'session.idleMinutes',
]);

/**
 * The per-address limits of the calls that need no sign-in, the frame token's per session
 * and per subsystem, and the per-address ceiling on tokens that fail.
 */
export type RequestLimitName =
  | 'pubKey'
  | 'signIn'
  | 'captcha'
  | 'qrTicket'
  | 'qrStatus'
  | 'sms'
  | 'recovery'
  | 'publicRead'
  | 'frameToken'
  | 'subsystemFrameToken'
  | 'badToken';

export function requestLimitSettingKey(name: RequestLimitName): SecuritySettingKey {
  return `rate.${name}PerMinute`;
}

/** 'true': a new password may not contain the account's login name (case-insensitive). */
export const PASSWORD_FORBID_LOGIN_NAME_KEY = 'password.forbidLoginName';

/** Origins allowed to frame the product (CSP frame-ancestors), space separated. */
export const FRAME_ANCESTORS_KEY = 'embed.frameAncestors';

/**
 * Origins of subsystems that may receive a user's token in a frame address,
 * besides the origins of the menu's addresses; space separated.
 */
export const SUBSYSTEM_ORIGINS_KEY = 'embed.subsystemOrigins';

/** The keys of the password rules, for a reader without the cache (the console's accounts). */
export const PASSWORD_RULE_KEYS = ['password.minLength', PASSWORD_FORBID_LOGIN_NAME_KEY] as const;

/** The password rules from their stored values: a minimum outside 8-18 is the spec's 8. */
export function passwordRulesOf(stored: ReadonlyMap<string, string>): PasswordRules {
  const range = SETTING_RANGES.minLength;
  const raw = stored.get('password.minLength');
  const minLength = raw === undefined || raw.trim() === '' ? Number.NaN : Number(raw);
  return {
    minLength:
      Number.isInteger(minLength) && minLength >= range.min && minLength <= range.max
        ? minLength
        : range.default,
    forbidLoginName: stored.get(PASSWORD_FORBID_LOGIN_NAME_KEY) === 'true',
  };
}

const CACHE_MS = 5_000;

export interface SecuritySettingsOptions {
  settings: SettingsService;
  clock: Clock;
}

export class SecuritySettings {
  private cache: { at: number; values: Map<string, string> } | null = null;
  /** Bumped by every change: a read that started before one does not keep what it read. */
  private generation = 0;

  constructor(private readonly options: SecuritySettingsOptions) {
    // A change saved on any instance is read again at once (settings.service.ts).
    options.settings.onChange(() => {
      this.cache = null;
      this.generation += 1;
    });
  }

  private async values(): Promise<Map<string, string>> {
    const now = this.options.clock.now().getTime();
    if (this.cache && now - this.cache.at < CACHE_MS && now >= this.cache.at) {
      return this.cache.values;
    }
    const generation = this.generation;
    const values = await this.options.settings.many([
      ...Object.keys(securityDefaults),
      FRAME_ANCESTORS_KEY,
      SUBSYSTEM_ORIGINS_KEY,
      PASSWORD_FORBID_LOGIN_NAME_KEY,
    ]);
    if (generation === this.generation) this.cache = { at: now, values };
    return values;
  }

  /**
   * A positive whole number (or 0 where 0 means off); a missing or malformed
   * setting falls back to its default.
   */
  async number(key: SecuritySettingKey): Promise<number> {
    const raw = (await this.values()).get(key);
    const parsed = raw === undefined || raw.trim() === '' ? Number.NaN : Number(raw);
    const lowest = ZERO_ALLOWED.has(key) ? 0 : 1;
    return Number.isInteger(parsed) && parsed >= lowest ? parsed : securityDefaults[key];
  }

  /** The rules a new password must meet besides the fixed policy; out of range falls back to 8. */
  async passwordRules(): Promise<PasswordRules> {
    return passwordRulesOf(await this.values());
  }

  async text(key: string): Promise<string | null> {
    return (await this.values()).get(key) ?? null;
  }

  /** Changes a setting and forgets the cache (administration, tests). */
  async set(
    key:
      | SecuritySettingKey
      | typeof FRAME_ANCESTORS_KEY
      | typeof SUBSYSTEM_ORIGINS_KEY
      | typeof PASSWORD_FORBID_LOGIN_NAME_KEY,
    value: string,
  ): Promise<void> {
    await this.options.settings.set(key, value);
    this.cache = null;
    this.generation += 1;
  }
}
