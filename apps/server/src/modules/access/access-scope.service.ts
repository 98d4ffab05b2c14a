import { type DataScope, ADMIN_ROLE } from '@cityops/contract';
import type { Repositories } from '../../repositories.js';
import type { UserReach } from '../system/admin-user.repository.js';

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

export interface AccessScopeServiceOptions {
  repositories: Pick<Repositories, 'scopes'>;
}

/**
 * Resolves whom a caller's roles reach (the union of their data scopes) to unit
 * ids, for the lists to filter by. Whether a caller may act on one target is the
 * access policy's question (access-policy.ts), which asks this for the scope.
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

  /** Whether a role's grant stays within the caller's scope. */
  scopeWithin(scope: CallerScope, grant: Grant): boolean {
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
