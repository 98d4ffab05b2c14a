import {
  PUBLIC_CONFIG_KEYS,
  type PublicConfigKey,
  type Weather,
  weatherSchema,
} from '@cityops/contract';
import type { ZodType } from 'zod';
import type { Database } from '../../db/client.js';
import type { Repositories } from '../../repositories.js';
import { TIME_ZONE_KEY, timeZoneOf } from './time-zone.js';

/** The channel on which an instance tells the others that settings changed (payload: the group). */
export const SETTINGS_CHANNEL = 'cityops_settings';

export const SettingKey = {
  systemName: 'systemName',
  commandCoordinationCode: 'commandCoordinationCode',
  weather: 'weather',
} as const;

export interface SettingsServiceOptions {
  repositories: Pick<Repositories, 'settings'>;
  defaults: { systemName: string };
  /** Publish/subscribe across the instances on the database (optional in unit tests). */
  database?: Pick<Database, 'notify' | 'listen'>;
}

/**
 * The one way settings are read and written: text, several at once, or JSON
 * checked against a schema (null when missing or malformed, so a broken
 * setting falls back to the caller's default).
 */
export class SettingsService {
  private readonly listeners: (() => void)[] = [];
  private readonly waiters: (() => void)[] = [];
  private stopListening: (() => Promise<void>) | null = null;

  constructor(private readonly options: SettingsServiceOptions) {}

  /**
   * Hears the changes of every instance: PostgreSQL NOTIFY, or in-process on
   * PGlite. Whoever keeps settings in memory (SecuritySettings) forgets them
   * on each, so a saved setting applies at once everywhere, without a restart.
   */
  async start(): Promise<void> {
    if (!this.options.database || this.stopListening) return;
    this.stopListening = await this.options.database.listen(SETTINGS_CHANNEL, () => {
      // '' after a reconnect too: anything may have changed meanwhile.
      this.applyChange();
    });
  }

  async stop(): Promise<void> {
    await this.stopListening?.();
    this.stopListening = null;
  }

  /** Called whenever settings changed, on this instance or another. */
  onChange(listener: () => void): void {
    this.listeners.push(listener);
  }

  /** Forgets here at once, then tells every instance. Call it after the commit. */
  async announce(group: string): Promise<void> {
    this.applyChange();
    await this.options.database?.notify(SETTINGS_CHANNEL, group);
  }

  /** Settles once the next change (from any instance) has been applied here (tests). */
  nextChange(): Promise<void> {
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  private applyChange(): void {
    for (const listener of this.listeners) listener();
    for (const resolve of this.waiters.splice(0)) resolve();
  }

  private get settings() {
    return this.options.repositories.settings;
  }

  async text(key: string): Promise<string | null> {
    return this.settings.get(key);
  }

  async many(keys: readonly string[]): Promise<Map<string, string>> {
    return this.settings.getMany(keys);
  }

  async json<T>(key: string, schema: ZodType<T>): Promise<T | null> {
    const raw = await this.settings.get(key);
    if (raw === null) return null;
    try {
      const parsed = schema.safeParse(JSON.parse(raw));
      return parsed.success ? parsed.data : null;
    } catch {
      return null;
    }
  }

  async set(key: string, value: string): Promise<void> {
    await this.settings.set(key, value);
  }

  isPublicKey(key: string): key is PublicConfigKey {
    return (PUBLIC_CONFIG_KEYS as readonly string[]).includes(key);
  }

  /** A setting readable through `organization/config`; null when it is not set. */
  async publicValue(key: PublicConfigKey): Promise<string | null> {
    // Kept in the general group; never null: the screens format times in it.
    if (key === 'timeZone') return timeZoneOf(await this.text(TIME_ZONE_KEY));
    const value = await this.text(key);
    if (!value && key === SettingKey.systemName) return this.options.defaults.systemName;
    return value;
  }

  /** The weather shown in the header; null when the setting is missing or malformed. */
  async weather(): Promise<Weather | null> {
    return this.json(SettingKey.weather, weatherSchema);
  }
}
