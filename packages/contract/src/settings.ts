import { z } from 'zod';
import { mapSettingsSchema } from './gis.js';
import { hasForbiddenControlCharacter, isOriginText } from './security-rules.js';
import {
  SETTINGS_TEXT_LIMITS,
  DEFAULT_TIME_ZONE,
  SETTING_RANGES,
  type SettingRange,
  type SettingsGroup,
  WEATHER_ICONS,
  isTimeZone,
} from './settings-rules.js';

/** A whole number within a field's limits (settings-rules.ts). */
function whole(range: SettingRange) {
  return z
    .number({ error: 'settings.number.range' })
    .int('settings.number.range')
    .min(range.min, 'settings.number.range')
    .max(range.max, 'settings.number.range');
}

const plainText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, 'validation.tooLong')
    .refine((text) => !hasForbiddenControlCharacter(text), 'validation.invalid');

const originListSchema = z
  .array(
    z
      .string()
      .trim()
      .max(SETTINGS_TEXT_LIMITS.origin, 'validation.tooLong')
      .transform((origin) => origin.replace(/\/$/, ''))
      .refine(isOriginText, 'settings.origin.invalid'),
  )
  .max(SETTINGS_TEXT_LIMITS.origins, 'settings.origins.tooMany')
  .transform((origins) => [...new Set(origins.map((origin) => origin.toLowerCase()))]);

const generalSettingsSchema = z.object({
  systemName: plainText(SETTINGS_TEXT_LIMITS.systemName).pipe(
    z.string().min(1, 'settings.systemName.required'),
  ),
  /** Sites allowed to frame the product (CSP frame-ancestors, besides the product itself). */
  frameAncestors: originListSchema,
  /** Origins of subsystems a framed page may belong to (they receive the user's token). */
  subsystemOrigins: originListSchema,
  /** The city's IANA time zone: the audit exports' times (issue 24). Left out: the default. */
  timeZone: z
    .string()
    .trim()
    .max(64, 'validation.tooLong')
    .refine(isTimeZone, 'settings.timeZone.invalid')
    .default(DEFAULT_TIME_ZONE),
});
type GeneralSettings = z.infer<typeof generalSettingsSchema>;

const weatherSettingsSchema = z
  .object({
    /** Off: the header shows no weather. */
    shown: z.boolean(),
    city: plainText(SETTINGS_TEXT_LIMITS.weatherText),
    cityEn: plainText(SETTINGS_TEXT_LIMITS.weatherText),
    text: plainText(SETTINGS_TEXT_LIMITS.weatherText),
    textEn: plainText(SETTINGS_TEXT_LIMITS.weatherText),
    temperature: whole(SETTING_RANGES.temperature),
    icon: z.enum(WEATHER_ICONS),
  })
  .superRefine((value, context) => {
    if (!value.shown) return;
    for (const field of ['city', 'cityEn', 'text', 'textEn'] as const) {
      if (!value[field])
        context.addIssue({ code: 'custom', path: [field], message: 'validation.required' });
    }
  });
export type WeatherSettings = z.infer<typeof weatherSettingsSchema>;

const signInSettingsSchema = z
  .object({
    challengeAfterFailures: whole(SETTING_RANGES.challengeAfterFailures),
    lockAfterFailures: whole(SETTING_RANGES.lockAfterFailures),
    lockMinutes: whole(SETTING_RANGES.lockMinutes),
  })
  .refine((value) => value.lockAfterFailures >= value.challengeAfterFailures, {
    path: ['lockAfterFailures'],
    message: 'settings.lock.beforeChallenge',
  });
type SignInSettings = z.infer<typeof signInSettingsSchema>;

const passwordSettingsSchema = z
  .object({
    warnAgeDays: whole(SETTING_RANGES.warnAgeDays),
    maxAgeDays: whole(SETTING_RANGES.maxAgeDays),
    historyCount: whole(SETTING_RANGES.historyCount),
    /** A new password's least length (issue 24); the character classes are fixed. */
    minLength: whole(SETTING_RANGES.minLength),
    /** A new password may not contain the account's login name. */
    forbidLoginName: z.boolean(),
  })
  .refine((value) => value.maxAgeDays > value.warnAgeDays, {
    path: ['maxAgeDays'],
    message: 'settings.password.resetBeforeWarning',
  });
type PasswordSettings = z.infer<typeof passwordSettingsSchema>;

const sessionSettingsSchema = z
  .object({
    lifetimeMinutes: whole(SETTING_RANGES.lifetimeMinutes),
    idleMinutes: whole(SETTING_RANGES.idleMinutes),
  })
  .refine((value) => value.idleMinutes < value.lifetimeMinutes, {
    path: ['idleMinutes'],
    message: 'settings.session.idleTooLong',
  });
type SessionSettings = z.infer<typeof sessionSettingsSchema>;

/** The values of each group, as read and as saved. */
const settingsGroupSchemas = {
  general: generalSettingsSchema,
  weather: weatherSettingsSchema,
  map: mapSettingsSchema,
  'sign-in': signInSettingsSchema,
  password: passwordSettingsSchema,
  session: sessionSettingsSchema,
} as const satisfies Record<SettingsGroup, z.ZodType>;

export interface SettingsGroupValues {
  general: GeneralSettings;
  weather: WeatherSettings;
  map: z.infer<typeof mapSettingsSchema>;
  'sign-in': SignInSettings;
  password: PasswordSettings;
  session: SessionSettings;
}

/** `version`: the group's version the form was read at; a newer one refuses the save (040009). */
const settingsVersionSchema = z.number().int().min(0).max(2_147_483_647);

/** A group as read: its values and its version. */
export interface SettingsGroupState<G extends SettingsGroup = SettingsGroup> {
  group: G;
  version: number;
  values: SettingsGroupValues[G];
}

export function settingsUpdateSchema<G extends SettingsGroup>(group: G) {
  return z.object({ version: settingsVersionSchema, values: settingsGroupSchemas[group] });
}

const count = z.number().int();
const texts = z.array(z.string());

/** The values as answered: plain shapes, without the input's trimming and folding. */
const settingsGroupAnswerSchemas = {
  general: z.object({
    systemName: z.string(),
    frameAncestors: texts,
    subsystemOrigins: texts,
    timeZone: z.string(),
  }),
  weather: z.object({
    shown: z.boolean(),
    city: z.string(),
    cityEn: z.string(),
    text: z.string(),
    textEn: z.string(),
    temperature: count,
    icon: z.enum(WEATHER_ICONS),
  }),
  map: mapSettingsSchema,
  'sign-in': z.object({
    challengeAfterFailures: count,
    lockAfterFailures: count,
    lockMinutes: count,
  }),
  password: z.object({
    warnAgeDays: count,
    maxAgeDays: count,
    historyCount: count,
    minLength: count,
    forbidLoginName: z.boolean(),
  }),
  session: z.object({ lifetimeMinutes: count, idleMinutes: count }),
} as const satisfies Record<SettingsGroup, z.ZodType>;

export function settingsStateSchema<G extends SettingsGroup>(group: G) {
  return z.object({
    group: z.literal(group),
    version: settingsVersionSchema,
    values: settingsGroupAnswerSchemas[group],
  });
}
