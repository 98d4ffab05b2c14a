import { asc, count, eq, sql, type SQL } from 'drizzle-orm';
import { type Executor, rowsOf } from '../../db/client.js';
import { deleteVersioned, updateVersioned, type VersionedOutcome } from '../../db/versioned.js';
import { containsPattern } from '../../db/like.js';
import { departments, organizations, users } from '../../db/schema/index.js';
import { intArray } from './sql-arrays.js';

export interface UnitRow {
  id: number;
  name: string;
  nameEn: string;
  parentId: number | null;
  sortOrder: number;
  userCount: number;
  version: number;
}

/** A unit read a level at a time: whether units in the reader's scope sit below it. */
export interface UnitLevelRow extends UnitRow {
  hasChildren: boolean;
}

/** A unit above another, and how far above (1 = its parent). */
export interface UnitAncestorRow {
  startId: number;
  id: number;
  name: string;
  nameEn: string;
  depth: number;
}

/**
 * Which units a reader sees: every unit, or those of its data scope (access-scope.service.ts).
 * The repository filters by it and leaves the rule to the service.
 */
export type UnitReach = readonly number[] | 'all';

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

  /**
   * The units directly below `parentId` within `reach`, or, with `parentId` null, the
   * top of the reach: the units whose parent is outside it (or none). One index walk
   * of `organizations_parent_idx` for a level, whatever the city's size.
   */
  async level(
    parentId: number | null,
    reach: UnitReach,
    page: { after: number | undefined; limit: number },
  ): Promise<UnitLevelRow[]> {
    const below =
      parentId !== null
        ? eq(organizations.parentId, parentId)
        : reach === 'all'
          ? sql`${organizations.parentId} is null`
          : sql`(${organizations.parentId} is null or not ${organizations.parentId} = any(${intArray(reach)}))`;
    // Keyset paging in the tree's order (organizations_parent_idx): a page past the
    // first costs what the first does. A unit deleted meanwhile ends the level.
    const where =
      page.after === undefined
        ? below
        : sql`${below} and (${organizations.sortOrder}, ${organizations.id}) >
            (select o.sort_order, o.id from ${organizations} o where o.id = ${page.after})`;
    return this.levelRows(where, reach, page.limit);
  }

  /** The units of `ids` within `reach`, in the tree's order. */
  async levelRowsOf(ids: readonly number[], reach: UnitReach): Promise<UnitLevelRow[]> {
    if (ids.length === 0) return [];
    return this.levelRows(sql`${organizations.id} = any(${intArray(ids)})`, reach);
  }

  /** Units within `reach` with `keyword` in either name, at most `limit`. */
  async search(keyword: string, reach: UnitReach, limit: number): Promise<UnitLevelRow[]> {
    const pattern = containsPattern(keyword);
    return this.levelRows(
      sql`(${organizations.name} ilike ${pattern} or ${organizations.nameEn} ilike ${pattern})`,
      reach,
      limit,
    );
  }

  /**
   * The units above each of `ids`, nearest first up to the top of the tree. The
   * depth bound guards a cycle that the service's move check rules out.
   */
  async ancestors(ids: readonly number[]): Promise<UnitAncestorRow[]> {
    if (ids.length === 0) return [];
    const result = await this.db.execute(sql`
      with recursive up(start_id, id, parent_id, name, name_en, depth) as (
        select o.id, p.id, p.parent_id, p.name, p.name_en, 1
        from ${organizations} o join ${organizations} p on p.id = o.parent_id
        where o.id = any(${intArray(ids)})
        union all
        select up.start_id, p.id, p.parent_id, p.name, p.name_en, up.depth + 1
        from up join ${organizations} p on p.id = up.parent_id
        where up.depth < 64
      )
      select start_id as "startId", id, name, name_en as "nameEn", depth
        from up order by start_id, depth`);
    return rowsOf<UnitAncestorRow>(result);
  }

  /** The departments of `unitIds`, in their order. */
  async departmentsOf(unitIds: readonly number[]): Promise<DepartmentRow[]> {
    if (unitIds.length === 0) return [];
    return this.db
      .select(departmentColumns)
      .from(departments)
      .where(sql`${departments.organizationId} = any(${intArray(unitIds)})`)
      .orderBy(asc(departments.sortOrder), asc(departments.id));
  }

  private async levelRows(where: SQL, reach: UnitReach, limit?: number): Promise<UnitLevelRow[]> {
    const inReach = (column: SQL) =>
      reach === 'all' ? sql`true` : sql`${column} = any(${intArray(reach)})`;
    const query = this.db
      .select({
        ...unitColumns,
        hasChildren: sql<boolean>`exists (select 1 from ${organizations} child
          where child.parent_id = "organizations"."id" and ${inReach(sql`child.id`)})`,
      })
      .from(organizations)
      .where(sql`${where} and ${inReach(sql`${organizations.id}`)}`)
      .orderBy(asc(organizations.sortOrder), asc(organizations.id));
    return limit === undefined ? query : query.limit(limit);
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
