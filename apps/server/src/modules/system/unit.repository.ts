import { asc, count, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { deleteVersioned, updateVersioned, type VersionedOutcome } from '../../db/versioned.js';
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
    const [row] = await this.db
      .insert(organizations)
      .values(values)
      .returning({ id: organizations.id });
    return row!.id;
  }

  async updateUnit(id: number, version: number, values: UnitValues): Promise<VersionedOutcome> {
    return updateVersioned(this.db, organizations, id, version, values);
  }

  /** Deletes an empty unit at `version`: 'blocked' while a user, unit or department is in it. */
  async deleteUnit(id: number, version: number): Promise<VersionedOutcome> {
    return deleteVersioned(this.db, organizations, id, version, [
      sql`not exists (select 1 from ${users} where ${users.organizationId} = ${id})`,
      sql`not exists (select 1 from ${departments} where ${departments.organizationId} = ${id})`,
      sql`not exists (select 1 from ${organizations} child where child.parent_id = ${id})`,
    ]);
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
    const [row] = await this.db
      .insert(departments)
      .values(values)
      .returning({ id: departments.id });
    return row!.id;
  }

  async updateDepartment(
    id: number,
    version: number,
    values: DepartmentValues,
  ): Promise<VersionedOutcome> {
    return updateVersioned(this.db, departments, id, version, values);
  }

  /** Deletes a department at `version`: 'blocked' while a user is in it. */
  async deleteDepartment(id: number, version: number): Promise<VersionedOutcome> {
    return deleteVersioned(this.db, departments, id, version, [
      sql`not exists (select 1 from ${users} where ${users.departmentId} = ${id})`,
    ]);
  }
}
