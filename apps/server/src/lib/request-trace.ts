import { requestContext } from '@fastify/request-context';
import type { AuditAction, AuditOutcome } from '@cityops/contract';
import type { FastifyBaseLogger } from 'fastify';

/**
 * A route's audit declaration, beside its `config.access` (issue 21): what the
 * trail records of the route's change, written in the change's transaction, and
 * of its refusal by the access policy.
 * - an action: every success records it;
 * - several actions: every success records one of them (enable or disable);
 * - `{ action, when }`: recorded when the change happens, which not every
 *   success is (a QR ticket picked up once it is confirmed);
 * - `{ none }`: the route changes nothing an assessor follows, and says why (a
 *   read the spec sends as POST, a captcha).
 * Every route but a GET declares one (test/plugins/auth.test.ts walks them).
 */
export type AuditDeclaration =
  | AuditAction
  | readonly AuditAction[]
  | { readonly action: AuditAction; readonly when: string }
  | { readonly none: string };

/** The actions every success of a route must record (none for `when` and `none`). */
export function promisedActions(declaration: AuditDeclaration | undefined): readonly AuditAction[] {
  if (declaration === undefined) return [];
  if (typeof declaration === 'string') return [declaration];
  if (Array.isArray(declaration)) return declaration as readonly AuditAction[];
  return [];
}

/**
 * What one request did that its declarations promise (issue 21): whether it
 * asked the access policy before acting on a target, and the trail records it
 * wrote. Kept in the request's async context (@fastify/request-context), so a
 * repository deep in a transaction sees the request it serves.
 */
export interface RequestTrace {
  /** The signed-in caller, once the auth hook has found one; null on public routes. */
  callerId: number | null;
  audit: AuditDeclaration | undefined;
  policyAsked: boolean;
  recorded: { action: AuditAction; outcome: AuditOutcome }[];
}

declare module '@fastify/request-context' {
  interface RequestContextData {
    trace: RequestTrace;
    /** The request's logger, whose lines carry its id (ModuleContext.log). */
    log: FastifyBaseLogger;
  }
}

/** The trace of the request being served; undefined outside a request (seed, commands). */
export function currentTrace(): RequestTrace | undefined {
  return requestContext.get('trace');
}

/** The logger of the request being answered, if any. */
export function currentRequestLog(): FastifyBaseLogger | undefined {
  return requestContext.get('log');
}

/**
 * The trail action a refusal of the current request is recorded as: the
 * route's declared action (`preferred` among several), if it declares one.
 */
export function declaredAction(preferred?: string): AuditAction | undefined {
  const audit = currentTrace()?.audit;
  if (audit === undefined) return undefined;
  if (typeof audit === 'string') return audit;
  if (Array.isArray(audit)) {
    const actions = audit as readonly AuditAction[];
    return actions.find((action) => action === preferred) ?? actions[0];
  }
  return 'action' in audit ? (audit as { action: AuditAction }).action : undefined;
}

/** A write to a table the policy guards, in a signed-in request that never asked the policy. */
export class PolicyNotAskedError extends Error {
  constructor(write: string) {
    super(`${write} was reached without asking the access policy`);
    this.name = 'PolicyNotAskedError';
  }
}

/**
 * In a signed-in request the access policy must have been asked before a write
 * (modules/access/access-policy.ts). Every statement to a guarded table passes here
 * (db/write-guard.ts); a repository that writes a bookkeeping table also calls it
 * for the writes of that table that act on someone (ending a session). Failing
 * closed, the write is refused with a logged 500 rather than made unchecked.
 * Outside a request (seed, commands) and on public routes (sign-in, recovery,
 * whose proof is the credential) there is no caller to check.
 */
export function assertPolicyAsked(write: string): void {
  const trace = currentTrace();
  if (trace && trace.callerId !== null && !trace.policyAsked) throw new PolicyNotAskedError(write);
}
