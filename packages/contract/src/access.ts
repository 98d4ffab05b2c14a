/**
 * Who may do what, as plain code (no zod) for the server's route declarations
 * and the web app's screens alike (issue 12). A permission code names an action
 * as `<area>:<object>:<action>`, declared by its feature's manifest (`features/`);
 * it is held by an action entry of the menu tree (made from the manifests by
 * apps/server/src/modules/menus/built-in-menu.ts), and a role holds entries.
 * A caller's codes are those of the entries their roles hold, read with their
 * session; the `admin` role holds every entry. The one place the server checks a
 * code is its route declaration (`config.access`, enforced by
 * apps/server/src/plugins/auth.ts); a service asks `hasPermission` only where the
 * answer depends on the data (someone else's profile, the articles shown).
 */

import {
  FEATURE_MANIFESTS,
  type FeatureManifest,
  type FeaturePermissionCode,
  featureKeys,
} from './features/index.js';

export {
  ADMIN_ROLE,
  AUDITOR_ROLE,
  BUILT_IN_ROLES,
  SECURITY_ADMIN_ROLE,
  SEPARATED_ROLES,
  STAFF_ROLE,
} from './roles.js';

/**
 * Every permission code a route or a screen may ask for: those of the feature
 * manifests (`features/`), each with its name and action entry there.
 */
export const PERMISSION_CODES: readonly FeaturePermissionCode[] =
  /* @__PURE__ */ featureKeys<FeaturePermissionCode>('permissions');

export type PermissionCode = (typeof PERMISSION_CODES)[number];

/**
 * The codes one of the separated roles holds alone: no other role may be granted
 * them, and the system administrator's "every entry" leaves them out. So only the
 * auditor reads the trail, and only the security administrator ends sessions.
 */
export const RESERVED_PERMISSIONS: Readonly<Partial<Record<PermissionCode, string>>> =
  /* @__PURE__ */ Object.fromEntries(
    FEATURE_MANIFESTS.flatMap((manifest: FeatureManifest) =>
      Object.entries(manifest.permissions ?? {}).flatMap(([code, permission]) =>
        permission.reservedTo ? [[code, permission.reservedTo] as const] : [],
      ),
    ),
  );

const KNOWN_CODES: ReadonlySet<string> = /* @__PURE__ */ new Set(PERMISSION_CODES);

export function isPermissionCode(value: string): value is PermissionCode {
  return KNOWN_CODES.has(value);
}

/** A caller as far as access goes: the permission codes their roles hold. */
interface PermissionHolder {
  readonly permissions: readonly string[];
}

/**
 * Who may call a route: anyone, any signed-in user, or a holder of a code (of any one
 * of several, for a read that serves more than one screen: the unit picker).
 */
export type RouteAccess =
  'public' | 'signed-in' | { readonly permission: PermissionCode | readonly PermissionCode[] };

/** The codes a route's access accepts, any one of which suffices. */
export function acceptedCodes(access: Exclude<RouteAccess, 'public' | 'signed-in'>) {
  return typeof access.permission === 'string' ? [access.permission] : access.permission;
}

export function hasPermission(user: PermissionHolder, code: PermissionCode): boolean {
  return user.permissions.includes(code);
}

/**
 * Whose users and units a role's holder manages: everyone; the units chosen on
 * the role; their own unit; their own unit and the units below it; only
 * themselves. A holder of several roles reaches the union.
 */
export const DATA_SCOPES = ['all', 'units', 'unit', 'unit-and-below', 'self'] as const;
export type DataScope = (typeof DATA_SCOPES)[number];

/**
 * What the console offers on a user's row, decided by the server's access policy
 * with the caller's codes (issue 24: what is offered is what works). `edit` covers
 * the user form (fields, unit, roles); `disable` or `enable` follows the status.
 */
export const USER_ACTIONS = [
  'edit',
  'reset-password',
  'disable',
  'enable',
  'unlock',
  'factor-reset',
  'end-sessions',
] as const;
export type UserAction = (typeof USER_ACTIONS)[number];

/** What the console offers on a role's row, by the same policy. */
export const ROLE_ACTIONS = ['edit', 'delete'] as const;
export type RoleAction = (typeof ROLE_ACTIONS)[number];

/**
 * What the console offers on a unit, by the same policy: edit it (and its
 * departments), make a unit below it, make one beside it (at the top when its parent
 * is none), delete it.
 */
export const UNIT_ACTIONS = ['edit', 'add-child', 'add-beside', 'delete'] as const;
export type UnitAction = (typeof UNIT_ACTIONS)[number];

/** The kinds of menu entries: a directory groups, a page is a sidebar entry, an action a button. */
export const MENU_ENTRY_KINDS = ['directory', 'page', 'action'] as const;
export type MenuEntryKind = (typeof MENU_ENTRY_KINDS)[number];

/**
 * The console's own codes (`system:…`): the administrative capabilities that make one
 * account stronger than another (docs/administration.md, "Who may act on whom").
 * Business codes and pages (the guide, the map, a subsystem's entry) never do.
 */
export const ADMINISTRATIVE_CODE_PREFIX = 'system:';

export function isAdministrativeCode(code: string): boolean {
  return code.startsWith(ADMINISTRATIVE_CODE_PREFIX);
}
