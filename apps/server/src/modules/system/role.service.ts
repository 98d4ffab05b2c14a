import {
  BUILT_IN_ROLES,
  ErrorCode,
  type GrantableEntry,
  type Role,
  type RoleCreate,
  type RolePage,
  type roleCreateSchema,
  type roleEditSchema,
} from '@cityops/contract';
import type { z } from 'zod';
import { AppError, changedByOthers, notFound } from '../../lib/app-error.js';
import type { Clock } from '../../lib/clock.js';
import type { Repositories, WithTransaction } from '../../repositories.js';
import { auditSourceOf, changedFields } from '../audit/audit.service.js';
import type { AuthContext } from '../auth/auth.service.js';
import type { MenuEntryRecord } from '../menus/menu.repository.js';
import type { AccessPolicy } from '../access/access-policy.js';
import type { Grant } from '../access/access-scope.service.js';
import type { RoleRecord } from './role.repository.js';

export interface RoleServiceOptions {
  repositories: Pick<Repositories, 'roles' | 'menus' | 'scopes' | 'units'>;
  withTransaction: WithTransaction;
  policy: AccessPolicy;
  clock: Clock;
}

type RoleInput = z.output<typeof roleCreateSchema>;
type RoleChanges = z.output<typeof roleEditSchema>;

/** Roles: their entries (so their permission codes) and data scope, granted without escalation. */
export class RoleService {
  constructor(private readonly options: RoleServiceOptions) {}

  async page(query: { keyword?: string | undefined; pageIndex: number; pageSize: number }) {
    const { total, list } = await this.options.repositories.roles.page(
      query.keyword,
      (query.pageIndex - 1) * query.pageSize,
      query.pageSize,
    );
    return {
      total,
      pageIndex: query.pageIndex,
      pageSize: query.pageSize,
      list: list.map(toRole),
    } satisfies RolePage;
  }

  async get(id: string): Promise<Role> {
    const role = await this.options.repositories.roles.find(id);
    if (!role) throw notFound();
    return toRole(role);
  }

  /** The menu tree cut to the entries the caller holds: what they may grant. */
  async grantable(auth: AuthContext): Promise<GrantableEntry[]> {
    const records = await this.options.repositories.menus.findAll();
    const held = await this.options.repositories.scopes.heldEntryIds(auth.userId);
    const holds = held === 'all' ? null : new Set(held);
    const byParent = new Map<number | null, MenuEntryRecord[]>();
    for (const record of records) {
      if (holds && !holds.has(record.id)) continue;
      const siblings = byParent.get(record.parentId) ?? [];
      siblings.push(record);
      byParent.set(record.parentId, siblings);
    }
    const ids = new Set(records.filter((r) => !holds || holds.has(r.id)).map((r) => r.id));
    const toNode = (record: MenuEntryRecord): GrantableEntry => ({
      id: record.id,
      code: record.code,
      name: record.name,
      nameEn: record.nameEn,
      kind: record.kind,
      permission: record.permission,
      children: (byParent.get(record.id) ?? []).map(toNode),
    });
    // An entry whose parent the caller does not hold is shown at the top.
    return records
      .filter((r) => ids.has(r.id) && (r.parentId === null || !ids.has(r.parentId)))
      .map(toNode);
  }

  async create(auth: AuthContext, input: RoleInput): Promise<Role> {
    const grant = await this.grantOf(input);
    await this.options.policy.require(auth, 'role.create', {
      id: input.id,
      name: input.name,
      grant,
    });
    const now = this.options.clock.now();
    await this.options.withTransaction(async ({ roles, audit }) => {
      if (!(await roles.insert(input.id, roleValues(input), now))) {
        throw new AppError(ErrorCode.CONFLICT, {
          messageKey: 'system.roleCode.taken',
          fields: [{ field: 'id', message: 'system.roleCode.taken' }],
        });
      }
      await roles.setEntries(input.id, grant.entryIds);
      await roles.setUnits(input.id, grant.unitIds);
      await audit.append(now, auditSourceOf(auth), {
        action: 'role.create',
        outcome: 'success',
        target: { kind: 'role', id: input.id, name: input.name },
        after: roleSnapshot({ ...roleValues(input), ...grant }),
      });
    });
    return this.get(input.id);
  }

  async update(auth: AuthContext, id: string, input: RoleChanges): Promise<Role> {
    const current = await this.find(id);
    const grant = await this.grantOf(input);
    await this.options.policy.require(auth, 'role.update', {
      id,
      name: current.name,
      current,
      grant,
    });
    const now = this.options.clock.now();
    await this.options.withTransaction(async ({ roles, audit }) => {
      if (!(await roles.update(id, input.version, roleValues(input), now))) throw changedByOthers();
      await roles.setEntries(id, grant.entryIds);
      await roles.setUnits(id, grant.unitIds);
      await audit.append(now, auditSourceOf(auth), {
        action: 'role.update',
        outcome: 'success',
        target: { kind: 'role', id, name: input.name },
        ...changedFields(roleSnapshot(current), roleSnapshot({ ...roleValues(input), ...grant })),
      });
    });
    return this.get(id);
  }

  async delete(auth: AuthContext, id: string, version: number): Promise<void> {
    const current = await this.find(id);
    await this.options.policy.require(auth, 'role.delete', {
      id,
      name: current.name,
      grant: current,
    });
    if (BUILT_IN_ROLES.includes(id)) {
      throw new AppError(ErrorCode.CONFLICT, { messageKey: 'system.role.builtIn' });
    }
    if (current.userCount > 0) {
      throw new AppError(ErrorCode.CONFLICT, {
        messageKey: 'system.role.inUse',
        values: { count: current.userCount },
      });
    }
    await this.options.withTransaction(async ({ roles, audit }) => {
      const again = await roles.find(id);
      if (again && again.userCount > 0) {
        throw new AppError(ErrorCode.CONFLICT, {
          messageKey: 'system.role.inUse',
          values: { count: again.userCount },
        });
      }
      if (!(await roles.delete(id, version))) throw changedByOthers();
      await audit.append(this.options.clock.now(), auditSourceOf(auth), {
        action: 'role.delete',
        outcome: 'success',
        target: { kind: 'role', id, name: current.name },
        before: roleSnapshot(current),
      });
    });
  }

  private async find(id: string): Promise<RoleRecord> {
    const role = await this.options.repositories.roles.find(id);
    if (!role) throw notFound();
    return role;
  }

  /** The entries with every ancestor (a page is held with its buttons), the units checked. */
  private async grantOf(input: Pick<RoleCreate, 'dataScope'> & RoleGrantInput): Promise<Grant> {
    const records = await this.options.repositories.menus.findAll();
    const byId = new Map(records.map((record) => [record.id, record]));
    const entryIds = new Set<number>();
    for (const id of input.entryIds) {
      let current = byId.get(id);
      if (!current) {
        throw new AppError(ErrorCode.VALIDATION, {
          fields: [{ field: 'entryIds', message: 'validation.invalid' }],
        });
      }
      for (let depth = 0; current && depth < 32; depth++) {
        entryIds.add(current.id);
        current = current.parentId === null ? undefined : byId.get(current.parentId);
      }
    }
    let unitIds: number[] = [];
    if (input.dataScope === 'units') {
      unitIds = [...new Set(input.unitIds)];
      if (unitIds.length === 0) {
        throw new AppError(ErrorCode.VALIDATION, {
          messageKey: 'system.role.unitsRequired',
          fields: [{ field: 'unitIds', message: 'system.role.unitsRequired' }],
        });
      }
      const known = new Set((await this.options.repositories.units.units()).map((u) => u.id));
      if (unitIds.some((id) => !known.has(id))) {
        throw new AppError(ErrorCode.VALIDATION, {
          messageKey: 'system.unit.unknown',
          fields: [{ field: 'unitIds', message: 'system.unit.unknown' }],
        });
      }
    }
    return { entryIds: [...entryIds].sort((a, b) => a - b), dataScope: input.dataScope, unitIds };
  }
}

interface RoleGrantInput {
  entryIds: number[];
  unitIds: number[];
}

function roleValues(input: RoleChanges | RoleInput) {
  return {
    name: input.name,
    nameEn: input.nameEn,
    dataScope: input.dataScope,
    secondFactor: input.secondFactor,
  };
}

function toRole(role: RoleRecord): Role {
  return { ...role, builtIn: BUILT_IN_ROLES.includes(role.id) };
}

/** A role's recorded fields (the trail's before and after). */
function roleSnapshot(role: {
  name: string;
  nameEn: string;
  dataScope: string;
  secondFactor: boolean;
  entryIds: readonly number[];
  unitIds: readonly number[];
}): Record<string, unknown> {
  return {
    name: role.name,
    nameEn: role.nameEn,
    dataScope: role.dataScope,
    secondFactor: role.secondFactor,
    entryIds: [...role.entryIds].sort((a, b) => a - b),
    unitIds: [...role.unitIds].sort((a, b) => a - b),
  };
}
