import {
  DATA_SCOPES,
  type DataScope,
  type PermissionCode,
  type Refusal,
  type RoleAction,
  type UnitAction,
  type UserAction,
  hasPermission,
} from '@cityops/contract';
import type { AuthContext } from '../../lib/auth-context.js';
import type { AccessScopeService, Grant } from './access-scope.service.js';
import type { PolicyRules } from './policy-rules.js';
import type { Decision, RoleTarget, UserTarget } from './policy-targets.js';

/**
 * What a row offers, and the policy's reason where it refuses what is not offered
 * (issue 31: a cell without an action says why).
 */
export interface Offer<A extends string> {
  actions: A[];
  refusal?: Refusal;
}

/** A refused decision as a screen shows it: its message key and values. */
function refusalOf(decision: Decision): Refusal | undefined {
  if (decision.allowed) return undefined;
  const { messageKey: key, values } = decision;
  return { key, ...(values ? { values } : {}) };
}

/** An account as the offers weigh it: its place, roles and state. */
type OfferedUser = UserTarget & {
  disabled: boolean;
  locked: boolean;
  secondFactorEnrolled: boolean;
};

export interface AccessOffersOptions {
  rules: PolicyRules;
  scope: AccessScopeService;
}

/**
 * What the console may offer (issue 24): the roles a caller may give, the actions on
 * each account and role, the data scopes, decided by the same rules the policy
 * enforces (policy-rules.ts), so what is offered is what works. It records nothing.
 */
export class AccessOffers {
  constructor(private readonly options: AccessOffersOptions) {}

  /** The roles the caller may give, by the same rule `user.grant` is decided by. */
  async grantableRoles(caller: AuthContext, roleIds: readonly string[]): Promise<string[]> {
    const facts = await this.options.rules.facts(caller);
    const result: string[] = [];
    for (const roleId of roleIds) {
      if ((await this.options.rules.mayGive(facts, roleId)) === null) result.push(roleId);
    }
    return result;
  }

  /**
   * What the console may offer on each account (issue 24): the actions whose code
   * the caller holds and whose target the policy lets it act on, by the rule
   * `require` enforces, so what is offered is what works.
   */
  async userActions(caller: AuthContext, targets: readonly OfferedUser[]): Promise<UserAction[][]> {
    return (await this.userOffers(caller, targets)).map((offer) => offer.actions);
  }

  /**
   * The actions on each account, and why none are offered where the policy refuses
   * the account (issue 31: a blank cell says why).
   */
  async userOffers(
    caller: AuthContext,
    targets: readonly OfferedUser[],
  ): Promise<Offer<UserAction>[]> {
    const facts = await this.options.rules.facts(caller);
    const decided = new Map<string, Decision>();
    const holds = (code: PermissionCode) => hasPermission(caller, code);
    const result: Offer<UserAction>[] = [];
    for (const target of targets) {
      // Accounts alike in place and roles get the same answer: decided once a page.
      const key = `${target.id === facts.userId}|${target.organizationId}|${[...target.roleIds].sort().join(',')}`;
      let decision = decided.get(key);
      if (decision === undefined) {
        decision = await this.options.rules.actOnUser(facts, target);
        decided.set(key, decision);
      }
      const actions: UserAction[] = [];
      if (decision.allowed) {
        if (holds('system:user:update')) actions.push('edit');
        if (holds('system:user:reset-password')) actions.push('reset-password');
        if (holds('system:user:disable')) actions.push(target.disabled ? 'enable' : 'disable');
        if (holds('system:user:unlock') && target.locked) actions.push('unlock');
        if (holds('system:factor:reset') && target.secondFactorEnrolled) {
          actions.push('factor-reset');
        }
        if (holds('system:session:end')) actions.push('end-sessions');
        result.push({ actions });
      } else {
        result.push({ actions, refusal: refusalOf(decision)! });
      }
    }
    return result;
  }

  /**
   * What the console may offer on each role, by the rules of `role.update` and
   * `role.delete`, and why neither is offered where the policy refuses the role.
   */
  async roleOffers(
    caller: AuthContext,
    roles: readonly (RoleTarget & { builtIn: boolean })[],
  ): Promise<Offer<RoleAction>[]> {
    const mayUpdate = hasPermission(caller, 'system:role:update');
    const mayDelete = hasPermission(caller, 'system:role:delete');
    const facts = await this.options.rules.facts(caller);
    const result: Offer<RoleAction>[] = [];
    for (const role of roles) {
      const actions: RoleAction[] = [];
      const asItStands = { ...role, current: role.grant };
      // A role as it stands is weighed alike for both: one decision says why neither.
      const decision =
        mayUpdate || (mayDelete && !role.builtIn)
          ? await this.options.rules.changeRole(facts, 'role.update', asItStands)
          : null;
      if (decision?.allowed) {
        if (mayUpdate) actions.push('edit');
        if (
          mayDelete &&
          !role.builtIn &&
          (await this.options.rules.changeRole(facts, 'role.delete', asItStands)).allowed
        ) {
          actions.push('delete');
        }
      }
      const refusal = decision ? refusalOf(decision) : undefined;
      result.push(refusal ? { actions, refusal } : { actions });
    }
    return result;
  }

  /**
   * What the console may offer on each unit, by the rules of `unit.update`,
   * `unit.create` and `unit.delete`: a district administrator is offered no unit at
   * the top and no deletion of its own top unit (issue 31), and is told why.
   */
  async unitOffers(
    caller: AuthContext,
    units: readonly { id: number; name: string; parentId: number | null }[],
  ): Promise<Offer<UnitAction>[]> {
    if (!hasPermission(caller, 'system:unit:write')) return units.map(() => ({ actions: [] }));
    const { rules } = this.options;
    const facts = await rules.facts(caller);
    const result: Offer<UnitAction>[] = [];
    for (const unit of units) {
      const actions: UnitAction[] = [];
      const asItStands = { ...unit, toParentId: unit.parentId };
      if ((await rules.decide(facts, 'unit.update', asItStands)).allowed) actions.push('edit');
      const below = { name: unit.name, parentId: unit.id };
      if ((await rules.decide(facts, 'unit.create', below)).allowed) actions.push('add-child');
      const beside = { name: unit.name, parentId: unit.parentId };
      if ((await rules.decide(facts, 'unit.create', beside)).allowed) actions.push('add-beside');
      // The deletion's decision weighs the unit's scope too: its reason covers a unit
      // out of reach as well as one's own top unit.
      const deletion = await rules.decide(facts, 'unit.delete', unit);
      if (deletion.allowed) actions.push('delete');
      const refusal = refusalOf(deletion);
      result.push(refusal ? { actions, refusal } : { actions });
    }
    return result;
  }

  /** The delegated administrators' roles a change of a role would leave weaker (policy-rules.ts). */
  reachLost(roleId: string, before: Grant, after: Grant) {
    return this.options.rules.reachLost(roleId, before, after);
  }

  /** The data scopes the caller may give a role: none wider than its own. */
  async grantableScopes(caller: AuthContext): Promise<DataScope[]> {
    const scope = await this.options.scope.scopeOf(caller.userId);
    return DATA_SCOPES.filter((dataScope) => {
      if (dataScope === 'units' && !scope.all && scope.unitIds.length === 0) return false;
      return this.options.scope.scopeWithin(scope, { dataScope, unitIds: [], entryIds: [] });
    });
  }
}
