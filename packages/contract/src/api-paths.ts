/**
 * Every path of the API, below `/api`: the server registers its routes on these
 * and the web app calls them. A plain module (no zod): the login page imports it.
 * A path with `:name` segments is a route pattern; `fillPath` makes the address
 * of one call from it. Each path is declared by its feature's manifest
 * (`features/<feature>.ts`, under the name of the constant it belongs to); a group
 * one feature owns is its manifest's, `SYSTEM_PATHS` is merged from every console
 * screen's.
 */

import { accountFeature } from './features/account.js';
import { authFeature } from './features/auth.js';
import { filesFeature } from './features/files.js';
import { gisFeature } from './features/gis.js';
import { guideFeature } from './features/guide.js';
import { featurePaths } from './features/index.js';
import { menusFeature } from './features/menus.js';
import { notificationsFeature } from './features/notifications.js';
import { settingsFeature } from './features/settings.js';
import { subsystemsFeature } from './features/subsystems.js';
import { unitsFeature } from './features/units.js';

/** Sign-in, the captcha, the client's own settings and the QR sign-in. */
export const AUTH_PATHS = authFeature.paths.AUTH_PATHS;

/** The QR helpers, also reached by full URL from the phone. */
export const QR_SCAN_PATH = authFeature.paths.QR_SCAN_PATH;
export const QR_CONFIRM_PATH = authFeature.paths.QR_CONFIRM_PATH;
export const QR_STATUS_PATH = authFeature.paths.QR_STATUS_PATH;

/** SMS codes and the password recovery they open. */
export const SMS_PATHS = authFeature.paths.SMS_PATHS;

/** The signed-in user: user info, personal info, avatar, password, second factor, sessions. */
export const USER_PATHS = accountFeature.paths.USER_PATHS;

/** Units and their departments. */
export const ORGAN_PATHS = unitsFeature.paths.ORGAN_PATHS;

/** Public settings and the header's weather. */
export const CONFIG_PATHS = settingsFeature.paths.CONFIG_PATHS;

/** The caller's menu and the integrated systems. */
export const MENU_PATHS = menusFeature.paths.MENU_PATHS;

/** The business guide: categories and articles. */
export const GUIDE_PATHS = guideFeature.paths.GUIDE_PATHS;

/** The message calls and the live stream. */
export const MESSAGE_PATHS = notificationsFeature.paths.MESSAGE_PATHS;

/** The map editor. */
export const GIS_PATHS = gisFeature.paths.GIS_PATHS;

/** Image upload, and the stored files it answers with. */
export const FILE_PATHS = filesFeature.paths.FILE_PATHS;
export const UPLOAD_PATH = FILE_PATHS.upload;

type ParamsOf<Pattern extends string> = Pattern extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamsOf<`/${Rest}`>
  : Pattern extends `${string}:${infer Name}`
    ? Name
    : never;

/**
 * The address of one call: each `:name` segment of the pattern replaced by its
 * value, encoded (`fillPath(GUIDE_PATHS.article, { id: 7 })`).
 */
export function fillPath<Pattern extends string>(
  pattern: Pattern,
  params: Record<ParamsOf<Pattern>, string | number>,
): string {
  return pattern.replace(/:(\w+)/g, (_match, name: string) =>
    encodeURIComponent(String((params as Record<string, string | number>)[name])),
  );
}

/**
 * The administration console (issue 12): users, roles, units and departments, menus,
 * the audit trail, sessions, settings, messages, subsystems, each from its manifest.
 */
export const SYSTEM_PATHS = /* @__PURE__ */ featurePaths('SYSTEM_PATHS');

/** A subsystem's own token for a frame the shell opens (issue 22; docs/subsystems.md). */
export const SUBSYSTEM_PATHS = subsystemsFeature.paths.SUBSYSTEM_PATHS;
