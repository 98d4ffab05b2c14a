import { type DataScope, ADMIN_ROLE, ErrorCode, SEPARATED_ROLES } from '@cityops/contract';
import { AppError } from '../../lib/app-error.js';
import type { Repositories } from '../../repositories.js';
import type { UserReach } from './admin-user.repository.js';

/** What a caller's roles reach, resolved to units (issue 12). */
export type CallerScope =
  | { all: true }
  | {
      all: false;
      unitIds: number[];
      selfUserId: number | null;
      /** Every unit below one of `unitIds` is in `unitIds` too. */
      closed: boolean;
    };

/** What a role would give: its entries, its data scope and its chosen units. */
export interface Grant {
  entryIds: readonly number[];
  dataScope: DataScope;
  unitIds: readonly number[];
}

const outside = () => new AppError(ErrorCode.FORBIDDEN, { messageKey: 'system.scope.outside' });

export interface AccessScopeServiceOptions {
  repositories: Pick<Repositories, 'scopes' | 'roles'>;
}

/**
 * The one way the console checks whom a caller may manage and what they may
 * grant: their data scope (union of their roles'), the entries they hold, and the
 * rule that nobody grants more than they have (RuoYi-Vue #328).
 */
export class AccessScopeService {
  constructor(private readonly options: AccessScopeServiceOptions) {}

  async scopeOf(userId: number): Promise<CallerScope> {
    const { scopes } = this.options.repositories;
    const held = await scopes.rolesOf(userId);
    if (held.some((role) => role.roleId === ADMIN_ROLE || role.dataScope === 'all')) {
      return { all: true };
    }
    const own = await scopes.organizationOf(userId);
    const direct = new Set<number>();
    const below: number[] = [];
    let self = false;
    for (const role of held) {
      if (role.dataScope === 'units') role.unitIds.forEach((id) => direct.add(id));
      if (role.dataScope === 'unit' && own !== null) direct.add(own);
      if (role.dataScope === 'unit-and-below' && own !== null) below.push(own);
      if (role.dataScope === 'self') self = true;
    }
    for (const id of await scopes.withDescendants(below)) direct.add(id);
    const unitIds = [...direct].sort((a, b) => a - b);
    const closed = (await scopes.withDescendants(unitIds)).length === unitIds.length;
    return { all: false, unitIds, selfUserId: self ? userId : null, closed };
  }

  /** The scope as a repository's bound filter. */
  reach(scope: CallerScope): UserReach {
    return scope.all
      ? { all: true }
      : { all: false, unitIds: scope.unitIds, selfUserId: scope.selfUserId };
  }

  reachesUnit(scope: CallerScope, unitId: number | null): boolean {
    if (scope.all) return true;
    return unitId !== null && scope.unitIds.includes(unitId);
  }

  reachesUser(scope: CallerScope, user: { id: number; organizationId: number | null }): boolean {
    if (scope.all) return true;
    return this.reachesUnit(scope, user.organizationId) || scope.selfUserId === user.id;
  }

  assertUnit(scope: CallerScope, unitId: number | null): void {
    if (!this.reachesUnit(scope, unitId)) throw outside();
  }

  assertUser(scope: CallerScope, user: { id: number; organizationId: number | null }): void {
    if (!this.reachesUser(scope, user)) throw outside();
  }

  /**
   * Refuses a grant wider than the caller's own entries or data scope, and any
   * entry reserved to one of the three administrators (their roles are fixed).
   */
  async assertGrantable(callerId: number, grant: Grant): Promise<void> {
    if ((await this.options.repositories.scopes.reservedAmong(grant.entryIds)).length > 0) {
      throw new AppError(ErrorCode.FORBIDDEN, { messageKey: 'system.grant.reserved' });
    }
    const held = await this.options.repositories.scopes.heldEntryIds(callerId);
    if (held !== 'all') {
      const holds = new Set(held);
      if (grant.entryIds.some((id) => !holds.has(id))) {
        throw new AppError(ErrorCode.FORBIDDEN, { messageKey: 'system.grant.entryNotHeld' });
      }
    }
    const scope = await this.scopeOf(callerId);
    if (!this.scopeWithin(scope, grant)) {
      throw new AppError(ErrorCode.FORBIDDEN, { messageKey: 'system.grant.scopeTooWide' });
    }
  }

  /** Refuses roles that give more than the caller holds (the admin role only by its holders). */
  async assertAssignable(callerId: number, roleIds: readonly string[]): Promise<void> {
    const callerRoles = await this.options.repositories.scopes.rolesOf(callerId);
    const callerIsAdmin = callerRoles.some((role) => role.roleId === ADMIN_ROLE);
    for (const id of roleIds) {
      const role = await this.options.repositories.roles.find(id);
      if (!role) {
        throw new AppError(ErrorCode.VALIDATION, {
          messageKey: 'system.role.unknown',
          values: { id },
          fields: [{ field: 'roleIds', message: 'system.role.unknown' }],
        });
      }
      if (callerIsAdmin) continue;
      const refused = new AppError(ErrorCode.FORBIDDEN, {
        messageKey: 'system.grant.roleNotGrantable',
        values: { id },
      });
      if (id === ADMIN_ROLE) throw refused;
      try {
        await this.assertGrantable(callerId, role);
      } catch {
        throw refused;
      }
    }
  }

  /** Refuses an account that would hold two of the three administrator roles (三员分立). */
  assertSeparated(roleIds: readonly string[]): void {
    if (new Set(roleIds.filter((id) => SEPARATED_ROLES.includes(id))).size > 1) {
      throw new AppError(ErrorCode.VALIDATION, {
        messageKey: 'system.role.separated',
        fields: [{ field: 'roleIds', message: 'system.role.separated' }],
      });
    }
  }

  /** Whether the caller may give a role (see `assertAssignable`). */
  async canAssign(callerId: number, roleId: string): Promise<boolean> {
    try {
      await this.assertAssignable(callerId, [roleId]);
      return true;
    } catch (error) {
      if (error instanceof AppError) return false;
      throw error;
    }
  }

  private scopeWithin(scope: CallerScope, grant: Grant): boolean {
    if (scope.all) return true;
    switch (grant.dataScope) {
      case 'all':
        return false;
      case 'units':
        return grant.unitIds.every((id) => scope.unitIds.includes(id));
      case 'unit-and-below':
        return scope.closed;
      case 'unit':
      case 'self':
        return true;
    }
  }
}
