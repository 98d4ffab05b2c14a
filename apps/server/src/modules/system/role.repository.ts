import { type DataScope, ADMIN_ROLE } from '@cityops/contract';
import { and, asc, count, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import {
  insertRoleEntries,
  insertRoleUnits,
  roleTermsMac,
  termsAsHonoured,
  verifiedBindings,
} from '../../db/access-bindings.js';
import type { Executor } from '../../db/client.js';
import { containsPattern } from '../../db/like.js';
import { type CountedTotal, countUpTo } from '../../db/paging.js';
import { roleMenuEntries, roleUnits, roles, userRoles, users } from '../../db/schema/index.js';
import type { SessionChanges } from '../auth/session-cache.js';
import type { BindingMac } from '../secrets/binding-mac.js';
import { intArray } from './sql-arrays.js';
import { deleteVersioned, updateVersioned, type VersionedOutcome } from '../../db/versioned.js';

export interface RoleRecord {
  id: string;
  name: string;
  nameEn: string;
  dataScope: DataScope;
  secondFactor: boolean;
  assignable: boolean;
  unitIds: number[];
  entryIds: number[];
  userCount: number;
  version: number;
}

export interface RoleValues {
  name: string;
  nameEn: string;
  dataScope: DataScope;
  secondFactor: boolean;
  assignable: boolean;
}

const roleColumns = {
  id: roles.id,
  name: roles.name,
  nameEn: roles.nameEn,
  dataScope: sql<DataScope>`${roles.dataScope}`,
  secondFactor: roles.secondFactor,
  assignable: roles.assignable,
  mac: roles.mac,
  userCount: sql<number>`(select count(*)::int from ${userRoles} ur where ur.role_id = "roles"."id")`,
  version: roles.version,
};

/**
 * Roles, the entries they hold and the units they reach. Every write changes what
 * some sessions may do: it is reported (`everyone`), so remembered sessions are
 * read again on their next request (auth/session-cache.ts).
 */
export class RoleRepository {
  constructor(
    private readonly db: Executor,
    private readonly changes: SessionChanges,
    /** Signs each entry and unit binding written, and checks each read (issue 30). */
    private readonly bindingMac?: BindingMac,
  ) {}

  async page(
    keyword: string | undefined,
    offset: number,
    limit: number,
  ): Promise<CountedTotal & { list: RoleRecord[] }> {
    const pattern = keyword ? containsPattern(keyword) : undefined;
    const where = pattern
      ? or(ilike(roles.id, pattern), ilike(roles.name, pattern), ilike(roles.nameEn, pattern))
      : undefined;
    const counted = await countUpTo(
      this.db,
      this.db.select({ id: roles.id }).from(roles).where(where).$dynamic(),
    );
    const list = await this.db
      .select(roleColumns)
      .from(roles)
      .where(where)
      .orderBy(asc(roles.sortOrder), asc(roles.createdAt), asc(roles.id))
      .limit(limit)
      .offset(offset);
    return { ...counted, list: await this.withBindings(list) };
  }

  async find(id: string): Promise<RoleRecord | null> {
    const rows = await this.db.select(roleColumns).from(roles).where(eq(roles.id, id));
    return (await this.withBindings(rows))[0] ?? null;
  }

  /**
   * The roles' terms, entries and units as they count: only by a MAC that verifies (issue
   * 30), so the console neither shows one changed or added by SQL nor saves (and signs) it
   * again, and the policy weighs a role as its holders get it.
   */
  private async withBindings(
    rows: (Omit<RoleRecord, 'unitIds' | 'entryIds'> & { mac: string | null })[],
  ): Promise<RoleRecord[]> {
    const roleIds = rows.map((row) => row.id);
    const terms = await termsAsHonoured(
      this.bindingMac,
      rows.map(({ id, dataScope, secondFactor, assignable, mac }) => ({
        roleId: id,
        dataScope,
        secondFactor,
        assignable,
        mac,
      })),
    );
    const entries = await verifiedBindings(this.db, this.bindingMac, 'role-entry', { roleIds });
    const units = await verifiedBindings(this.db, this.bindingMac, 'role-unit', { roleIds });
    const ascending = (a: number, b: number) => a - b;
    return rows.map(({ mac: _mac, ...row }) => ({
      ...row,
      ...terms.get(row.id),
      unitIds: units
        .filter((unit) => unit.roleId === row.id)
        .map((unit) => unit.organizationId)
        .sort(ascending),
      entryIds: entries
        .filter((entry) => entry.roleId === row.id)
        .map((entry) => entry.menuEntryId)
        .sort(ascending),
    }));
  }

  /** False when a role with this code exists. */
  async insert(id: string, values: RoleValues, now: Date): Promise<boolean> {
    const mac = await roleTermsMac(this.bindingMac, id, values);
    const rows = await this.db
      .insert(roles)
      .values({ id, ...values, mac, createdAt: now, updatedAt: now })
      .onConflictDoNothing()
      .returning({ id: roles.id });
    return rows.length > 0;
  }

  async update(
    id: string,
    version: number,
    values: RoleValues,
    now: Date,
  ): Promise<VersionedOutcome> {
    const outcome = await updateVersioned(this.db, roles, id, version, {
      ...values,
      mac: await roleTermsMac(this.bindingMac, id, values),
      updatedAt: now,
    });
    if (outcome === 'ok') await this.changes.changed({ everyone: true });
    return outcome;
  }

  async setEntries(id: string, entryIds: readonly number[]): Promise<void> {
    await this.db.delete(roleMenuEntries).where(eq(roleMenuEntries.roleId, id));
    await insertRoleEntries(
      this.db,
      this.bindingMac,
      entryIds.map((menuEntryId) => ({ roleId: id, menuEntryId })),
    );
    await this.changes.changed({ everyone: true });
  }

  async setUnits(id: string, unitIds: readonly number[]): Promise<void> {
    await this.db.delete(roleUnits).where(eq(roleUnits.roleId, id));
    await insertRoleUnits(
      this.db,
      this.bindingMac,
      unitIds.map((organizationId) => ({ roleId: id, organizationId })),
    );
  }

  async delete(id: string, version: number): Promise<VersionedOutcome> {
    const outcome = await deleteVersioned(this.db, roles, id, version);
    if (outcome === 'ok') await this.changes.changed({ everyone: true });
    return outcome;
  }

  /** Which of these role codes exist. */
  async existing(ids: readonly string[]): Promise<string[]> {
    if (ids.length === 0) return [];
    const rows = await this.db.select({ id: roles.id }).from(roles);
    const wanted = new Set(ids);
    return rows.map((row) => row.id).filter((id) => wanted.has(id));
  }

  /** Whether a role has holders outside a reach (a scoped administrator may not touch it). */
  async holdersOutside(
    id: string,
    unitIds: readonly number[],
    selfUserId: number | null,
  ): Promise<boolean> {
    // Whether there is one, not how many: a role held across a city of 100,000 stops at
    // its first holder outside (issue 33).
    const rows = await this.db
      .select({ userId: userRoles.userId })
      .from(userRoles)
      .innerJoin(users, eq(users.id, userRoles.userId))
      .where(
        and(
          eq(userRoles.roleId, id),
          sql`not (coalesce(${users.organizationId} = any(${intArray(unitIds)}), false)
                   or ${users.id} is not distinct from ${selfUserId})`,
        ),
      )
      .limit(1);
    return rows.length > 0;
  }

  /**
   * Each role's holders within a reach (its units and perhaps the caller), in one walk of
   * the reach's accounts: a district's, not the city's.
   */
  async holdersWithin(
    ids: readonly string[],
    unitIds: readonly number[],
    selfUserId: number | null,
  ): Promise<Map<string, number>> {
    if (ids.length === 0) return new Map();
    const rows = await this.db
      .select({ roleId: userRoles.roleId, total: count() })
      .from(users)
      .innerJoin(userRoles, eq(userRoles.userId, users.id))
      .where(
        and(
          inArray(userRoles.roleId, [...ids]),
          or(
            sql`${users.organizationId} = any(${intArray(unitIds)})`,
            selfUserId === null ? undefined : eq(users.id, selfUserId),
          ),
        ),
      )
      .groupBy(userRoles.roleId);
    return new Map(rows.map((row) => [row.roleId, row.total]));
  }

  /** The other roles the holders of a role hold (a change to it reaches them too). */
  async heldAlongside(id: string): Promise<string[]> {
    const rows = await this.db
      .selectDistinct({ roleId: userRoles.roleId })
      .from(userRoles)
      .where(
        and(
          sql`${userRoles.userId} in (select ur.user_id from ${userRoles} ur where ur.role_id = ${id})`,
          sql`${userRoles.roleId} <> ${id}`,
        ),
      );
    return rows.map((row) => row.roleId).sort();
  }

  /**
   * Enabled holders of the admin role other than `exceptUserId`, each by a binding whose
   * MAC verifies: a role given by SQL is no administrator, so it cannot let the last real
   * one be disabled or demoted (issue 30). Administrators are few; all are read.
   */
  async otherActiveAdministrators(exceptUserId: number): Promise<number> {
    const held = await verifiedBindings(this.db, this.bindingMac, 'user-role', {
      roleIds: [ADMIN_ROLE],
    });
    const others = held.map((binding) => binding.userId).filter((id) => id !== exceptUserId);
    if (others.length === 0) return 0;
    const [row] = await this.db
      .select({ total: count() })
      .from(users)
      .where(and(inArray(users.id, others), eq(users.disabled, false)));
    return row?.total ?? 0;
  }
}
