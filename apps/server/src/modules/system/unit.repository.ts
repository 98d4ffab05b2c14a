import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { assertPolicyAsked } from '../../lib/request-trace.js';
import { departments, organizations, users } from '../../db/schema/index.js';

export interface UnitRow {
  id: number;
  name: string;
  nameEn: string;
  parentId: number | null;
  sortOrder: number;
  userCount: number;
  version: number;
}

export interface DepartmentRow {
  id: number;
  organizationId: number;
  name: string;
  nameEn: string;
  sortOrder: number;
  userCount: number;
  version: number;
}

export interface UnitValues {
  name: string;
  nameEn: string;
  parentId: number | null;
  sortOrder: number;
}

export interface DepartmentValues {
  name: string;
  nameEn: string;
  organizationId: number;
  sortOrder: number;
}

// Counts are written with aliases: Drizzle leaves columns unqualified in a
// one-table query, where an inner "id" would bind to the wrong table.
const unitColumns = {
  id: organizations.id,
  name: organizations.name,
  nameEn: organizations.nameEn,
  parentId: organizations.parentId,
  sortOrder: organizations.sortOrder,
  userCount: sql<number>`(select count(*)::int from ${users} u where u.organization_id = "organizations"."id")`,
  version: organizations.version,
};

const departmentColumns = {
  id: departments.id,
  organizationId: departments.organizationId,
  name: departments.name,
  nameEn: departments.nameEn,
  sortOrder: departments.sortOrder,
  userCount: sql<number>`(select count(*)::int from ${users} u where u.department_id = "departments"."id")`,
  version: departments.version,
};

/** Units (a tree) and their departments. */
export class UnitRepository {
  constructor(private readonly db: Executor) {}

  async units(): Promise<UnitRow[]> {
    return this.db
      .select(unitColumns)
      .from(organizations)
      .orderBy(asc(organizations.sortOrder), asc(organizations.id));
  }

  async departments(): Promise<DepartmentRow[]> {
    return this.db
      .select(departmentColumns)
      .from(departments)
      .orderBy(asc(departments.sortOrder), asc(departments.id));
  }

  async findUnit(id: number): Promise<UnitRow | null> {
    const rows = await this.db
      .select(unitColumns)
      .from(organizations)
      .where(eq(organizations.id, id));
    return rows[0] ?? null;
  }

  async findDepartment(id: number): Promise<DepartmentRow | null> {
    const rows = await this.db
      .select(departmentColumns)
      .from(departments)
      .where(eq(departments.id, id));
    return rows[0] ?? null;
  }

  async insertUnit(values: UnitValues): Promise<number> {
    assertPolicyAsked('units.insertUnit');
    const [row] = await this.db
      .insert(organizations)
      .values(values)
      .returning({ id: organizations.id });
    return row!.id;
  }

  /** False when someone changed the unit after `version`. */
  async updateUnit(id: number, version: number, values: UnitValues): Promise<boolean> {
    assertPolicyAsked('units.updateUnit');
    const rows = await this.db
      .update(organizations)
      .set({ ...values, version: sql`${organizations.version} + 1` })
      .where(and(eq(organizations.id, id), eq(organizations.version, version)))
      .returning({ id: organizations.id });
    return rows.length > 0;
  }

  /**
   * Deletes an empty unit at `version` in one statement (no user, unit or
   * department can slip in between a check and the delete); false otherwise.
   */
  async deleteUnit(id: number, version: number): Promise<boolean> {
    assertPolicyAsked('units.deleteUnit');
    const rows = await this.db
      .delete(organizations)
      .where(
        and(
          eq(organizations.id, id),
          eq(organizations.version, version),
          sql`not exists (select 1 from ${users} where ${users.organizationId} = ${id})`,
          sql`not exists (select 1 from ${departments} where ${departments.organizationId} = ${id})`,
          sql`not exists (select 1 from ${organizations} child where child.parent_id = ${id})`,
        ),
      )
      .returning({ id: organizations.id });
    return rows.length > 0;
  }

  /** Units directly below and departments of a unit. */
  async childCount(id: number): Promise<number> {
    const [units] = await this.db
      .select({ total: count() })
      .from(organizations)
      .where(eq(organizations.parentId, id));
    const [sections] = await this.db
      .select({ total: count() })
      .from(departments)
      .where(eq(departments.organizationId, id));
    return (units?.total ?? 0) + (sections?.total ?? 0);
  }

  async insertDepartment(values: DepartmentValues): Promise<number> {
    assertPolicyAsked('units.insertDepartment');
    const [row] = await this.db
      .insert(departments)
      .values(values)
      .returning({ id: departments.id });
    return row!.id;
  }

  async updateDepartment(id: number, version: number, values: DepartmentValues): Promise<boolean> {
    assertPolicyAsked('units.updateDepartment');
    const rows = await this.db
      .update(departments)
      .set({ ...values, version: sql`${departments.version} + 1` })
      .where(and(eq(departments.id, id), eq(departments.version, version)))
      .returning({ id: departments.id });
    return rows.length > 0;
  }

  /** Deletes a department without users at `version`, in one statement; false otherwise. */
  async deleteDepartment(id: number, version: number): Promise<boolean> {
    assertPolicyAsked('units.deleteDepartment');
    const rows = await this.db
      .delete(departments)
      .where(
        and(
          eq(departments.id, id),
          eq(departments.version, version),
          sql`not exists (select 1 from ${users} where ${users.departmentId} = ${id})`,
        ),
      )
      .returning({ id: departments.id });
    return rows.length > 0;
  }
}
