import {
  PUBLIC_CONFIG_KEYS,
  type PublicConfigKey,
  type Weather,
  weatherSchema,
} from '@cityops/contract';
import type { ZodType } from 'zod';
import type { Repositories } from '../../repositories.js';

export const SettingKey = {
  systemName: 'systemName',
  commandCoordinationCode: 'commandCoordinationCode',
  weather: 'weather',
} as const;

export interface SettingsServiceOptions {
  repositories: Pick<Repositories, 'settings'>;
  defaults: { systemName: string };
}

/**
 * The one way settings are read and written: text, several at once, or JSON
 * checked against a schema (null when missing or malformed, so a broken
 * setting falls back to the caller's default).
 */
export class SettingsService {
  constructor(private readonly options: SettingsServiceOptions) {}

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
    const value = await this.text(key);
    if (value === null && key === SettingKey.systemName) return this.options.defaults.systemName;
    return value;
  }

  /** The weather shown in the header; null when the setting is missing or malformed. */
  async weather(): Promise<Weather | null> {
    return this.json(SettingKey.weather, weatherSchema);
  }
}
