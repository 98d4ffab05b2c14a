/**
 * The built-in roles, as plain constants: the access rules (`access.ts`) and the
 * feature manifests (`features/`) both name them.
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
export const EDITOR_ROLE = 'editor';
/** The role of every other member of staff. */
export const STAFF_ROLE = 'staff';
/** Roles every installation has (made on every start): they cannot be deleted. */
export const BUILT_IN_ROLES: readonly string[] = [...SEPARATED_ROLES, EDITOR_ROLE, STAFF_ROLE];
