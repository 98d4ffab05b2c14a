import { type SQL, sql } from 'drizzle-orm';
import { menuEntries, roleMenuEntries, userRoles } from './schema/index.js';
import { textArray } from '../modules/system/sql-arrays.js';

/** The built-in role that holds every entry (contract `ADMIN_ROLE`). */
const ADMIN_ROLE = 'admin';

/**
 * The permission codes of the user in the outer query's `users` row, as a text
 * array: the codes of the action entries their roles hold, every code for the
 * `admin` role; an entry reserved to one of the three administrators counts only
 * for that role, whatever rows say otherwise (issues 12, 13, 21). One fragment for the session lookup and the user data,
 * so both say the same. Every column is written with its alias: Drizzle leaves
 * columns unqualified in a one-table query, where an inner `"id"` would bind to
 * the wrong table.
 */
export function heldPermissions(
  /** Bindings whose MAC failed (secrets/binding-mac.ts): they grant nothing. */
  rejected: { roles: readonly string[]; entries: readonly string[] } = { roles: [], entries: [] },
): SQL<string[]> {
  const roles =
    rejected.roles.length === 0 ? sql`` : sql` and ur.role_id <> all(${textArray(rejected.roles)})`;
  const entries =
    rejected.entries.length === 0
      ? sql``
      : sql` and (rme.role_id || '/' || rme.menu_entry_id) <> all(${textArray(rejected.entries)})`;
  return sql<string[]>`coalesce((
    select array_agg(me.permission order by me.permission)
      from ${menuEntries} me
     where me.permission is not null
       and exists (
         select 1 from ${userRoles} ur
          where ur.user_id = "users"."id"${roles}
            and (me.reserved_role is null or me.reserved_role = ur.role_id)
            and (ur.role_id = ${ADMIN_ROLE}
                 or exists (select 1 from ${roleMenuEntries} rme
                             where rme.role_id = ur.role_id and rme.menu_entry_id = me.id${entries})))),
    '{}'::text[])`;
}
