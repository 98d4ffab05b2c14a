/**
 * The settings screens' plain rules (issue 13 item 6), no zod: the groups, who
 * changes each, and the limits and defaults of every field. The web app's forms
 * and the server's schemas (settings.ts) share them. The defaults are the spec's
 * constants where it has one (session lifetime: the token's 0.1 day).
 */
import type { PermissionCode } from './access.js';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './rules.js';

/** The groups of the settings screen; each is read and saved on its own, at its own version. */
export const SETTINGS_GROUPS = [
  'general',
  'weather',
  'map',
  'sign-in',
  'password',
  'session',
] as const;
export type SettingsGroup = (typeof SETTINGS_GROUPS)[number];

/**
 * Who reads and changes each group: the system administrator the product's
 * name, framing, weather and map; the security administrator the sign-in,
 * password and session rules (三员分立).
 */
export const SETTINGS_GROUP_ACCESS: Readonly<Record<SettingsGroup, PermissionCode>> = {
  general: 'system:settings:write',
  weather: 'system:settings:write',
  map: 'system:settings:write',
  'sign-in': 'system:security:write',
  password: 'system:security:write',
  session: 'system:security:write',
};

/** A whole-number field: its limits and its default. */
export interface SettingRange {
  readonly min: number;
  readonly max: number;
  readonly default: number;
}

/** The whole-number fields of the security groups. */
export const SETTING_RANGES = {
  /** Failed sign-ins of one account before a captcha is asked for. */
  challengeAfterFailures: { min: 1, max: 20, default: 3 },
  /** ... and before the account is locked (never before the captcha). */
  lockAfterFailures: { min: 1, max: 50, default: 6 },
  lockMinutes: { min: 1, max: 1440, default: 15 },
  /** Age of a password that gives the "password is old" warning. */
  warnAgeDays: { min: 1, max: 3650, default: 180 },
  /** Age that forces a reset (after the warning). */
  maxAgeDays: { min: 1, max: 3650, default: 365 },
  /** How many previous passwords (the current one among them) may not be chosen again; 0: only the current one. */
  historyCount: { min: 0, max: 24, default: 5 },
  /** A new password's least length: the spec's 8 to 18 are the floor and the ceiling. */
  minLength: { min: PASSWORD_MIN_LENGTH, max: PASSWORD_MAX_LENGTH, default: PASSWORD_MIN_LENGTH },
  /** A session's (the token's) lifetime: 0.1 day by default, as the spec's token cookie. */
  lifetimeMinutes: { min: 10, max: 1440, default: 144 },
  /** Minutes without a key press or a click before the web app signs out; 0: never. */
  idleMinutes: { min: 0, max: 1440, default: 30 },
  /** Degrees Celsius of the header's weather. */
  temperature: { min: -60, max: 60, default: 20 },
} as const satisfies Record<string, SettingRange>;

export const SETTINGS_TEXT_LIMITS = {
  systemName: 64,
  /** Origins in one list (framing, subsystems). */
  origins: 20,
  origin: 200,
  weatherText: 40,
} as const;

/** The icons the header's weather can draw. */
export const WEATHER_ICONS = ['sunny', 'cloudy', 'overcast', 'rain', 'snow', 'fog'] as const;

/** The city's time zone until one is saved: exports and the screens' times are read in it. */
export const DEFAULT_TIME_ZONE = 'Asia/Shanghai';

/** Whether the runtime knows this IANA time zone name (`Asia/Shanghai`); Intl is the judge. */
export function isTimeZone(name: string): boolean {
  if (!name) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}
