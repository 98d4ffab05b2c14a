import {
  ErrorCode,
  withNameStandIn,
  type Department,
  type UnitNode,
  type departmentCreateSchema,
  type departmentEditSchema,
  type unitCreateSchema,
  type unitEditSchema,
} from '@cityops/contract';
import type { z } from 'zod';
import { AppError, changedByOthers, notFound } from '../../lib/app-error.js';
import type { Clock } from '../../lib/clock.js';
import type { Repositories, WithTransaction } from '../../repositories.js';
import { type AuditEvent } from '../audit/audit.repository.js';
import { auditSourceOf, changedFields } from '../audit/audit.service.js';
import type { AuthContext } from '../../lib/auth-context.js';
import type { AccessPolicy } from '../access/access-policy.js';
import type { AccessScopeService } from '../access/access-scope.service.js';
import type { UnitRow } from './unit.repository.js';

type UnitInput = z.output<typeof unitCreateSchema>;
type UnitChanges = z.output<typeof unitEditSchema>;
type DepartmentInput = z.output<typeof departmentCreateSchema>;
type DepartmentChanges = z.output<typeof departmentEditSchema>;

export interface UnitServiceOptions {
  repositories: Pick<Repositories, 'units' | 'scopes'>;
  withTransaction: WithTransaction;
  access: AccessScopeService;
  policy: AccessPolicy;
  clock: Clock;
}

/**
 * Units (a tree) and their departments. The tree shows the caller's data scope;
 * every change asks the access policy first (the unit and, for a move, its new
 * place inside the caller's scope).
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
    const toNode = (unit: UnitRow): UnitNode => ({
      ...unit,
      departments: departmentsOf.get(unit.id) ?? [],
      children: (childrenOf.get(unit.id) ?? []).map(toNode),
    });
    // A unit whose parent is outside the scope is a root of the caller's tree.
    return visible.filter((u) => u.parentId === null || !ids.has(u.parentId)).map(toNode);
  }

  async createUnit(auth: AuthContext, raw: UnitInput): Promise<UnitNode> {
    const input = withNameStandIn(raw);
    await this.options.policy.require(auth, 'unit.create', {
      name: input.name,
      parentId: input.parentId,
    });
    if (input.parentId !== null) await this.unit(input.parentId);
    const id = await this.write(auth, async (units) => {
      const created = await units.insertUnit(input);
      return [
        created,
        {
          action: 'unit.create',
          outcome: 'success',
          target: { kind: 'unit', id: created, name: input.name },
          after: { ...input },
        },
      ];
    });
    return this.node(id);
  }

  async updateUnit(auth: AuthContext, id: number, raw: UnitChanges): Promise<UnitNode> {
    const input = withNameStandIn(raw);
    const unit = await this.unit(id);
    await this.options.policy.require(auth, 'unit.update', {
      id,
      name: unit.name,
      parentId: unit.parentId,
      toParentId: input.parentId,
    });
    if (input.parentId !== unit.parentId) {
      if (input.parentId !== null) {
        await this.unit(input.parentId);
        const below = await this.options.repositories.scopes.withDescendants([id]);
        if (below.includes(input.parentId)) {
          throw new AppError(ErrorCode.VALIDATION, {
            messageKey: 'system.unit.cycle',
            fields: [{ field: 'parentId', message: 'system.unit.cycle' }],
          });
        }
      }
    }
    const { version, ...values } = input;
    await this.write(auth, async (units) => {
      if (!(await units.updateUnit(id, version, values))) throw changedByOthers();
      return [
        id,
        {
          action: 'unit.update',
          outcome: 'success',
          target: { kind: 'unit', id, name: values.name },
          ...changedFields(pick(unit, values), values),
        },
      ];
    });
    return this.node(id);
  }

  async deleteUnit(auth: AuthContext, id: number, version: number): Promise<void> {
    const unit = await this.unit(id);
    await this.options.policy.require(auth, 'unit.delete', { id, name: unit.name });
    const { units } = this.options.repositories;
    const deleted = await this.write(auth, async (inTransaction) => {
      if (!(await inTransaction.deleteUnit(id, version))) return [0, null];
      return [
        id,
        {
          action: 'unit.delete',
          outcome: 'success',
          target: { kind: 'unit', id, name: unit.name },
          before: {
            name: unit.name,
            nameEn: unit.nameEn,
            parentId: unit.parentId,
            sortOrder: unit.sortOrder,
          },
        },
      ];
    });
    if (deleted) return;
    const now = await units.findUnit(id);
    if (!now) throw notFound();
    const children = await units.childCount(id);
    if (now.userCount > 0 || children > 0) {
      throw new AppError(ErrorCode.CONFLICT, {
        messageKey: 'system.unit.inUse',
        values: { users: now.userCount, children },
      });
    }
    throw changedByOthers();
  }

  async createDepartment(auth: AuthContext, raw: DepartmentInput): Promise<Department> {
    const input = withNameStandIn(raw);
    await this.options.policy.require(auth, 'department.create', {
      name: input.name,
      organizationId: input.organizationId,
    });
    await this.unit(input.organizationId);
    const id = await this.write(auth, async (units) => {
      const created = await units.insertDepartment(input);
      return [
        created,
        {
          action: 'unit.create',
          outcome: 'success',
          target: { kind: 'department', id: created, name: input.name },
          after: { ...input },
        },
      ];
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
    await this.options.policy.require(auth, 'department.update', {
      id,
      name: department.name,
      organizationId: department.organizationId,
      toOrganizationId: input.organizationId,
    });
    if (input.organizationId !== department.organizationId) await this.unit(input.organizationId);
    const { version, ...values } = input;
    await this.write(auth, async (units) => {
      if (!(await units.updateDepartment(id, version, values))) throw changedByOthers();
      return [
        id,
        {
          action: 'unit.update',
          outcome: 'success',
          target: { kind: 'department', id, name: values.name },
          ...changedFields(pick(department, values), values),
        },
      ];
    });
    return (await this.options.repositories.units.findDepartment(id))!;
  }

  async deleteDepartment(auth: AuthContext, id: number, version: number): Promise<void> {
    const department = await this.department(id);
    await this.options.policy.require(auth, 'department.delete', {
      id,
      name: department.name,
      organizationId: department.organizationId,
    });
    const { units } = this.options.repositories;
    const deleted = await this.write(auth, async (inTransaction) => {
      if (!(await inTransaction.deleteDepartment(id, version))) return [0, null];
      return [
        id,
        {
          action: 'unit.delete',
          outcome: 'success',
          target: { kind: 'department', id, name: department.name },
          before: {
            name: department.name,
            nameEn: department.nameEn,
            organizationId: department.organizationId,
            sortOrder: department.sortOrder,
          },
        },
      ];
    });
    if (deleted) return;
    const now = await units.findDepartment(id);
    if (!now) throw notFound();
    if (now.userCount > 0) {
      throw new AppError(ErrorCode.CONFLICT, {
        messageKey: 'system.department.inUse',
        values: { count: now.userCount },
      });
    }
    throw changedByOthers();
  }

  /**
   * Runs one write and its audit record in one transaction; `work` answers the
   * id written (0 for nothing) and the record (null for none).
   */
  private async write(
    auth: AuthContext,
    work: (units: Repositories['units']) => Promise<[number, AuditEvent | null]>,
  ): Promise<number> {
    const now = this.options.clock.now();
    return this.options.withTransaction(async ({ units, audit }) => {
      const [id, event] = await work(units);
      if (event) await audit.append(now, auditSourceOf(auth), event);
      return id;
    });
  }

  private async unit(id: number): Promise<UnitRow> {
    const unit = await this.options.repositories.units.findUnit(id);
    if (!unit) throw notFound();
    return unit;
  }

  private async department(id: number): Promise<Department> {
    const department = await this.options.repositories.units.findDepartment(id);
    if (!department) throw notFound();
    return department;
  }

  private async node(id: number): Promise<UnitNode> {
    const unit = await this.options.repositories.units.findUnit(id);
    if (!unit) throw notFound();
    const departments = (await this.options.repositories.units.departments()).filter(
      (department) => department.organizationId === id,
    );
    return { ...unit, departments, children: [] };
  }
}

/** The current values of the fields a change names (the trail's before). */
function pick<T extends object>(current: T, fields: object): Record<string, unknown> {
  return Object.fromEntries(
    Object.keys(fields).map((key) => [key, (current as Record<string, unknown>)[key]]),
  );
}
