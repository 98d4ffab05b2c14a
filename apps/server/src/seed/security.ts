import {
  FRAME_ANCESTORS_KEY,
  SUBSYSTEM_ORIGINS_KEY,
  securityDefaults,
} from '../modules/auth/security-settings.js';
import type { Repositories } from '../repositories.js';

/** The sign-in thresholds as visible settings (missing ones only; safe on every start). */
export async function seedSecuritySettings({ settings }: Repositories): Promise<void> {
  await settings.setDefaults({
    ...Object.fromEntries(Object.entries(securityDefaults).map(([k, v]) => [k, String(v)])),
    [FRAME_ANCESTORS_KEY]: '',
    [SUBSYSTEM_ORIGINS_KEY]: '',
  });
}
