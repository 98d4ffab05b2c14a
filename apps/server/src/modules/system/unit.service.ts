import {
  ErrorCode,
  withNameStandIn,
  type Department,
  UNIT_LEVEL_PAGE_SIZE,
  UNIT_SEARCH_LIMIT,
  type UnitLevelPage,
  type UnitLevelQuery,
  type UnitItem,
  type UnitNode,
  type UnitSearchQuery,
  type departmentCreateSchema,
  type departmentEditSchema,
  type unitCreateSchema,
  type unitEditSchema,
} from '@cityops/contract';
import type { z } from 'zod';
import { AppError, notFound } from '../../lib/app-error.js';
import type { Repositories } from '../../repositories.js';
import type { AuthContext } from '../../lib/auth-context.js';
import type { AccessOffers } from '../access/access-offers.js';
import type { AccessScopeService } from '../access/access-scope.service.js';
import type { CommandRunner } from '../access/command.js';
import type { UnitLevelRow, UnitReach, UnitRow } from './unit.repository.js';

type UnitInput = z.output<typeof unitCreateSchema>;
type UnitChanges = z.output<typeof unitEditSchema>;
type DepartmentInput = z.output<typeof departmentCreateSchema>;
type DepartmentChanges = z.output<typeof departmentEditSchema>;

export interface UnitServiceOptions {
  repositories: Pick<Repositories, 'units' | 'scopes'>;
  access: AccessScopeService;
  commands: CommandRunner;
  offers: AccessOffers;
}

/**
 * Units (a tree) and their departments. The tree shows the caller's data scope;
 * every change is a command whose route asks the access policy first (the unit and,
 * for a move, its new place inside the caller's scope: unit.routes.ts).
 */
export class UnitService {
  constructor(private readonly options: UnitServiceOptions) {}

  async tree(auth: AuthContext): Promise<UnitNode[]> {
    const scope = await this.options.access.scopeOf(auth.userId);
    const { units } = this.options.repositories;
    const visible = (await units.units()).filter((u) =>
      this.options.access.reachesUnit(scope, u.id),
    );
    const ids = new Set(visible.map((unit) => unit.id));
    const departmentsOf = new Map<number, Department[]>();
    for (const department of await units.departments()) {
      if (!ids.has(department.organizationId)) continue;
      const list = departmentsOf.get(department.organizationId) ?? [];
      list.push(department);
      departmentsOf.set(department.organizationId, list);
    }
    const childrenOf = new Map<number, UnitRow[]>();
    for (const unit of visible) {
      if (unit.parentId === null || !ids.has(unit.parentId)) continue;
      const list = childrenOf.get(unit.parentId) ?? [];
      list.push(unit);
      childrenOf.set(unit.parentId, list);
    }
    const offered = await this.options.offers.unitOffers(auth, visible);
    const offerOf = new Map(visible.map((unit, index) => [unit.id, offered[index]!]));
    const toNode = (unit: UnitRow): UnitNode => ({
      ...unit,
      ...(offerOf.get(unit.id) ?? { actions: [] }),
      departments: departmentsOf.get(unit.id) ?? [],
      children: (childrenOf.get(unit.id) ?? []).map(toNode),
    });
    // A unit whose parent is outside the scope is a root of the caller's tree.
    return visible.filter((u) => u.parentId === null || !ids.has(u.parentId)).map(toNode);
  }

  /**
   * A page of one level of the caller's tree: the units below `parentId`, or the
   * caller's top units. A parent outside the caller's scope is not found, as a unit
   * elsewhere is.
   */
  async level(auth: AuthContext, query: UnitLevelQuery): Promise<UnitLevelPage> {
    const { parentId, after } = query;
    const reach = await this.reachOf(auth);
    if (parentId !== undefined && reach !== 'all' && !reach.includes(parentId)) throw notFound();
    const rows = await this.options.repositories.units.level(parentId ?? null, reach, {
      after,
      limit: UNIT_LEVEL_PAGE_SIZE + 1,
    });
    // An empty level of a unit that is not there is not found, for every caller alike.
    if (rows.length === 0 && parentId !== undefined && reach === 'all') await this.unit(parentId);
    const hasMore = rows.length > UNIT_LEVEL_PAGE_SIZE;
    // The caller opened the parent, so it knows the way there: a level carries no path
    // (a page of siblings would repeat the same one).
    const list = await this.items(auth, rows.slice(0, UNIT_LEVEL_PAGE_SIZE), reach, false);
    return { list, hasMore };
  }

  /** Units by a keyword in either name (the first `UNIT_SEARCH_LIMIT`), or by id. */
  async search(auth: AuthContext, query: UnitSearchQuery): Promise<UnitItem[]> {
    const reach = await this.reachOf(auth);
    const { units } = this.options.repositories;
    const rows = query.ids?.length
      ? await units.levelRowsOf(query.ids, reach)
      : await units.search(query.keyword ?? '', reach, UNIT_SEARCH_LIMIT);
    return this.items(auth, rows, reach, true);
  }

  private async reachOf(auth: AuthContext): Promise<UnitReach> {
    const scope = await this.options.access.scopeOf(auth.userId);
    return scope.all ? 'all' : scope.unitIds;
  }

  /** Level rows as the console shows them: departments, offers and, if asked, the path within reach. */
  private async items(
    auth: AuthContext,
    rows: readonly UnitLevelRow[],
    reach: UnitReach,
    withPath: boolean,
  ): Promise<UnitItem[]> {
    const { units } = this.options.repositories;
    const ids = rows.map((row) => row.id);
    const departmentsOf = new Map<number, Department[]>();
    for (const department of await units.departmentsOf(ids)) {
      const list = departmentsOf.get(department.organizationId) ?? [];
      list.push(department);
      departmentsOf.set(department.organizationId, list);
    }
    // Nearest first from the repository; a scoped caller's path starts at its top unit.
    const pathOf = new Map<number, UnitItem['path']>();
    let above = true;
    let last: number | undefined;
    for (const step of withPath ? await units.ancestors(ids) : []) {
      if (step.startId !== last) above = true;
      last = step.startId;
      above &&= reach === 'all' || reach.includes(step.id);
      if (!above) continue;
      const path = pathOf.get(step.startId) ?? [];
      path.unshift({ id: step.id, name: step.name, nameEn: step.nameEn });
      pathOf.set(step.startId, path);
    }
    const offered = await this.options.offers.unitOffers(auth, rows);
    return rows.map((row, index) => ({
      ...row,
      ...offered[index]!,
      departments: departmentsOf.get(row.id) ?? [],
      path: pathOf.get(row.id) ?? [],
    }));
  }

  async createUnit(auth: AuthContext, raw: UnitInput): Promise<UnitNode> {
    const input = withNameStandIn(raw);
    if (input.parentId !== null) await this.unit(input.parentId);
    const id = await this.options.commands.run(auth, async ({ units }) => {
      const created = await units.insertUnit(input);
      return {
        target: { kind: 'unit', id: created, name: input.name },
        after: input,
        value: created,
      };
    });
    return this.node(auth, id);
  }

  async updateUnit(auth: AuthContext, id: number, raw: UnitChanges): Promise<UnitNode> {
    const input = withNameStandIn(raw);
    const unit = await this.unit(id);
    if (input.parentId !== unit.parentId) {
      if (input.parentId === id) throw this.cycle();
      if (input.parentId !== null) {
        await this.unit(input.parentId);
        const below = await this.options.repositories.scopes.withDescendants([id]);
        if (below.includes(input.parentId)) throw this.cycle();
      }
    }
    const { version, ...values } = input;
    await this.options.commands.run(auth, async ({ units }) => ({
      outcome: await units.updateUnit(id, version, values),
      target: { kind: 'unit', id, name: values.name },
      before: pick(unit, values),
      after: values,
      value: id,
    }));
    return this.node(auth, id);
  }

  async deleteUnit(auth: AuthContext, id: number, version: number): Promise<void> {
    const unit = await this.unit(id);
    await this.options.commands.run(
      auth,
      async ({ units }) => ({
        outcome: await units.deleteUnit(id, version),
        target: { kind: 'unit', id, name: unit.name },
        before: {
          name: unit.name,
          nameEn: unit.nameEn,
          parentId: unit.parentId,
          sortOrder: unit.sortOrder,
        },
        value: id,
      }),
      {
        blocked: async () => {
          const { units } = this.options.repositories;
          const now = await units.findUnit(id);
          return new AppError(ErrorCode.CONFLICT, {
            messageKey: 'system.unit.inUse',
            values: { users: now?.userCount ?? 0, children: await units.childCount(id) },
          });
        },
      },
    );
  }

  async createDepartment(auth: AuthContext, raw: DepartmentInput): Promise<Department> {
    const input = withNameStandIn(raw);
    await this.unit(input.organizationId);
    const id = await this.options.commands.run(auth, async ({ units }) => {
      const created = await units.insertDepartment(input);
      return {
        target: { kind: 'department', id: created, name: input.name },
        after: input,
        value: created,
      };
    });
    return (await this.options.repositories.units.findDepartment(id))!;
  }

  async updateDepartment(
    auth: AuthContext,
    id: number,
    raw: DepartmentChanges,
  ): Promise<Department> {
    const input = withNameStandIn(raw);
    const department = await this.department(id);
    if (input.organizationId !== department.organizationId) await this.unit(input.organizationId);
    const { version, ...values } = input;
    await this.options.commands.run(auth, async ({ units }) => ({
      outcome: await units.updateDepartment(id, version, values),
      target: { kind: 'department', id, name: values.name },
      before: pick(department, values),
      after: values,
      value: id,
    }));
    return (await this.options.repositories.units.findDepartment(id))!;
  }

  async deleteDepartment(auth: AuthContext, id: number, version: number): Promise<void> {
    const department = await this.department(id);
    await this.options.commands.run(
      auth,
      async ({ units }) => ({
        outcome: await units.deleteDepartment(id, version),
        target: { kind: 'department', id, name: department.name },
        before: {
          name: department.name,
          nameEn: department.nameEn,
          organizationId: department.organizationId,
          sortOrder: department.sortOrder,
        },
        value: id,
      }),
      {
        blocked: async () => {
          const now = await this.options.repositories.units.findDepartment(id);
          return new AppError(ErrorCode.CONFLICT, {
            messageKey: 'system.department.inUse',
            values: { count: now?.userCount ?? 0 },
          });
        },
      },
    );
  }

  private cycle(): AppError {
    return new AppError(ErrorCode.VALIDATION, {
      messageKey: 'system.unit.cycle',
      fields: [{ field: 'parentId', message: 'system.unit.cycle' }],
    });
  }

  /** A unit as the policy weighs it (plugins/command-pipeline.ts); 404 when it is gone. */
  async unit(id: number): Promise<UnitRow> {
    const unit = await this.options.repositories.units.findUnit(id);
    if (!unit) throw notFound();
    return unit;
  }

  /**
   * A department as the caller may read it: 404 when it is gone or its unit is outside
   * the caller's scope (a dialog's reload finds one moved to another unit, too).
   */
  async readDepartment(auth: AuthContext, id: number): Promise<Department> {
    const department = await this.department(id);
    const reach = await this.reachOf(auth);
    if (reach !== 'all' && !reach.includes(department.organizationId)) throw notFound();
    return department;
  }

  /** A department as the policy weighs it; 404 when it is gone. */
  async department(id: number): Promise<Department> {
    const department = await this.options.repositories.units.findDepartment(id);
    if (!department) throw notFound();
    return department;
  }

  private async node(auth: AuthContext, id: number): Promise<UnitNode> {
    const unit = await this.options.repositories.units.findUnit(id);
    if (!unit) throw notFound();
    const departments = await this.options.repositories.units.departmentsOf([id]);
    const [offer] = await this.options.offers.unitOffers(auth, [unit]);
    return { ...unit, ...offer!, departments, children: [] };
  }
}

/** The current values of the fields a change names (the trail's before). */
function pick<T extends object>(current: T, fields: object): Record<string, unknown> {
  return Object.fromEntries(
    Object.keys(fields).map((key) => [key, (current as Record<string, unknown>)[key]]),
  );
}
