import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { menuEntries, roleMenuEntries, userRoles } from './schema/index.js';

/** The built-in role that holds every entry (contract `ADMIN_ROLE`). */
const ADMIN_ROLE = 'admin';

/**
 * The permission codes a user holds, as a text array: the codes of the action
 * entries their roles hold, every code for the `admin` role (issue 12). One
 * fragment for the session lookup and the user data, so both say the same.
 */
export function heldPermissions(userId: SQLWrapper): SQL<string[]> {
  return sql<string[]>`coalesce((
    select array_agg(${menuEntries.permission} order by ${menuEntries.permission})
      from ${menuEntries}
     where ${menuEntries.permission} is not null
       and exists (
         select 1 from ${userRoles}
          where ${userRoles.userId} = ${userId}
            and (${userRoles.roleId} = ${ADMIN_ROLE}
                 or exists (select 1 from ${roleMenuEntries}
                             where ${roleMenuEntries.roleId} = ${userRoles.roleId}
                               and ${roleMenuEntries.menuEntryId} = ${menuEntries.id})))),
    '{}'::text[])`;
}
