import { securityDefaults } from '../modules/auth/security-settings.js';
import type { Repositories } from '../repositories.js';

/**
 * The sign-in thresholds as visible settings (missing ones only; safe on every
 * start). The framing and subsystem origins are left unset: until the settings
 * screen saves them, FRAME_ANCESTORS applies (plugins/frame-ancestors.ts).
 */
export async function seedSecuritySettings({ settings }: Repositories): Promise<void> {
  await settings.setDefaults(
    Object.fromEntries(Object.entries(securityDefaults).map(([k, v]) => [k, String(v)])),
  );
}
