import type { AuditTargetKind, MessageKey, MessageValue } from '@cityops/contract';
import type { FastifyRequest } from 'fastify';
import { tokenInvalid } from '../../lib/app-error.js';
import type { Services } from '../../services.js';
import type { AuthContext } from '../../lib/auth-context.js';
import type { Grant } from './access-scope.service.js';

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
 * A record whose rule is its kind's, not its own: content the route's permission code
 * decides (`content.write`: guidance, the map) or platform-wide configuration that only a
 * whole-platform scope may change (`platform.write`: settings, subsystems). A new
 * console screen of either sort needs no kind of its own: its target names its audit
 * kind (a manifest's `auditTargets`), and the trail names it as it names every record.
 */
export interface RecordTarget {
  kind: AuditTargetKind;
  /** Absent on a create. */
  id: number | string | null;
  name: string | null;
}

/**
 * Every action on a target the policy decides, with what it needs to know of the
 * target. A new path that acts on a target of a rule of its own adds its action
 * here, its rule in policy-rules.ts, its trail name in refusal-target.ts and its
 * cells to the matrix in docs/administration.md; a plain record takes
 * `content.write` or `platform.write`.
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
  'unit.delete': { id: number; name: string; parentId: number | null };
  'department.create': { name: string; organizationId: number };
  'department.update': {
    id: number;
    name: string;
    organizationId: number;
    toOrganizationId: number;
  };
  'department.delete': { id: number; name: string; organizationId: number };
  /**
   * The platform's content (null id: a record being made): guidance categories and
   * articles, map layers and features. Their permission code decides (the route's
   * access); the services keep their own rules (a published article, a read-only layer).
   */
  'content.write': RecordTarget;
  /** Reading an article counts a view (a write); which statuses a reader sees is the service's. */
  'guide.article.read': { id: number };
  'role.create': RoleTarget;
  /** `current` as the role stands, `grant` as the change would leave it. */
  'role.update': RoleTarget & { current: Grant };
  'role.delete': RoleTarget;
  /** A menu entry (null id: a new one), with the role it or its parent is reserved to. */
  'menu.write': { id: number | null; code: string; reservedRole: string | null };
  /** Platform-wide configuration (a settings group, a subsystem): a whole-platform scope only. */
  'platform.write': RecordTarget;
  /** A console message (null id: one being sent), to whom its sender chooses. */
  'message.send': { id: null; title: string };
  'message.withdraw': { id: number; title: string };
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
      values?: Record<string, MessageValue>;
      /** The form field the refusal belongs to. */
      field?: string;
    };

export const ALLOWED: Decision = { allowed: true };

/** The caller as the target of its own actions (its avatar, password, factor, sessions). */
export function selfTarget(caller: AuthContext): UserTarget {
  return {
    id: caller.userId,
    username: caller.username,
    organizationId: null,
    roleIds: caller.roleIds,
  };
}

export function refused(
  reason: RefusalReason,
  messageKey: MessageKey,
  values?: Record<string, MessageValue>,
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

/**
 * One question to the policy: an action on its target, and the words a refusal
 * answers with when the screen that asked has its own (`AccessPolicy.require`).
 */
export type PolicyAsk<A extends PolicyAction = PolicyAction> = {
  [K in A]: { action: K; target: PolicyTargets[K]; answer?: { messageKey?: MessageKey } };
}[A];

/** A route that acts on one target: the action, and how the target is loaded. */
interface OneTarget<A extends PolicyAction> {
  readonly action: A;
  /** For a route whose body says which of several actions it is (enable or disable). */
  readonly choose?: (request: FastifyRequest) => A;
  /** The target as the policy weighs it; throws not-found when it is gone. */
  readonly target: (request: FastifyRequest, services: Services) => Promise<PolicyTargets[A]>;
}

/** A route whose one change weighs several targets (see `policyEach`). */
interface ManyTargets<A extends PolicyAction> {
  /** The actions it may ask; `action` is the first. */
  readonly action: A;
  readonly actions: readonly A[];
  /** The questions, in the order they are asked; throws not-found when a target is gone. */
  readonly asks: (request: FastifyRequest, services: Services) => Promise<readonly PolicyAsk<A>[]>;
}

/**
 * A route's policy (beside its `access` and `audit`): the action, and how its target
 * is read from the validated request, so the policy is asked before the handler
 * runs (plugins/command-pipeline.ts) and no service has to remember to.
 */
export type PolicyDeclaration<A extends PolicyAction = PolicyAction> =
  OneTarget<A> | ManyTargets<A>;

/** What the pipeline asks for a declaration, in order (each with `AccessPolicy.require`). */
export async function policyAsks(
  declaration: PolicyDeclaration,
  request: FastifyRequest,
  services: Services,
): Promise<readonly PolicyAsk[]> {
  if ('asks' in declaration) return declaration.asks(request, services);
  const target = await declaration.target(request, services);
  const action = declaration.choose?.(request) ?? declaration.action;
  return [{ action, target } as PolicyAsk];
}

/** Declares a route's policy: `config: { access, audit, policy: policy('unit.update', ...) }`. */
export function policy<A extends PolicyAction>(
  action: A,
  target: OneTarget<A>['target'],
): PolicyDeclaration<A> {
  return { action, target };
}

/**
 * The request as its route's schemas made it, for a policy's target loader: the
 * loader runs in preHandler, after validation, so these are the validated values
 * (Fastify types them only inside the handler, hence the one cast here).
 */
export function routeInput<Params = unknown, Body = unknown, Query = unknown>(
  request: FastifyRequest,
): { params: Params; body: Body; query: Query } {
  return request as unknown as { params: Params; body: Body; query: Query };
}

/**
 * Declares a route whose body chooses its action among several on the same kind of
 * target (`user.disable` or `user.enable`).
 */
export function policyChosen<A extends PolicyAction>(
  actions: readonly [A, ...A[]],
  choose: (request: FastifyRequest) => A,
  target: OneTarget<A>['target'],
): PolicyDeclaration<A> {
  return { action: actions[0], choose, target };
}

/**
 * Declares a route whose one change weighs several targets: an account edit asks
 * for the account, and for its new unit and the roles it gains or loses when those
 * change. `asks` loads them and returns the questions in the order they are put;
 * the pipeline asks each, and the first refusal is recorded and answered.
 */
export function policyEach<A extends PolicyAction>(
  actions: readonly [A, ...A[]],
  asks: ManyTargets<A>['asks'],
): PolicyDeclaration<A> {
  return { action: actions[0], actions, asks };
}

/** A route that acts on the caller's own account only (its sessions, avatar, factor). */
export function onSelf(action: 'own.profile' | 'own.password' | 'own.factor' | 'own.sessions') {
  return policy(action, async (request) => {
    if (!request.auth) throw tokenInvalid();
    return selfTarget(request.auth);
  });
}
