/**
 * Every path of the API, below `/api`: the server registers its routes on these
 * and the web app calls them. A plain module (no zod): the login page imports it.
 * A path with `:name` segments is a route pattern; `fillPath` makes the address
 * of one call from it. Each path is declared by its feature's manifest
 * (`features/<feature>.ts`): a group one feature owns (`GUIDE_PATHS`) is a constant of
 * that file, re-exported here; `SYSTEM_PATHS`, the console's, is merged from every
 * manifest's `SYSTEM_PATHS` part (`features/index.ts`).
 */

export { USER_PATHS } from './features/account.js';
export {
  AUTH_PATHS,
  QR_CONFIRM_PATH,
  QR_SCAN_PATH,
  QR_STATUS_PATH,
  SMS_PATHS,
} from './features/auth.js';
export { FILE_PATHS } from './features/files.js';
export { GIS_PATHS } from './features/gis.js';
export { GUIDE_PATHS } from './features/guide.js';
export { SYSTEM_PATHS } from './features/index.js';
export { MENU_PATHS } from './features/menus.js';
export { MESSAGE_PATHS } from './features/notifications.js';
export { CONFIG_PATHS } from './features/settings.js';
export { SUBSYSTEM_PATHS } from './features/subsystems.js';
export { ORGAN_PATHS } from './features/units.js';

import { FILE_PATHS } from './features/files.js';

/** Image upload (`FILE_PATHS.upload`). */
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
