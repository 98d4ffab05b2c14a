import { type DataScope, ADMIN_ROLE, ADMINISTRATIVE_CODE_PREFIX } from '@cityops/contract';
import { and, eq, inArray, isNotNull, like, sql } from 'drizzle-orm';
import { honouredRoleTerms, verifiedBindings } from '../../db/access-bindings.js';
import { type Executor, rowsOf } from '../../db/client.js';
import { menuEntries, organizations, roleMenuEntries, users } from '../../db/schema/index.js';
import type { BindingMac } from '../secrets/binding-mac.js';
import { intArray } from './sql-arrays.js';

export interface RoleScopeRow {
  roleId: string;
  dataScope: DataScope;
  unitIds: number[];
}

/** What a user's roles reach: their scopes, their own unit and the entries they hold. */
export class ScopeRepository {
  constructor(
    private readonly db: Executor,
    /** A role or entry binding whose MAC fails reaches nothing (issue 30, GB/T 39786 8.3). */
    private readonly bindingMac?: BindingMac,
  ) {}

  /**
   * The roles a user holds by a binding whose MAC verifies, each with its data scope as
   * honoured (a role whose terms fail reaches only its holder's own records) and the units
   * it reaches by a unit binding that verifies (issue 30).
   */
  async rolesOf(userId: number): Promise<RoleScopeRow[]> {
    const held = await verifiedBindings(this.db, this.bindingMac, 'user-role', {
      userIds: [userId],
    });
    const roleIds = held.map((binding) => binding.roleId);
    const terms = await honouredRoleTerms(this.db, this.bindingMac, roleIds);
    const units = await verifiedBindings(this.db, this.bindingMac, 'role-unit', { roleIds });
    return roleIds.flatMap((roleId) => {
      const dataScope = terms.get(roleId)?.dataScope;
      if (dataScope === undefined) return [];
      return [
        {
          roleId,
          dataScope,
          unitIds: units
            .filter((unit) => unit.roleId === roleId)
            .map((unit) => unit.organizationId)
            .sort((a, b) => a - b),
        },
      ];
    });
  }

  async organizationOf(userId: number): Promise<number | null> {
    const rows = await this.db
      .select({ organizationId: users.organizationId })
      .from(users)
      .where(eq(users.id, userId));
    return rows[0]?.organizationId ?? null;
  }

  /** The units and every unit below them (a bounded walk of the unit tree). */
  async withDescendants(unitIds: readonly number[]): Promise<number[]> {
    if (unitIds.length === 0) return [];
    const result = await this.db.execute(sql`
      with recursive tree(id, depth) as (
        select ${organizations.id}, 0 from ${organizations}
         where ${organizations.id} = any(${intArray(unitIds)})
        union
        select o.id, t.depth + 1 from ${organizations} o join tree t on o.parent_id = t.id
         where t.depth < 64
      )
      select distinct id from tree order by id`);
    return rowsOf<{ id: number | string }>(result).map((row) => Number(row.id));
  }

  /**
   * The menu entries a user's roles hold (all of them for the admin role); an entry
   * reserved to one of the three administrators only for its own role.
   */
  async heldEntryIds(userId: number): Promise<number[] | 'all'> {
    const held = await this.rolesOf(userId);
    if (held.some((role) => role.roleId === ADMIN_ROLE)) return 'all';
    if (held.length === 0) return [];
    const rows = await this.db
      .select({
        roleId: roleMenuEntries.roleId,
        menuEntryId: roleMenuEntries.menuEntryId,
        mac: roleMenuEntries.mac,
      })
      .from(roleMenuEntries)
      .innerJoin(menuEntries, eq(menuEntries.id, roleMenuEntries.menuEntryId))
      .where(
        and(
          inArray(
            roleMenuEntries.roleId,
            held.map((role) => role.roleId),
          ),
          sql`(${menuEntries.reservedRole} is null or ${menuEntries.reservedRole} = ${roleMenuEntries.roleId})`,
        ),
      );
    const rejected = this.bindingMac
      ? await this.bindingMac.rejected(rows.map((row) => ({ kind: 'role-entry' as const, ...row })))
      : [];
    const honoured = rows.filter(
      (row) =>
        !rejected.some(
          (binding) => binding.menuEntryId === row.menuEntryId && binding.roleId === row.roleId,
        ),
    );
    return [...new Set(honoured.map((row) => row.menuEntryId))];
  }

  /** Which of these entries are reserved to one of the three administrators. */
  async reservedAmong(entryIds: readonly number[]): Promise<number[]> {
    if (entryIds.length === 0) return [];
    const rows = await this.db
      .select({ id: menuEntries.id })
      .from(menuEntries)
      .where(and(inArray(menuEntries.id, [...entryIds]), isNotNull(menuEntries.reservedRole)));
    return rows.map((row) => row.id);
  }

  /**
   * Which of these entries carry an administrative capability (contract
   * `isAdministrativeCode`: the console's `system:` codes).
   */
  async administrativeAmong(entryIds: readonly number[]): Promise<number[]> {
    if (entryIds.length === 0) return [];
    const rows = await this.db
      .select({ id: menuEntries.id })
      .from(menuEntries)
      .where(
        and(
          inArray(menuEntries.id, [...entryIds]),
          like(menuEntries.permission, `${ADMINISTRATIVE_CODE_PREFIX}%`),
        ),
      );
    return rows.map((row) => row.id);
  }
}
