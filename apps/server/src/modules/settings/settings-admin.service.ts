import {
  type MapSettings,
  SETTING_RANGES,
  type SettingsGroup,
  type SettingsGroupState,
  type SettingsGroupValues,
  type Weather,
  type WeatherSettings,
  mapSettingsSchema,
  parseOriginList,
  weatherSchema,
} from '@cityops/contract';
import type { Clock } from '../../lib/clock.js';
import type { Repositories } from '../../repositories.js';
import type { CommandRunner } from '../access/command.js';
import type { AuthContext } from '../../lib/auth-context.js';
import { PASSWORD_FORBID_LOGIN_NAME_KEY } from '../auth/security-settings.js';
import type { SettingsService } from './settings.service.js';
import { TIME_ZONE_KEY, timeZoneOf } from './time-zone.js';

/**
 * Where each field lives in the `settings` table. The keys are the ones the
 * product read before the screens existed (security-settings.ts, gis, the
 * header's weather), so the screens and the code that applies them share one
 * source.
 */
export const SETTING_KEYS = {
  systemName: 'systemName',
  frameAncestors: 'embed.frameAncestors',
  subsystemOrigins: 'embed.subsystemOrigins',
  timeZone: TIME_ZONE_KEY,
  weather: 'weather',
  map: 'gis.mapSettings',
  challengeAfterFailures: 'login.captchaAfterFailures',
  lockAfterFailures: 'login.lockAfterFailures',
  lockMinutes: 'login.lockMinutes',
  warnAgeDays: 'password.warnAgeDays',
  maxAgeDays: 'password.maxAgeDays',
  historyCount: 'password.historyCount',
  minLength: 'password.minLength',
  forbidLoginName: PASSWORD_FORBID_LOGIN_NAME_KEY,
  lifetimeMinutes: 'session.lifetimeMinutes',
  idleMinutes: 'session.idleMinutes',
} as const;

/** The whole-number fields of each security group. */
const NUMBER_GROUPS = {
  'sign-in': ['challengeAfterFailures', 'lockAfterFailures', 'lockMinutes'],
  password: ['warnAgeDays', 'maxAgeDays', 'historyCount', 'minLength'],
  session: ['lifetimeMinutes', 'idleMinutes'],
} as const;
type NumberGroup = keyof typeof NUMBER_GROUPS;
type NumberField = (typeof NUMBER_GROUPS)[NumberGroup][number];

/** The yes-or-no fields of the security groups, stored as 'true' or 'false' (false when missing). */
const FLAG_GROUPS: Readonly<Record<NumberGroup, readonly FlagField[]>> = {
  'sign-in': [],
  password: ['forbidLoginName'],
  session: [],
};
type FlagField = 'forbidLoginName';

function isNumberGroup(group: SettingsGroup): group is NumberGroup {
  return group in NUMBER_GROUPS;
}

/** The counter of a group's version. */
export function versionKey(group: SettingsGroup): string {
  return `version.settings.${group}`;
}

function keysOf(group: SettingsGroup): string[] {
  if (isNumberGroup(group)) {
    return [...NUMBER_GROUPS[group], ...FLAG_GROUPS[group]].map((field) => SETTING_KEYS[field]);
  }
  if (group === 'general') {
    return [
      SETTING_KEYS.systemName,
      SETTING_KEYS.frameAncestors,
      SETTING_KEYS.subsystemOrigins,
      SETTING_KEYS.timeZone,
    ];
  }
  return [group === 'weather' ? SETTING_KEYS.weather : SETTING_KEYS.map];
}

/** A whole number within the field's limits, else its default (as SecuritySettings reads it). */
function numberOf(raw: string | undefined, field: NumberField): number {
  const range = SETTING_RANGES[field];
  const parsed = raw === undefined || raw.trim() === '' ? Number.NaN : Number(raw);
  return Number.isInteger(parsed) && parsed >= range.min && parsed <= range.max
    ? parsed
    : range.default;
}

function parsedJson(raw: string | undefined): unknown {
  if (raw === undefined) return null;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return null;
  }
}

const HIDDEN_WEATHER: WeatherSettings = {
  shown: false,
  city: '',
  cityEn: '',
  text: '',
  textEn: '',
  temperature: SETTING_RANGES.temperature.default,
  icon: 'sunny',
};

export interface SettingsAdminServiceOptions {
  repositories: Pick<Repositories, 'settings'>;
  commands: CommandRunner;
  settings: SettingsService;
  clock: Clock;
  /** What applies while a field was never saved: the environment's values. */
  defaults: { systemName: string; frameAncestors: string };
}

/**
 * The settings screens (issue 13 item 6): each group read with its version and
 * saved whole at that version (a newer one refuses: 040009), recorded in the
 * audit trail with the values before and after in the same transaction, then
 * announced to every instance, which forget what they kept and apply it on the
 * next request.
 */
export class SettingsAdminService {
  constructor(private readonly options: SettingsAdminServiceOptions) {}

  async read<G extends SettingsGroup>(group: G): Promise<SettingsGroupState<G>> {
    return this.readWith(this.options.repositories.settings, group);
  }

  /**
   * Saves a group at `version`; `null` saves over whatever version is current (the
   * map editor's own save, which has no version), still moving it on, so a settings
   * form opened before is told.
   */
  async update<G extends SettingsGroup>(
    auth: AuthContext,
    group: G,
    version: number | null,
    values: SettingsGroupValues[G],
  ): Promise<SettingsGroupState<G>> {
    const now = this.options.clock.now();
    return this.options.commands.run(
      auth,
      async ({ settings }) => {
        const at = version ?? (await this.readWith(settings, group)).version;
        const moved = await settings.advanceVersion(versionKey(group), at);
        const before = await this.readWith(settings, group);
        if (moved !== null) await settings.setMany(this.stored(group, values, now));
        const after = await this.readWith(settings, group);
        return {
          outcome: moved === null ? 'conflict' : 'ok',
          target: { kind: 'setting', id: group, name: group },
          before: before.values as unknown as Record<string, unknown>,
          after: after.values as unknown as Record<string, unknown>,
          value: after,
        };
      },
      // Every instance rereads the group once the change is committed.
      { afterCommit: () => this.options.settings.announce(group) },
    );
  }

  private async readWith<G extends SettingsGroup>(
    repository: Pick<Repositories['settings'], 'getMany'>,
    group: G,
  ): Promise<SettingsGroupState<G>> {
    const stored = await repository.getMany([...keysOf(group), versionKey(group)]);
    const version = Number(stored.get(versionKey(group)) ?? '0');
    return {
      group,
      version: Number.isInteger(version) && version >= 0 ? version : 0,
      values: this.valuesOf(group, stored) as SettingsGroupValues[G],
    };
  }

  private valuesOf(group: SettingsGroup, stored: Map<string, string>): unknown {
    if (isNumberGroup(group)) {
      return Object.fromEntries([
        ...NUMBER_GROUPS[group].map((field) => [
          field,
          numberOf(stored.get(SETTING_KEYS[field]), field),
        ]),
        ...FLAG_GROUPS[group].map((field) => [field, stored.get(SETTING_KEYS[field]) === 'true']),
      ]);
    }
    if (group === 'general') {
      const frame = stored.get(SETTING_KEYS.frameAncestors);
      return {
        systemName: stored.get(SETTING_KEYS.systemName) || this.options.defaults.systemName,
        frameAncestors: parseOriginList(frame ?? this.options.defaults.frameAncestors),
        subsystemOrigins: parseOriginList(stored.get(SETTING_KEYS.subsystemOrigins)),
        timeZone: timeZoneOf(stored.get(SETTING_KEYS.timeZone)),
      };
    }
    if (group === 'weather') {
      const weather = weatherSchema.safeParse(parsedJson(stored.get(SETTING_KEYS.weather)));
      if (!weather.success) return HIDDEN_WEATHER;
      const { city, cityEn, text, textEn, temperature, icon } = weather.data;
      return {
        shown: true,
        city,
        cityEn,
        text,
        textEn,
        temperature: Math.round(temperature),
        icon:
          (['sunny', 'cloudy', 'overcast', 'rain', 'snow', 'fog'] as const).find(
            (i) => i === icon,
          ) ?? 'sunny',
      } satisfies WeatherSettings;
    }
    const map = mapSettingsSchema.safeParse(parsedJson(stored.get(SETTING_KEYS.map)));
    return map.success ? map.data : mapSettingsSchema.parse({});
  }

  /** The rows a group's values are stored as. */
  private stored(group: SettingsGroup, values: unknown, now: Date): Record<string, string> {
    if (isNumberGroup(group)) {
      const fields = values as Record<NumberField, number> & Record<FlagField, boolean>;
      return Object.fromEntries([
        ...NUMBER_GROUPS[group].map((field) => [SETTING_KEYS[field], String(fields[field])]),
        ...FLAG_GROUPS[group].map((field) => [SETTING_KEYS[field], String(fields[field])]),
      ]);
    }
    if (group === 'general') {
      const general = values as SettingsGroupValues['general'];
      return {
        [SETTING_KEYS.systemName]: general.systemName,
        [SETTING_KEYS.frameAncestors]: general.frameAncestors.join(' '),
        [SETTING_KEYS.subsystemOrigins]: general.subsystemOrigins.join(' '),
        [SETTING_KEYS.timeZone]: general.timeZone,
      };
    }
    if (group === 'weather') {
      const { shown, ...weather } = values as WeatherSettings;
      const shownWeather: Weather | null = shown
        ? { ...weather, updatedAt: now.toISOString() }
        : null;
      return { [SETTING_KEYS.weather]: JSON.stringify(shownWeather) };
    }
    return { [SETTING_KEYS.map]: JSON.stringify(values as MapSettings) };
  }
}
