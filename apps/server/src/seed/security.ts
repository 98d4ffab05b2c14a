import type { Db } from '../db/client.js';
import { SettingsRepository } from '../modules/settings/settings.repository.js';
import {
  FRAME_ANCESTORS_KEY,
  SUBSYSTEM_ORIGINS_KEY,
  securityDefaults,
} from '../modules/auth/security-settings.js';

/** The sign-in thresholds as visible settings (missing ones only; safe on every start). */
export async function seedSecuritySettings(db: Db): Promise<void> {
  await new SettingsRepository(db).setDefaults({
    ...Object.fromEntries(Object.entries(securityDefaults).map(([k, v]) => [k, String(v)])),
    [FRAME_ANCESTORS_KEY]: '',
    [SUBSYSTEM_ORIGINS_KEY]: '',
  });
}
