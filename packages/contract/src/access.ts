/**
 * Who may do what, as plain code (no zod) for the server's route declarations
 * and the web app's screens alike (issue 12). A permission code names an action
 * as `<area>:<object>:<action>`; it is held by an action entry of the menu tree
 * (apps/server/src/modules/menus/built-in-menu.ts), and a role holds entries.
 * A caller's codes are those of the entries their roles hold, read with their
 * session; the `admin` role holds every entry. The one place the server checks a
 * code is its route declaration (`config.access`, enforced by
 * apps/server/src/plugins/auth.ts); a service asks `hasPermission` only where the
 * answer depends on the data (someone else's profile, the articles shown).
 */

/**
 * The system administrator (系统管理员): the built-in role that holds every entry not
 * reserved to another role, with the data scope `all`; it cannot be changed.
 */
export const ADMIN_ROLE = 'admin';
/** The security administrator (安全管理员): sessions, sign-in rules, unlocks, second factors. */
export const SECURITY_ADMIN_ROLE = 'security_admin';
/** The auditor (安全审计员): reads and exports the audit trail, changes nothing. */
export const AUDITOR_ROLE = 'auditor';
/**
 * The three administrators kept apart (三员分立, GB/T 22239-2019 level 3): no account
 * holds two of them, and each holds the entries reserved to it alone.
 */
export const SEPARATED_ROLES: readonly string[] = [ADMIN_ROLE, SECURITY_ADMIN_ROLE, AUDITOR_ROLE];
/** The role that writes guidance articles and map features. */
const EDITOR_ROLE = 'editor';
/** The role of every other member of staff. */
export const STAFF_ROLE = 'staff';
/** Roles every installation has (made on every start): they cannot be deleted. */
export const BUILT_IN_ROLES: readonly string[] = [...SEPARATED_ROLES, EDITOR_ROLE, STAFF_ROLE];

/** Every permission code a route or a screen may ask for. */
export const PERMISSION_CODES = [
  /** Create, edit, publish, withdraw and delete guidance articles; read every status. */
  'guide:article:write',
  /** Add, change and delete guidance categories. */
  'guide:category:write',
  /** Add map layers and change map features. */
  'gis:feature:write',
  /** Change the map's tile layers, centre and zoom. */
  'gis:settings:write',
  /** Send messages and list who they can go to. */
  'system:message:send',
  /** See the server's driver and uptime in the health answer. */
  'system:health:read',
  /** List users in the data scope; read any account's user data. */
  'system:user:read',
  'system:user:create',
  /** Change a user's account (and any account's personal info, every field). */
  'system:user:update',
  /** Disable and enable accounts. */
  'system:user:disable',
  'system:user:reset-password',
  /** Unlock an account locked by failed sign-ins. */
  'system:user:unlock',
  'system:user:import',
  'system:user:export',
  'system:role:read',
  'system:role:create',
  'system:role:update',
  'system:role:delete',
  'system:unit:read',
  /** Create, rename, move and delete units and departments. */
  'system:unit:write',
  'system:menu:read',
  /** Change the menu tree: entries, addresses, order, visibility, actions. */
  'system:menu:write',
  /** Change the system's settings: name, framing and subsystem origins, weather, map tiles. */
  'system:settings:write',
  /** Read and change the sign-in, password and session rules (security administrator). */
  'system:security:write',
  /** List every live session (在线用户). */
  'system:session:read',
  /** End another user's session, or all of them. */
  'system:session:end',
  /** Remove a user's lost second factor so they enrol again. */
  'system:factor:reset',
  /** List the registered subsystems (issue 22). */
  'system:subsystem:read',
  /** Register, change and remove subsystems, and issue their secrets. */
  'system:subsystem:write',
  /** Read the audit trail and its verification (auditor). */
  'system:audit:read',
  /** Export the audit trail to Excel or CSV (auditor). */
  'system:audit:export',
] as const;

export type PermissionCode = (typeof PERMISSION_CODES)[number];

/**
 * The codes one of the separated roles holds alone: no other role may be granted
 * them, and the system administrator's "every entry" leaves them out. So only the
 * auditor reads the trail, and only the security administrator ends sessions.
 */
export const RESERVED_PERMISSIONS: Readonly<Partial<Record<PermissionCode, string>>> = {
  'system:audit:read': AUDITOR_ROLE,
  'system:audit:export': AUDITOR_ROLE,
  'system:session:read': SECURITY_ADMIN_ROLE,
  'system:session:end': SECURITY_ADMIN_ROLE,
  'system:security:write': SECURITY_ADMIN_ROLE,
  'system:user:unlock': SECURITY_ADMIN_ROLE,
  'system:factor:reset': SECURITY_ADMIN_ROLE,
};

const KNOWN_CODES: ReadonlySet<string> = new Set(PERMISSION_CODES);

export function isPermissionCode(value: string): value is PermissionCode {
  return KNOWN_CODES.has(value);
}

/** A caller as far as access goes: the permission codes their roles hold. */
interface PermissionHolder {
  readonly permissions: readonly string[];
}

/** Who may call a route: anyone, any signed-in user, or a holder of a code. */
export type RouteAccess = 'public' | 'signed-in' | { readonly permission: PermissionCode };

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

/** The kinds of menu entries: a directory groups, a page is a sidebar entry, an action a button. */
export const MENU_ENTRY_KINDS = ['directory', 'page', 'action'] as const;
export type MenuEntryKind = (typeof MENU_ENTRY_KINDS)[number];
