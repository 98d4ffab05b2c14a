import {
  ADMIN_ROLE,
  type AuditTargetKind,
  DATA_SCOPES,
  type DataScope,
  ErrorCode,
  type MessageKey,
  type PermissionCode,
  type RoleAction,
  SEPARATED_ROLES,
  type UserAction,
  hasPermission,
} from '@cityops/contract';
import { AppError } from '../../lib/app-error.js';
import { currentTrace, declaredAction } from '../../lib/request-trace.js';
import type { Repositories } from '../../repositories.js';
import type { AuthContext } from '../../lib/auth-context.js';
import type { AccessScopeService, CallerScope, Grant } from './access-scope.service.js';
import type { RefusalRecorder } from './refusal-recorder.js';

/** An account as the policy weighs it: where it sits and what it holds. */
export interface UserTarget {
  /** Null for an account being created. */
  id: number | null;
  username: string;
  organizationId: number | null;
  roleIds: readonly string[];
}

/** A role as it stands, or as a change would make it. */
export interface RoleTarget {
  id: string;
  name: string;
  grant: Grant;
}

/**
 * Every action on a target the policy decides, with what it needs to know of the
 * target. A new path that acts on a target adds its action here, a rule below,
 * and its cells to the matrix in docs/administration.md.
 */
export interface PolicyTargets {
  /** Read an account's details (console or user data). */
  'user.read': UserTarget;
  /** Create an account: its unit, and the roles it is given (see `user.grant`). */
  'user.create': UserTarget;
  /** Change an account's login name, name or mobile number. */
  'user.edit': UserTarget;
  'user.move': UserTarget & { toUnitId: number };
  /** Give or take roles: `add` and `remove` are the roles that change. */
  'user.grant': UserTarget & { add: readonly string[]; remove: readonly string[] };
  'user.disable': UserTarget;
  'user.enable': UserTarget;
  'user.reset-password': UserTarget;
  'user.unlock': UserTarget;
  'user.factor-reset': UserTarget;
  'user.end-sessions': UserTarget;
  /** One's own avatar, password, second factor and other sessions: the owner's alone. */
  'own.profile': UserTarget;
  'own.password': UserTarget;
  'own.factor': UserTarget;
  'own.sessions': UserTarget;
  'unit.create': { name: string; parentId: number | null };
  'unit.update': { id: number; name: string; parentId: number | null; toParentId: number | null };
  'unit.delete': { id: number; name: string };
  'department.create': { name: string; organizationId: number };
  'department.update': {
    id: number;
    name: string;
    organizationId: number;
    toOrganizationId: number;
  };
  'department.delete': { id: number; name: string; organizationId: number };
  'role.create': RoleTarget;
  /** `current` as the role stands, `grant` as the change would leave it. */
  'role.update': RoleTarget & { current: Grant };
  'role.delete': RoleTarget;
  /** A menu entry (null id: a new one), with the role it or its parent is reserved to. */
  'menu.write': { id: number | null; code: string; reservedRole: string | null };
  /** A settings group: platform-wide. */
  'setting.write': { group: string };
  /** A registered subsystem (null id: a new one): platform-wide. */
  'subsystem.write': { id: number | null; clientId: string };
}
export type PolicyAction = keyof PolicyTargets;

/**
 * Why a caller may not act on a target: outside its data scope; the target holds
 * more than the caller could give (strength); one of the three administrators
 * reaching another's rights (separation); one's own roles, unit or status (self);
 * another's personal information (own-only); a role fixed by the product; a
 * platform-wide object for a caller whose scope is not everything.
 */
export type RefusalReason =
  'scope' | 'strength' | 'separation' | 'self' | 'own-only' | 'fixed' | 'platform-wide';

export type Decision =
  | { allowed: true }
  | {
      allowed: false;
      reason: RefusalReason;
      messageKey: MessageKey;
      values?: Record<string, string | number>;
      /** The form field the refusal belongs to. */
      field?: string;
    };

const ALLOWED: Decision = { allowed: true };

/** The caller as the target of its own actions (its avatar, password, factor, sessions). */
export function selfTarget(caller: AuthContext): UserTarget {
  return {
    id: caller.userId,
    username: caller.username,
    organizationId: null,
    roleIds: caller.roleIds,
  };
}

function refused(
  reason: RefusalReason,
  messageKey: MessageKey,
  values?: Record<string, string | number>,
  field?: string,
): Decision {
  return {
    allowed: false,
    reason,
    messageKey,
    ...(values ? { values } : {}),
    ...(field ? { field } : {}),
  };
}

const isSeparated = (roleId: string) => SEPARATED_ROLES.includes(roleId);

/** What the policy knows of a caller, read fresh from the database for each decision. */
class CallerFacts {
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

export interface AccessPolicyOptions {
  repositories: Pick<Repositories, 'scopes' | 'roles'>;
  scope: AccessScopeService;
  refusals: RefusalRecorder;
}

/**
 * Who may act on whom (issue 21): the one decision point every service method
 * asks first, before it reads or writes anything else of its target, as
 * immich's `requireAccess`. It decides from the caller's data scope, the
 * target's strength, the separation of the three administrators and the rule
 * that nobody changes their own roles, unit or status. docs/administration.md
 * ("Who may act on whom") is the written matrix; test/modules/access/matrix.test.ts
 * runs every cell of it through the real routes.
 */
export class AccessPolicy {
  constructor(private readonly options: AccessPolicyOptions) {}

  /** The decision, without recording anything (what the screens may offer). */
  async can<A extends PolicyAction>(
    caller: AuthContext,
    action: A,
    target: PolicyTargets[A],
  ): Promise<Decision> {
    const trace = currentTrace();
    if (trace) trace.policyAsked = true;
    return this.decide(await this.facts(caller), action, target);
  }

  /**
   * Asks the policy before acting: a refusal is recorded on the trail as the
   * route's declared action (outcome `refused`, the reason, the target), counted
   * with every other refusal of the caller, and thrown as a 403 (with
   * `answer.messageKey` when the screen that asked has words of its own).
   */
  async require<A extends PolicyAction>(
    caller: AuthContext,
    action: A,
    target: PolicyTargets[A],
    answer: { messageKey?: MessageKey } = {},
  ): Promise<void> {
    const decision = await this.can(caller, action, target);
    if (decision.allowed) return;
    await this.options.refusals.refuse(
      caller,
      {
        action: declaredAction(action) ?? 'access.refused',
        outcome: 'refused',
        reason: decision.reason,
        target: auditTargetOf(action, target),
        after: { attempted: action },
      },
      new AppError(ErrorCode.FORBIDDEN, {
        messageKey: answer.messageKey ?? decision.messageKey,
        ...(decision.values ? { values: decision.values } : {}),
        ...(decision.field
          ? { fields: [{ field: decision.field, message: decision.messageKey }] }
          : {}),
      }),
    );
  }

  /** The roles the caller may give, by the same rule `user.grant` is decided by. */
  async grantableRoles(caller: AuthContext, roleIds: readonly string[]): Promise<string[]> {
    const facts = await this.facts(caller);
    const result: string[] = [];
    for (const roleId of roleIds) {
      if ((await this.mayGive(facts, roleId)) === null) result.push(roleId);
    }
    return result;
  }

  /**
   * What the console may offer on each account (issue 24): the actions whose code
   * the caller holds and whose target the policy lets it act on, by the rule
   * `require` enforces, so what is offered is what works.
   */
  async userActions(
    caller: AuthContext,
    targets: readonly (UserTarget & {
      disabled: boolean;
      locked: boolean;
      secondFactorEnrolled: boolean;
    })[],
  ): Promise<UserAction[][]> {
    const facts = await this.facts(caller);
    const decided = new Map<string, boolean>();
    const holds = (code: PermissionCode) => hasPermission(caller, code);
    const result: UserAction[][] = [];
    for (const target of targets) {
      // Accounts alike in place and roles get the same answer: decided once a page.
      const key = `${target.id === facts.userId}|${target.organizationId}|${[...target.roleIds].sort().join(',')}`;
      let allowed = decided.get(key);
      if (allowed === undefined) {
        allowed = (await this.actOnUser(facts, target)).allowed;
        decided.set(key, allowed);
      }
      const actions: UserAction[] = [];
      if (allowed) {
        if (holds('system:user:update')) actions.push('edit');
        if (holds('system:user:reset-password')) actions.push('reset-password');
        if (holds('system:user:disable')) actions.push(target.disabled ? 'enable' : 'disable');
        if (holds('system:user:unlock') && target.locked) actions.push('unlock');
        if (holds('system:factor:reset') && target.secondFactorEnrolled) {
          actions.push('factor-reset');
        }
        if (holds('system:session:end')) actions.push('end-sessions');
      }
      result.push(actions);
    }
    return result;
  }

  /** What the console may offer on each role, by the rules of `role.update` and `role.delete`. */
  async roleActions(
    caller: AuthContext,
    roles: readonly (RoleTarget & { builtIn: boolean })[],
  ): Promise<RoleAction[][]> {
    const facts = await this.facts(caller);
    const result: RoleAction[][] = [];
    for (const role of roles) {
      const actions: RoleAction[] = [];
      const asItStands = { ...role, current: role.grant };
      if (
        hasPermission(caller, 'system:role:update') &&
        (await this.changeRole(facts, 'role.update', asItStands)).allowed
      ) {
        actions.push('edit');
      }
      if (
        hasPermission(caller, 'system:role:delete') &&
        !role.builtIn &&
        (await this.changeRole(facts, 'role.delete', asItStands)).allowed
      ) {
        actions.push('delete');
      }
      result.push(actions);
    }
    return result;
  }

  /** The data scopes the caller may give a role: none wider than its own. */
  async grantableScopes(caller: AuthContext): Promise<DataScope[]> {
    const scope = await this.options.scope.scopeOf(caller.userId);
    return DATA_SCOPES.filter((dataScope) => {
      if (dataScope === 'units' && !scope.all && scope.unitIds.length === 0) return false;
      return this.options.scope.scopeWithin(scope, { dataScope, unitIds: [], entryIds: [] });
    });
  }

  private async facts(caller: AuthContext): Promise<CallerFacts> {
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

  private async decide<A extends PolicyAction>(
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
        return (t as UserTarget).id === facts.userId
          ? ALLOWED
          : refused('own-only', 'profile.ownOnly');
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
        return this.reachesParent(facts, unit.toParentId);
      }
      case 'unit.delete':
        return this.reachesUnit(facts, (t as PolicyTargets['unit.delete']).id);
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
      case 'menu.write': {
        const entry = t as PolicyTargets['menu.write'];
        if (!(await facts.scope()).all)
          return refused('platform-wide', 'system.scope.platformWide');
        if (entry.reservedRole !== null && !facts.roleIds.includes(entry.reservedRole)) {
          return refused('separation', 'system.menu.reserved');
        }
        return ALLOWED;
      }
      case 'setting.write':
      case 'subsystem.write':
        return (await facts.scope()).all
          ? ALLOWED
          : refused('platform-wide', 'system.scope.platformWide');
    }
    return refused('scope', 'system.scope.outside');
  }

  /** Console actions on an existing account: not one's own, in scope, not stronger. */
  private async actOnUser(facts: CallerFacts, target: UserTarget): Promise<Decision> {
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
   * Strength: the caller acts on an account only when it could give every role
   * the account holds. Where the missing role is one of the three
   * administrators' and the caller is another of them, that is separation.
   */
  private async outranks(facts: CallerFacts, target: UserTarget): Promise<Decision> {
    for (const roleId of target.roleIds) {
      if ((await this.mayGive(facts, roleId)) === null) continue;
      if (isSeparated(roleId) && facts.separatedRole !== null) {
        return refused('separation', 'system.user.separated');
      }
      return refused('strength', 'system.user.stronger', { role: roleId });
    }
    return ALLOWED;
  }

  /**
   * Whether the caller may give a role (null) or why not. The system
   * administrator's role is given by its holders; the security administrator's
   * and the auditor's by nobody in the console (the server's `accounts` command,
   * docs/administration.md); the three administrators stand above every other
   * role; anyone else gives a role only when it gives no more than they hold.
   */
  private async mayGive(facts: CallerFacts, roleId: string): Promise<Decision | null> {
    if (roleId === ADMIN_ROLE) {
      return facts.isAdmin
        ? null
        : refused('strength', 'system.grant.roleNotGrantable', { id: roleId }, 'roleIds');
    }
    if (isSeparated(roleId)) {
      return refused('separation', 'system.grant.separatedRole', { id: roleId }, 'roleIds');
    }
    if (facts.separatedRole !== null) return null;
    const role = await this.options.repositories.roles.find(roleId);
    if (!role) return refused('strength', 'system.role.unknown', { id: roleId }, 'roleIds');
    const gives = await this.givesNoMore(facts, role);
    return gives.allowed
      ? null
      : refused('strength', 'system.grant.roleNotGrantable', { id: roleId }, 'roleIds');
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
  private async changeRole(
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
    if (
      !scope.all &&
      (await roles.holdersOutside(target.id, scope.unitIds, scope.selfUserId)) > 0
    ) {
      return refused('scope', 'system.scope.outside');
    }
    if (facts.separatedRole === null) {
      for (const roleId of await roles.heldAlongside(target.id)) {
        if ((await this.mayGive(facts, roleId)) !== null) {
          return refused('strength', 'system.user.stronger', { role: roleId });
        }
      }
    }
    return ALLOWED;
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

  /** A unit's place: below a unit in scope, or at the top for a caller who reaches everything. */
  private async reachesParent(facts: CallerFacts, parentId: number | null): Promise<Decision> {
    if (parentId === null) {
      return (await facts.scope()).all ? ALLOWED : refused('scope', 'system.scope.outside');
    }
    return this.reachesUnit(facts, parentId, 'parentId');
  }
}

/** How the trail names the target of a refused action. */
function auditTargetOf<A extends PolicyAction>(
  action: A,
  target: PolicyTargets[A],
): { kind: AuditTargetKind; id: string | number; name?: string | null } {
  const fields = target as unknown as Record<string, unknown>;
  const id = typeof fields.id === 'number' || typeof fields.id === 'string' ? fields.id : '';
  const text = (value: unknown) => (typeof value === 'string' ? value : null);
  const area = action.split('.')[0];
  if (area === 'user' || area === 'own') return { kind: 'user', id, name: text(fields.username) };
  if (area === 'unit' || area === 'department' || area === 'role') {
    return { kind: area, id, name: text(fields.name) };
  }
  if (area === 'menu') return { kind: 'menu', id, name: text(fields.code) };
  if (area === 'subsystem') return { kind: 'subsystem', id, name: text(fields.clientId) };
  return { kind: 'setting', id: text(fields.group) ?? '' };
}
