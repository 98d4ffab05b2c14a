import {
  withNameStandIn,
  ADMIN_ROLE,
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
import { AppError, notFound } from '../../lib/app-error.js';
import type { Clock } from '../../lib/clock.js';
import type { Repositories } from '../../repositories.js';
import type { CommandRunner } from '../access/command.js';
import type { AuthContext } from '../../lib/auth-context.js';
import type { MenuEntryRecord } from '../menus/menu.repository.js';
import type { AccessOffers } from '../access/access-offers.js';
import type { AccessScopeService, Grant } from '../access/access-scope.service.js';
import type { RoleRecord } from './role.repository.js';

export interface RoleServiceOptions {
  repositories: Pick<Repositories, 'roles' | 'menus' | 'scopes' | 'units'>;
  commands: CommandRunner;
  offers: AccessOffers;
  access: AccessScopeService;
  clock: Clock;
}

type RoleInput = z.output<typeof roleCreateSchema>;
type RoleChanges = z.output<typeof roleEditSchema>;

/** Roles: their entries (so their permission codes) and data scope, granted without escalation. */
export class RoleService {
  constructor(private readonly options: RoleServiceOptions) {}

  async page(
    auth: AuthContext,
    query: { keyword?: string | undefined; pageIndex: number; pageSize: number },
  ): Promise<RolePage> {
    const { total, totalExact, list } = await this.options.repositories.roles.page(
      query.keyword,
      (query.pageIndex - 1) * query.pageSize,
      query.pageSize,
    );
    return {
      total,
      totalExact,
      pageIndex: query.pageIndex,
      pageSize: query.pageSize,
      list: await this.asShown(auth, list),
      dataScopes: await this.options.offers.grantableScopes(auth),
    };
  }

  async get(auth: AuthContext, id: string): Promise<Role> {
    return (await this.asShown(auth, [await this.find(id)]))[0]!;
  }

  /**
   * Roles as the console shows them to the caller: holders within its scope, and
   * what it may do to each (the access policy's decision, issue 24).
   */
  private async asShown(auth: AuthContext, records: RoleRecord[]): Promise<Role[]> {
    const { offers, access, repositories } = this.options;
    const scope = await access.scopeOf(auth.userId);
    const offered = await offers.roleOffers(
      auth,
      records.map((role) => ({
        id: role.id,
        name: role.name,
        grant: role,
        builtIn: BUILT_IN_ROLES.includes(role.id),
      })),
    );
    const within = scope.all
      ? null
      : await repositories.roles.holdersWithin(
          records.map((role) => role.id),
          scope.unitIds,
          scope.selfUserId,
        );
    return records.map((role, index) => ({
      ...toRole(role),
      holdersInScope: within ? (within.get(role.id) ?? 0) : role.userCount,
      ...offered[index]!,
    }));
  }

  /** The menu tree cut to the entries the caller holds: what they may grant. */
  async grantable(auth: AuthContext): Promise<GrantableEntry[]> {
    const records = await this.options.repositories.menus.findAll();
    const held = await this.options.repositories.scopes.heldEntryIds(auth.userId);
    const holds = held === 'all' ? null : new Set(held);
    // The three administrators' entries are given to no role (the policy: system.grant.reserved).
    const grantable = records.filter((r) => r.reservedRole === null && (!holds || holds.has(r.id)));
    const ids = new Set(grantable.map((r) => r.id));
    const byParent = new Map<number | null, MenuEntryRecord[]>();
    for (const record of grantable) {
      const siblings = byParent.get(record.parentId) ?? [];
      siblings.push(record);
      byParent.set(record.parentId, siblings);
    }
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
    return grantable.filter((r) => r.parentId === null || !ids.has(r.parentId)).map(toNode);
  }

  async create(auth: AuthContext, input: RoleInput): Promise<Role> {
    const grant = await this.grantOf(input);
    const now = this.options.clock.now();
    await this.options.commands.run(auth, async ({ roles }) => {
      if (!(await roles.insert(input.id, roleValues(input, false), now))) {
        throw new AppError(ErrorCode.CONFLICT, {
          messageKey: 'system.roleCode.taken',
          fields: [{ field: 'id', message: 'system.roleCode.taken' }],
        });
      }
      await roles.setEntries(input.id, grant.entryIds);
      await roles.setUnits(input.id, grant.unitIds);
      return {
        target: { kind: 'role', id: input.id, name: input.name },
        after: roleSnapshot({ ...roleValues(input, false), ...grant }),
        value: input.id,
      };
    });
    return this.get(auth, input.id);
  }

  async update(auth: AuthContext, id: string, input: RoleChanges): Promise<Role> {
    const current = await this.find(id);
    const grant = await this.grantOf(input);
    if (input.confirmReachLoss !== true) {
      // A change that leaves a delegated administrator weaker than the accounts it
      // manages is saved only once the one saving it has confirmed (issue 31).
      const lost = await this.options.offers.reachLost(id, current, grant);
      if (lost.length > 0) {
        throw new AppError(ErrorCode.VALIDATION, {
          messageKey: 'system.role.reachLoss',
          values: {
            roles: {
              'zh-CN': lost.map((role) => role.name).join('、'),
              en: lost.map((role) => role.nameEn).join(', '),
            },
          },
          fields: [{ field: 'confirmReachLoss', message: 'system.role.reachLoss' }],
        });
      }
    }
    const now = this.options.clock.now();
    await this.options.commands.run(auth, async ({ roles }) => {
      const outcome = await roles.update(
        id,
        input.version,
        roleValues(input, current.assignable),
        now,
      );
      if (outcome === 'ok') {
        await roles.setEntries(id, grant.entryIds);
        await roles.setUnits(id, grant.unitIds);
      }
      return {
        outcome,
        target: { kind: 'role', id, name: input.name },
        before: roleSnapshot(current),
        after: roleSnapshot({ ...roleValues(input, current.assignable), ...grant }),
        value: id,
      };
    });
    return this.get(auth, id);
  }

  async delete(auth: AuthContext, id: string, version: number): Promise<void> {
    const current = await this.find(id);
    if (BUILT_IN_ROLES.includes(id)) {
      throw new AppError(ErrorCode.CONFLICT, { messageKey: 'system.role.builtIn' });
    }
    if (current.userCount > 0) {
      throw new AppError(ErrorCode.CONFLICT, {
        messageKey: 'system.role.inUse',
        values: { count: current.userCount },
      });
    }
    await this.options.commands.run(auth, async ({ roles }) => {
      const again = await roles.find(id);
      if (again && again.userCount > 0) {
        throw new AppError(ErrorCode.CONFLICT, {
          messageKey: 'system.role.inUse',
          values: { count: again.userCount },
        });
      }
      return {
        outcome: await roles.delete(id, version),
        target: { kind: 'role', id, name: current.name },
        before: roleSnapshot(current),
        value: id,
      };
    });
  }

  /** A role as the policy weighs it (role.routes.ts); 404 when it is gone. */
  async find(id: string): Promise<RoleRecord> {
    const role = await this.options.repositories.roles.find(id);
    if (!role) throw notFound();
    return role;
  }

  /** The entries with every ancestor (a page is held with its buttons), the units checked. */
  async grantOf(input: Pick<RoleCreate, 'dataScope'> & RoleGrantInput): Promise<Grant> {
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

/** A role's own values; `assignable` absent keeps what the role had (`wasAssignable`). */
function roleValues(input: RoleChanges | RoleInput, wasAssignable: boolean) {
  return {
    name: input.name,
    nameEn: withNameStandIn(input).nameEn,
    dataScope: input.dataScope,
    secondFactor: input.secondFactor,
    assignable: input.assignable ?? wasAssignable,
  };
}

/** A role's own fields; the administrator role reaches everything whatever its row says. */
function toRole(role: RoleRecord): Omit<Role, 'holdersInScope' | 'actions' | 'refusal'> {
  return {
    ...role,
    dataScope: role.id === ADMIN_ROLE ? 'all' : role.dataScope,
    builtIn: BUILT_IN_ROLES.includes(role.id),
  };
}

/** A role's recorded fields (the trail's before and after). */
function roleSnapshot(role: {
  name: string;
  nameEn: string;
  dataScope: string;
  secondFactor: boolean;
  assignable: boolean;
  entryIds: readonly number[];
  unitIds: readonly number[];
}): Record<string, unknown> {
  return {
    name: role.name,
    nameEn: role.nameEn,
    dataScope: role.dataScope,
    secondFactor: role.secondFactor,
    assignable: role.assignable,
    entryIds: [...role.entryIds].sort((a, b) => a - b),
    unitIds: [...role.unitIds].sort((a, b) => a - b),
  };
}
