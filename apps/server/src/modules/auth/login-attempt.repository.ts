import { and, eq, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { assertPolicyAsked } from '../../lib/request-trace.js';
import { loginAttempts } from '../../db/schema/index.js';

export type AttemptScope = 'account' | 'address';

export interface AttemptState {
  failures: number;
  windowStartedAt: Date;
  lockedUntil: Date | null;
}

export class LoginAttemptRepository {
  constructor(private readonly db: Executor) {}

  async find(scope: AttemptScope, subject: string): Promise<AttemptState | null> {
    const rows = await this.db
      .select({
        failures: loginAttempts.failures,
        windowStartedAt: loginAttempts.windowStartedAt,
        lockedUntil: loginAttempts.lockedUntil,
      })
      .from(loginAttempts)
      .where(and(eq(loginAttempts.scope, scope), eq(loginAttempts.subject, subject)));
    return rows[0] ?? null;
  }

  /**
   * Counts one failure in one statement (instances may count the same subject at
   * once); a window older than `windowStart` starts again at 1.
   */
  async addFailure(
    scope: AttemptScope,
    subject: string,
    now: Date,
    windowStart: Date,
  ): Promise<AttemptState> {
    const stale = this.stale(windowStart);
    const rows = await this.db
      .insert(loginAttempts)
      .values({ scope, subject, failures: 1, windowStartedAt: now })
      .onConflictDoUpdate({
        target: [loginAttempts.scope, loginAttempts.subject],
        set: this.countOne(stale, now),
      })
      .returning({
        failures: loginAttempts.failures,
        windowStartedAt: loginAttempts.windowStartedAt,
        lockedUntil: loginAttempts.lockedUntil,
      });
    return rows[0]!;
  }

  /**
   * Reserves one attempt before the password is checked, in one conditional
   * statement: the count goes up only while the subject is not locked and is
   * under `limit` (or its window is over). Gives the count with this attempt,
   * or null when refused: however many requests arrive at once, on however many
   * instances, no more than `limit` of them get a count.
   */
  async reserve(
    scope: AttemptScope,
    subject: string,
    limit: number,
    now: Date,
    windowStart: Date,
  ): Promise<number | null> {
    const stale = this.stale(windowStart);
    const at = sql`${now.toISOString()}::timestamptz`;
    const rows = await this.db
      .insert(loginAttempts)
      .values({ scope, subject, failures: 1, windowStartedAt: now })
      .onConflictDoUpdate({
        target: [loginAttempts.scope, loginAttempts.subject],
        set: this.countOne(stale, now),
        setWhere: sql`(${loginAttempts.lockedUntil} is null or ${loginAttempts.lockedUntil} <= ${at}) and (${stale} or ${loginAttempts.failures} < ${limit})`,
      })
      .returning({ failures: loginAttempts.failures });
    return rows[0]?.failures ?? null;
  }

  /**
   * Reserves one second-factor code of an account before it is checked, as
   * `reserve` does for passwords: one conditional statement on the account's
   * row, counted only while the account is not locked and its count of wrong
   * codes is under `limit` (or their window is over). Gives the count with
   * this code, or null when refused. The lock is the row's own, so a lock set
   * by wrong passwords refuses codes too and the other way round.
   */
  async reserveFactor(
    subject: string,
    limit: number,
    now: Date,
    windowStart: Date,
  ): Promise<number | null> {
    const at = sql`${now.toISOString()}::timestamptz`;
    const stale = sql`(${loginAttempts.factorWindowStartedAt} is null or ${loginAttempts.factorWindowStartedAt} < ${windowStart.toISOString()}::timestamptz)`;
    const rows = await this.db
      .insert(loginAttempts)
      .values({
        scope: 'account',
        subject,
        failures: 0,
        windowStartedAt: now,
        factorFailures: 1,
        factorWindowStartedAt: now,
      })
      .onConflictDoUpdate({
        target: [loginAttempts.scope, loginAttempts.subject],
        set: {
          factorFailures: sql`case when ${stale} then 1 else ${loginAttempts.factorFailures} + 1 end`,
          factorWindowStartedAt: sql`case when ${stale} then ${at} else ${loginAttempts.factorWindowStartedAt} end`,
        },
        setWhere: sql`(${loginAttempts.lockedUntil} is null or ${loginAttempts.lockedUntil} <= ${at}) and (${stale} or ${loginAttempts.factorFailures} < ${limit})`,
      })
      .returning({ failures: loginAttempts.factorFailures });
    return rows[0]?.failures ?? null;
  }

  /**
   * Locks an account for its wrong second-factor codes unless a lock already
   * runs; their count starts again at 0. True when this call locked it.
   */
  async lockForFactor(subject: string, until: Date, now: Date): Promise<boolean> {
    const rows = await this.db
      .update(loginAttempts)
      .set({ lockedUntil: until, factorFailures: 0, factorWindowStartedAt: null })
      .where(
        and(
          eq(loginAttempts.scope, 'account'),
          eq(loginAttempts.subject, subject),
          or(isNull(loginAttempts.lockedUntil), lte(loginAttempts.lockedUntil, now)),
        ),
      )
      .returning({ scope: loginAttempts.scope });
    return rows.length === 1;
  }

  /** A correct second-factor code: the account's count of wrong codes starts again. */
  async clearFactor(subject: string): Promise<void> {
    await this.db
      .update(loginAttempts)
      .set({ factorFailures: 0, factorWindowStartedAt: null })
      .where(and(eq(loginAttempts.scope, 'account'), eq(loginAttempts.subject, subject)));
  }

  /**
   * A correct password: the account's count of wrong passwords starts again.
   * Its wrong second-factor codes (and a running lock) stay.
   */
  async clearPasswordFailures(subject: string): Promise<void> {
    await this.db
      .update(loginAttempts)
      .set({ failures: 0 })
      .where(and(eq(loginAttempts.scope, 'account'), eq(loginAttempts.subject, subject)));
  }

  /** Gives back a reservation that was not used up by a wrong password (a success, a refusal). */
  async release(scope: AttemptScope, subject: string): Promise<void> {
    await this.db
      .update(loginAttempts)
      .set({ failures: sql`greatest(${loginAttempts.failures} - 1, 0)` })
      .where(and(eq(loginAttempts.scope, scope), eq(loginAttempts.subject, subject)));
  }

  private stale(windowStart: Date) {
    return sql`${loginAttempts.windowStartedAt} < ${windowStart.toISOString()}::timestamptz`;
  }

  private countOne(stale: ReturnType<LoginAttemptRepository['stale']>, now: Date) {
    return {
      failures: sql`case when ${stale} then 1 else ${loginAttempts.failures} + 1 end`,
      windowStartedAt: sql`case when ${stale} then ${now.toISOString()}::timestamptz else ${loginAttempts.windowStartedAt} end`,
    };
  }

  /**
   * Locks until a time unless a lock already runs; the count restarts at
   * `failures` (a captcha stays required). True when this call locked it.
   */
  async lock(
    scope: AttemptScope,
    subject: string,
    until: Date,
    now: Date,
    failures: number,
  ): Promise<boolean> {
    const rows = await this.db
      .update(loginAttempts)
      .set({ lockedUntil: until, windowStartedAt: now, failures })
      .where(
        and(
          eq(loginAttempts.scope, scope),
          eq(loginAttempts.subject, subject),
          or(isNull(loginAttempts.lockedUntil), lte(loginAttempts.lockedUntil, now)),
        ),
      )
      .returning({ scope: loginAttempts.scope });
    return rows.length === 1;
  }

  async clear(scope: AttemptScope, subject: string): Promise<void> {
    assertPolicyAsked('loginAttempts.clear');
    await this.db
      .delete(loginAttempts)
      .where(and(eq(loginAttempts.scope, scope), eq(loginAttempts.subject, subject)));
  }

  /** Deletes counts whose windows are over and whose lock (if any) has ended. */
  async deleteForgotten(windowStart: Date, now: Date): Promise<void> {
    await this.db
      .delete(loginAttempts)
      .where(
        and(
          lt(loginAttempts.windowStartedAt, windowStart),
          or(
            isNull(loginAttempts.factorWindowStartedAt),
            lt(loginAttempts.factorWindowStartedAt, windowStart),
          ),
          or(isNull(loginAttempts.lockedUntil), lte(loginAttempts.lockedUntil, now)),
        ),
      );
  }
}
