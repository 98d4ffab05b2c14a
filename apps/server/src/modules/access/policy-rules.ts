import { ADMIN_ROLE, type MessageValue, SEPARATED_ROLES } from '@cityops/contract';
import type { Repositories } from '../../repositories.js';
import type { AuthContext } from '../../lib/auth-context.js';
import type { AccessScopeService, CallerScope, Grant } from './access-scope.service.js';
import {
  ALLOWED,
  type Decision,
  type PolicyAction,
  type PolicyTargets,
  type RoleTarget,
  type UserTarget,
  refused,
} from './policy-targets.js';

const isSeparated = (roleId: string) => SEPARATED_ROLES.includes(roleId);

/** The actions on the caller's own account: decided on its id alone, whatever its roles. */
const OWN_ACTIONS: ReadonlySet<PolicyAction> = new Set([
  'own.profile',
  'own.password',
  'own.factor',
  'own.sessions',
]);

export function isOwnAction(action: PolicyAction): boolean {
  return OWN_ACTIONS.has(action);
}

/** An action on one's own account is allowed on oneself only. */
export function decideOwn(callerId: number, target: UserTarget): Decision {
  return target.id === callerId ? ALLOWED : refused('own-only', 'profile.ownOnly');
}

/** What the policy knows of a caller, read fresh from the database for each decision. */
export class CallerFacts {
  private scopePromise: Promise<CallerScope> | undefined;
  private heldPromise: Promise<ReadonlySet<number> | 'all'> | undefined;

  constructor(
    readonly userId: number,
    readonly roleIds: readonly string[],
    private readonly load: {
      scope: () => Promise<CallerScope>;
      held: () => Promise<number[] | 'all'>;
    },
  ) {}

  get isAdmin(): boolean {
    return this.roleIds.includes(ADMIN_ROLE);
  }

  /** The one of the three administrators' roles the caller holds, if any. */
  get separatedRole(): string | null {
    return this.roleIds.find(isSeparated) ?? null;
  }

  scope(): Promise<CallerScope> {
    this.scopePromise ??= this.load.scope();
    return this.scopePromise;
  }

  held(): Promise<ReadonlySet<number> | 'all'> {
    this.heldPromise ??= this.load.held().then((held) => (held === 'all' ? held : new Set(held)));
    return this.heldPromise;
  }
}

export interface PolicyRulesOptions {
  repositories: Pick<Repositories, 'scopes' | 'roles'>;
  scope: AccessScopeService;
}

/**
 * The rules of who may act on whom (issue 21), decided from the caller's data scope,
 * the target's strength, the separation of the three administrators and the rule that
 * nobody changes their own roles, unit or status. It records nothing: the policy
 * (access-policy.ts) asks it and records refusals; the offers (access-offers.ts) ask
 * it what the screens may offer, so what is offered is what works.
 */
export class PolicyRules {
  constructor(private readonly options: PolicyRulesOptions) {}

  async facts(caller: AuthContext): Promise<CallerFacts> {
    const { scopes } = this.options.repositories;
    // The caller's roles as they are now, not as a remembered session says.
    const roles = await scopes.rolesOf(caller.userId);
    return new CallerFacts(
      caller.userId,
      roles.map((role) => role.roleId),
      {
        scope: () => this.options.scope.scopeOf(caller.userId),
        held: () => scopes.heldEntryIds(caller.userId),
      },
    );
  }

  async decide<A extends PolicyAction>(
    facts: CallerFacts,
    action: A,
    target: PolicyTargets[A],
  ): Promise<Decision> {
    // Each branch narrows `target` to its action's shape.
    const t = target as PolicyTargets[PolicyAction];
    switch (action) {
      case 'own.profile':
      case 'own.password':
      case 'own.factor':
      case 'own.sessions':
        return decideOwn(facts.userId, t as UserTarget);
      case 'user.read':
        return (t as UserTarget).id === facts.userId
          ? ALLOWED
          : this.reachesUser(facts, t as UserTarget);
      case 'user.create':
        return this.createUser(facts, t as UserTarget);
      case 'user.move':
        return this.moveUser(facts, t as PolicyTargets['user.move']);
      case 'user.grant':
        return this.grantRoles(facts, t as PolicyTargets['user.grant']);
      case 'user.edit':
      case 'user.disable':
      case 'user.enable':
      case 'user.reset-password':
      case 'user.unlock':
      case 'user.factor-reset':
      case 'user.end-sessions':
        return this.actOnUser(facts, t as UserTarget);
      case 'unit.create': {
        const { parentId } = t as PolicyTargets['unit.create'];
        return this.reachesParent(facts, parentId);
      }
      case 'unit.update': {
        const unit = t as PolicyTargets['unit.update'];
        const own = await this.reachesUnit(facts, unit.id);
        if (!own.allowed || unit.toParentId === unit.parentId) return own;
        const root = await this.notOwnRoot(facts, unit);
        if (!root.allowed) return root;
        return this.reachesParent(facts, unit.toParentId);
      }
      case 'unit.delete': {
        const unit = t as PolicyTargets['unit.delete'];
        const own = await this.reachesUnit(facts, unit.id);
        return own.allowed ? this.notOwnRoot(facts, unit) : own;
      }
      case 'department.create':
      case 'department.delete':
        return this.reachesUnit(facts, (t as { organizationId: number }).organizationId);
      case 'department.update': {
        const department = t as PolicyTargets['department.update'];
        const own = await this.reachesUnit(facts, department.organizationId);
        if (!own.allowed) return own;
        return this.reachesUnit(facts, department.toOrganizationId);
      }
      case 'role.create':
        return this.givesNoMore(facts, (t as RoleTarget).grant);
      case 'role.update':
      case 'role.delete':
        return this.changeRole(facts, action, t as PolicyTargets['role.update']);
      case 'guide.article.read':
      case 'content.write':
        // Platform-wide content: the route's permission code has decided.
        return ALLOWED;
      case 'menu.write': {
        const entry = t as PolicyTargets['menu.write'];
        if (!(await facts.scope()).all)
          return refused('platform-wide', 'system.scope.platformWide');
        if (entry.reservedRole !== null && !facts.roleIds.includes(entry.reservedRole)) {
          return refused('separation', 'system.menu.reserved');
        }
        return ALLOWED;
      }
      case 'platform.write':
        return (await facts.scope()).all
          ? ALLOWED
          : refused('platform-wide', 'system.scope.platformWide');
      case 'message.send':
      case 'message.withdraw':
        // The console's messages: the route's permission code (system:message:send) has
        // decided; whom a message reaches is its sender's choice (docs/administration.md).
        return ALLOWED;
      default: {
        // A new action without a rule does not compile; at run time, refuse.
        const unknown: never = action;
        return refused('scope', 'system.scope.outside', { action: String(unknown) });
      }
    }
  }

  /** Console actions on an existing account: not one's own, in scope, not stronger. */
  async actOnUser(facts: CallerFacts, target: UserTarget): Promise<Decision> {
    if (target.id === facts.userId) return refused('self', 'system.user.self');
    const reach = await this.reachesUser(facts, target);
    if (!reach.allowed) return reach;
    return this.outranks(facts, target);
  }

  private async moveUser(
    facts: CallerFacts,
    target: PolicyTargets['user.move'],
  ): Promise<Decision> {
    const act = await this.actOnUser(facts, target);
    if (!act.allowed) return act;
    return this.reachesUnit(facts, target.toUnitId, 'organizationId');
  }

  private async createUser(facts: CallerFacts, target: UserTarget): Promise<Decision> {
    const unit = await this.reachesUnit(facts, target.organizationId, 'organizationId');
    if (!unit.allowed) return unit;
    return this.grantRoles(facts, { ...target, add: target.roleIds, remove: [] }, true);
  }

  /**
   * Giving or taking roles: the account is one the caller acts on (unless it is
   * being created), every role that changes is one the caller may give, and the
   * account ends with at most one of the three administrators' roles.
   */
  private async grantRoles(
    facts: CallerFacts,
    target: PolicyTargets['user.grant'],
    creating = false,
  ): Promise<Decision> {
    if (!creating) {
      const act = await this.actOnUser(facts, target);
      if (!act.allowed) return act;
    }
    for (const roleId of new Set([...target.add, ...target.remove])) {
      const refusal = await this.mayGive(facts, roleId);
      if (refusal) return refusal;
    }
    const after = new Set(
      [...target.roleIds, ...target.add].filter((id) => !target.remove.includes(id)),
    );
    if ([...after].filter(isSeparated).length > 1) {
      return refused('separation', 'system.role.separated', undefined, 'roleIds');
    }
    return ALLOWED;
  }

  /**
   * Strength: the caller acts on an account only when no role the account holds is
   * stronger than the caller (`notStronger`). Where the stronger role is one of the
   * three administrators' and the caller is another of them, that is separation.
   */
  private async outranks(facts: CallerFacts, target: UserTarget): Promise<Decision> {
    for (const roleId of target.roleIds) {
      if ((await this.notStronger(facts, roleId)) === null) continue;
      if (isSeparated(roleId) && facts.separatedRole !== null) {
        return refused('separation', 'system.user.separated');
      }
      return refused('strength', 'system.user.stronger', { role: await this.roleName(roleId) });
    }
    return ALLOWED;
  }

  /** A role as a refusal names it: its name in each language (its code if it is gone). */
  private async roleName(roleId: string): Promise<MessageValue> {
    const role = await this.options.repositories.roles.find(roleId);
    return role ? { 'zh-CN': role.name, en: role.nameEn || role.name } : roleId;
  }

  /**
   * Whether a holder of the role is no stronger than the caller (null) or why it is.
   * Only administrative strength counts (docs/administration.md, "Who may act on
   * whom"): the console's codes the role holds, its data scope, and the three
   * administrators' roles. Business pages never make an account stronger, so a city
   * granting the staff a new page leaves its district administrators' reach as it was.
   */
  private async notStronger(facts: CallerFacts, roleId: string): Promise<Decision | null> {
    if (roleId === ADMIN_ROLE) {
      if (facts.isAdmin) return null;
      return refused('strength', 'system.user.stronger', { role: await this.roleName(roleId) });
    }
    if (isSeparated(roleId)) return refused('separation', 'system.user.separated');
    if (facts.separatedRole !== null) return null;
    const role = await this.options.repositories.roles.find(roleId);
    if (!role) return refused('strength', 'system.role.unknown', { id: roleId });
    const administrative = await this.options.repositories.scopes.administrativeAmong(
      role.entryIds,
    );
    const within = await this.givesNoMore(facts, { ...role, entryIds: administrative });
    if (within.allowed) return null;
    return refused('strength', 'system.user.stronger', {
      role: { 'zh-CN': role.name, en: role.nameEn || role.name },
    });
  }

  /**
   * Whether the caller may give a role (null) or why not. The system
   * administrator's role is given by its holders; the security administrator's
   * and the auditor's by nobody in the console (the server's `accounts` command,
   * docs/administration.md); the three administrators stand above every other
   * role. Anyone else gives a role that is no stronger than they are and either
   * gives no page they do not hold or is one the city marks as assignable.
   */
  async mayGive(facts: CallerFacts, roleId: string): Promise<Decision | null> {
    if (roleId === ADMIN_ROLE) {
      return facts.isAdmin
        ? null
        : refused(
            'strength',
            'system.grant.roleNotGrantable',
            { role: await this.roleName(roleId) },
            'roleIds',
          );
    }
    if (isSeparated(roleId)) {
      return refused('separation', 'system.grant.separatedRole', { id: roleId }, 'roleIds');
    }
    if (facts.separatedRole !== null) return null;
    const role = await this.options.repositories.roles.find(roleId);
    if (!role) return refused('strength', 'system.role.unknown', { id: roleId }, 'roleIds');
    const gives = role.assignable
      ? (await this.notStronger(facts, roleId)) === null
      : (await this.givesNoMore(facts, role)).allowed;
    return gives
      ? null
      : refused(
          'strength',
          'system.grant.roleNotGrantable',
          { role: { 'zh-CN': role.name, en: role.nameEn || role.name } },
          'roleIds',
        );
  }

  /** A grant of entries and scope within the caller's own, and none reserved to another. */
  private async givesNoMore(facts: CallerFacts, grant: Grant): Promise<Decision> {
    const { scopes } = this.options.repositories;
    if ((await scopes.reservedAmong(grant.entryIds)).length > 0) {
      return refused('separation', 'system.grant.reserved');
    }
    const held = await facts.held();
    if (held !== 'all' && grant.entryIds.some((id) => !held.has(id))) {
      return refused('strength', 'system.grant.entryNotHeld');
    }
    if (!this.options.scope.scopeWithin(await facts.scope(), grant)) {
      return refused('strength', 'system.grant.scopeTooWide');
    }
    return ALLOWED;
  }

  /**
   * A role's change reaches every holder: not a fixed role, not one the caller
   * holds, one that gives (before and after) no more than the caller holds, and
   * held only by accounts in the caller's scope that it outranks.
   */
  async changeRole(
    facts: CallerFacts,
    action: 'role.update' | 'role.delete',
    target: PolicyTargets['role.update'],
  ): Promise<Decision> {
    if (target.id === ADMIN_ROLE) return refused('fixed', 'system.role.adminFixed');
    if (isSeparated(target.id)) return refused('fixed', 'system.role.separatedFixed');
    if (facts.roleIds.includes(target.id)) return refused('self', 'system.role.ownRole');
    const current = await this.givesNoMore(
      facts,
      action === 'role.update' ? target.current : target.grant,
    );
    if (!current.allowed) return current;
    if (action === 'role.update') {
      const next = await this.givesNoMore(facts, target.grant);
      if (!next.allowed) return next;
    }
    const scope = await facts.scope();
    const { roles } = this.options.repositories;
    if (!scope.all && (await roles.holdersOutside(target.id, scope.unitIds, scope.selfUserId))) {
      return refused('scope', 'system.scope.outside');
    }
    if (facts.separatedRole === null) {
      for (const roleId of await roles.heldAlongside(target.id)) {
        if ((await this.notStronger(facts, roleId)) !== null) {
          return refused('strength', 'system.role.heldWithStronger', {
            role: await this.roleName(roleId),
          });
        }
      }
    }
    return ALLOWED;
  }

  /**
   * The delegated administrators' roles whose reach a change of a role would take away
   * (issue 31: the one saving it is warned first): a role that held no more
   * administrative strength than a delegated administrator's and would hold more, or
   * a delegated administrator's own role that would fall below a role its holders
   * manage today. Compared role by role (docs/administration.md, "Who may act on whom").
   */
  async reachLost(
    roleId: string,
    before: Grant,
    after: Grant,
  ): Promise<{ id: string; name: string; nameEn: string }[]> {
    const { roles, scopes } = this.options.repositories;
    const { list } = await roles.page(undefined, 0, 10_000);
    const ordinary = list.filter((role) => role.id !== ADMIN_ROLE && !isSeparated(role.id));
    // The admin role holds every entry without rows: the changed grant's entries are
    // weighed too, since only a role may hold what nobody else holds yet.
    const entryIds = [...list, before, after].flatMap((grant) => grant.entryIds);
    const administrative = new Set(await scopes.administrativeAmong([...new Set(entryIds)]));
    const strength = (grant: Grant) => ({
      ...grant,
      entryIds: grant.entryIds.filter((id) => administrative.has(id)),
    });
    const delegated = ordinary.filter((role) => strength(role).entryIds.length > 0);
    const lost = new Map<string, { id: string; name: string; nameEn: string }>();
    const changed = list.find((role) => role.id === roleId);
    for (const manager of delegated) {
      if (manager.id === roleId) {
        const others = ordinary.filter((role) => role.id !== roleId && role.userCount > 0);
        if (others.some((role) => !stronger(role, before) && stronger(role, after))) {
          lost.set(manager.id, manager);
        }
      } else if (
        (changed?.userCount ?? 0) > 0 &&
        !stronger(strength(before), manager) &&
        stronger(strength(after), manager)
      ) {
        lost.set(manager.id, manager);
      }
    }
    return [...lost.values()].map(({ id, name, nameEn }) => ({ id, name, nameEn }));

    /** Whether a holder of `role` is stronger than a holder of `manager`, role by role. */
    function stronger(role: Grant, manager: Grant): boolean {
      const held = new Set(manager.entryIds);
      if (role.entryIds.some((id) => administrative.has(id) && !held.has(id))) return true;
      return !scopeWithinRole(role, manager);
    }
  }

  private async reachesUser(facts: CallerFacts, target: UserTarget): Promise<Decision> {
    const scope = await facts.scope();
    if (target.id !== null && this.options.scope.reachesUser(scope, { ...target, id: target.id })) {
      return ALLOWED;
    }
    if (target.id === null && this.options.scope.reachesUnit(scope, target.organizationId)) {
      return ALLOWED;
    }
    return refused('scope', 'system.scope.outside');
  }

  private async reachesUnit(
    facts: CallerFacts,
    unitId: number | null,
    field?: string,
  ): Promise<Decision> {
    return this.options.scope.reachesUnit(await facts.scope(), unitId)
      ? ALLOWED
      : refused('scope', 'system.scope.outside', undefined, field);
  }

  /**
   * The top of a delegated administrator's units (a unit in scope whose parent is not)
   * is deleted or moved only by someone above: its own holder would cut its reach off.
   */
  private async notOwnRoot(
    facts: CallerFacts,
    unit: { parentId: number | null },
  ): Promise<Decision> {
    const scope = await facts.scope();
    if (scope.all) return ALLOWED;
    const root = unit.parentId === null || !this.options.scope.reachesUnit(scope, unit.parentId);
    return root ? refused('scope', 'system.unit.ownRoot') : ALLOWED;
  }

  /** A unit's place: below a unit in scope, or at the top for a caller who reaches everything. */
  private async reachesParent(facts: CallerFacts, parentId: number | null): Promise<Decision> {
    if (parentId === null) {
      return (await facts.scope()).all ? ALLOWED : refused('scope', 'system.scope.outside');
    }
    return this.reachesUnit(facts, parentId, 'parentId');
  }
}

/**
 * Whether a role's data scope lies within another role's, as `scopeWithin` decides for a
 * caller whose scope is the other role's alone.
 */
function scopeWithinRole(role: Grant, manager: Grant): boolean {
  if (manager.dataScope === 'all') return true;
  switch (role.dataScope) {
    case 'all':
      return false;
    case 'units':
      return (
        manager.dataScope === 'units' && role.unitIds.every((id) => manager.unitIds.includes(id))
      );
    case 'unit-and-below':
      return manager.dataScope === 'unit-and-below';
    case 'unit':
    case 'self':
      return true;
  }
}
