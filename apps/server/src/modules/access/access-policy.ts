import { ErrorCode, type MessageKey } from '@cityops/contract';
import { AppError } from '../../lib/app-error.js';
import type { AuthContext } from '../../lib/auth-context.js';
import { currentTrace, declaredAction } from '../../lib/request-trace.js';
import { type PolicyRules, decideOwn, isOwnAction } from './policy-rules.js';
import type { Decision, PolicyAction, PolicyTargets, UserTarget } from './policy-targets.js';
import type { RefusalRecorder } from './refusal-recorder.js';
import { refusalTargetOf } from './refusal-target.js';

export interface AccessPolicyOptions {
  rules: PolicyRules;
  refusals: RefusalRecorder;
}

/**
 * Who may act on whom (issue 21): the one decision point every service method
 * asks first, before it reads or writes anything else of its target, as
 * immich's `requireAccess`. The rules are in policy-rules.ts;
 * docs/administration.md ("Who may act on whom") is the written matrix;
 * test/modules/access/matrix.test.ts runs every cell of it through the real routes.
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
    // An action on one's own account needs no roles: they are not read (issue 32: every
    // frame token asked for them).
    if (isOwnAction(action)) return decideOwn(caller.userId, target as UserTarget);
    const { rules } = this.options;
    return rules.decide(await rules.facts(caller), action, target);
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
        target: refusalTargetOf(action, target),
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
}
