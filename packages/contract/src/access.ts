/**
 * Who may do what, as plain code (no zod) for the server's route declarations
 * and the web app's screens alike. A rule names an action as
 * `<area>:<object>:<action>`; the roles below hold it. The one place the
 * server checks a rule is its route declaration (`config.access`, enforced by
 * apps/server/src/plugins/auth.ts); a service asks `hasPermission` only where
 * the answer depends on the data (someone else's profile, the articles shown).
 */

/** The role that sees every route and menu entry. */
export const ADMIN_ROLE = 'admin';
/** The role that writes guidance articles and map features. */
export const EDITOR_ROLE = 'editor';

const ADMINISTRATORS = [ADMIN_ROLE] as const;
const EDITORS = [ADMIN_ROLE, EDITOR_ROLE] as const;

/** Each rule and the roles that hold it. */
export const PERMISSION_ROLES = {
  /** Create, edit, publish, withdraw and delete guidance articles; read every status. */
  'guide:article:write': EDITORS,
  /** Add, change and delete guidance categories. */
  'guide:category:write': ADMINISTRATORS,
  /** Add map layers and change map features. */
  'gis:feature:write': EDITORS,
  /** Change the map's tile layers, centre and zoom. */
  'gis:settings:write': ADMINISTRATORS,
  /** Send messages and list who they can go to. */
  'system:message:send': ADMINISTRATORS,
  /** Read any account's user data (everyone reads their own). */
  'system:user:read': ADMINISTRATORS,
  /** Change any account's personal info, every field (staff change their own avatar). */
  'system:user:update': ADMINISTRATORS,
  /** See the server's driver and uptime in the health answer. */
  'system:health:read': ADMINISTRATORS,
} as const satisfies Record<string, readonly string[]>;

export type PermissionRule = keyof typeof PERMISSION_ROLES;

/** A caller as far as access goes: the roles they hold. */
export interface RoleHolder {
  readonly roleIds: readonly string[];
}

/** Who may call a route: anyone, any signed-in user, or a holder of a rule. */
export type RouteAccess = 'public' | 'signed-in' | { readonly permission: PermissionRule };

export function isAdministrator(user: RoleHolder): boolean {
  return user.roleIds.includes(ADMIN_ROLE);
}

export function hasPermission(user: RoleHolder, rule: PermissionRule): boolean {
  const holders: readonly string[] = PERMISSION_ROLES[rule];
  return user.roleIds.some((role) => holders.includes(role));
}
