import type { AuditAction } from '@cityops/contract';
import { type AppError, changedByOthers } from '../../lib/app-error.js';
import type { AuthContext } from '../../lib/auth-context.js';
import type { Clock } from '../../lib/clock.js';
import { declaredAction } from '../../lib/request-trace.js';
import { type VersionedOutcome, expectWritten } from '../../db/versioned.js';
import type { Repositories, WithTransaction } from '../../repositories.js';
import type { AuditEvent } from '../audit/audit.repository.js';
import { auditSourceOf, changedFields, masked } from '../audit/audit-writer.js';

/**
 * What one write did, as its audit record tells it: the target, its values before
 * and after (a create has no before, a delete no after; only the fields that differ
 * are recorded), and the versioned write's outcome.
 */
export interface Written<T> {
  outcome?: VersionedOutcome;
  target: NonNullable<AuditEvent['target']>;
  before?: Record<string, unknown>;
  after?: Record<string, unknown>;
  /** Why, when the route's action is done for one of several reasons (an avatar change). */
  reason?: string;
  /** What the command answers (an id made, the saved row). */
  value: T;
}

export interface CommandRunOptions<T> {
  /** The trail action, when the route declares several (enable or disable); else the route's. */
  action?: AuditAction;
  /** A delete that a rule of the row held back ('blocked'): the domain's own error. */
  blocked?: () => AppError | Promise<AppError>;
  /** After the commit: what only a committed change may do (announce it, clear a cache). */
  afterCommit?: (value: T) => Promise<void> | void;
}

export interface CommandRunnerOptions {
  withTransaction: WithTransaction;
  clock: Clock;
}

/**
 * The one way a console write is made (docs/architecture.md, "A write is one
 * declaration"): the route has asked the policy (plugins/command-pipeline.ts);
 * here the write and its audit record share one transaction, the record is built
 * from the route's declared action and the changed fields, a versioned write's
 * conflict or absence becomes the one answer (db/versioned.ts), and what follows
 * a change runs only once it is committed. Services keep their domain's rules.
 */
export class CommandRunner {
  constructor(private readonly options: CommandRunnerOptions) {}

  async run<T>(
    auth: AuthContext,
    write: (repositories: Repositories) => Promise<Written<T>>,
    options: CommandRunOptions<T> = {},
  ): Promise<T> {
    const action = options.action ?? declaredAction();
    if (!action) throw new Error('A command runs only on a route that declares its audit action');
    const now = this.options.clock.now();
    const result = await this.options.withTransaction(async (repositories) => {
      const written = await write(repositories);
      const outcome = written.outcome ?? 'ok';
      // Why a rule held the write back is read after the transaction: its reads go
      // through the pool, which on PGlite is the one connection the transaction holds.
      if (outcome === 'blocked' && options.blocked) return BLOCKED;
      expectWritten(outcome);
      await repositories.audit.append(now, auditSourceOf(auth), {
        action,
        outcome: 'success',
        ...(written.reason === undefined ? {} : { reason: written.reason }),
        target: written.target,
        ...difference(written.before, written.after),
      });
      return { value: written.value };
    });
    if (result === BLOCKED) throw await (options.blocked ? options.blocked() : changedByOthers());
    await options.afterCommit?.(result.value);
    return result.value;
  }
}

/** A write a rule of its row held back (a delete with children). */
const BLOCKED = Symbol('blocked');

function difference(
  before: Record<string, unknown> | undefined,
  after: Record<string, unknown> | undefined,
): Pick<AuditEvent, 'before' | 'after'> {
  if (before && after) return changedFields(before, after);
  if (before) return { before: masked(before) };
  if (after) return { after: masked(after) };
  return {};
}
