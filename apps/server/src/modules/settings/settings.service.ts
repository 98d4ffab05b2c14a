import {
  PUBLIC_CONFIG_KEYS,
  type PublicConfigKey,
  type Weather,
  weatherSchema,
} from '@cityops/contract';
import type { SettingsRepository } from './settings.repository.js';

export const SettingKey = {
  systemName: 'systemName',
  commandCoordinationCode: 'commandCoordinationCode',
  weather: 'weather',
} as const;

export class SettingsService {
  constructor(
    private readonly settings: SettingsRepository,
    private readonly defaults: { systemName: string },
  ) {}

  isPublicKey(key: string): key is PublicConfigKey {
    return (PUBLIC_CONFIG_KEYS as readonly string[]).includes(key);
  }

  /** A setting readable through `organization/config`; null when it is not set. */
  async publicValue(key: PublicConfigKey): Promise<string | null> {
    const value = await this.settings.get(key);
    if (value === null && key === SettingKey.systemName) return this.defaults.systemName;
    return value;
  }

  /** The weather shown in the header; null when the setting is missing or malformed. */
  async weather(): Promise<Weather | null> {
    const raw = await this.settings.get(SettingKey.weather);
    if (raw === null) return null;
    try {
      const parsed = weatherSchema.safeParse(JSON.parse(raw));
      return parsed.success ? parsed.data : null;
    } catch {
      return null;
    }
  }
}
