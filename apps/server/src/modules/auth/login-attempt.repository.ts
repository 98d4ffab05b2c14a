import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
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
    const stale = sql`${loginAttempts.windowStartedAt} < ${windowStart.toISOString()}::timestamptz`;
    const rows = await this.db
      .insert(loginAttempts)
      .values({ scope, subject, failures: 1, windowStartedAt: now })
      .onConflictDoUpdate({
        target: [loginAttempts.scope, loginAttempts.subject],
        set: {
          failures: sql`case when ${stale} then 1 else ${loginAttempts.failures} + 1 end`,
          windowStartedAt: sql`case when ${stale} then ${now.toISOString()}::timestamptz else ${loginAttempts.windowStartedAt} end`,
        },
      })
      .returning({
        failures: loginAttempts.failures,
        windowStartedAt: loginAttempts.windowStartedAt,
        lockedUntil: loginAttempts.lockedUntil,
      });
    return rows[0]!;
  }

  /** Locks until a time; the count restarts at `failures` (a captcha stays required). */
  async lock(
    scope: AttemptScope,
    subject: string,
    until: Date,
    now: Date,
    failures: number,
  ): Promise<void> {
    await this.db
      .update(loginAttempts)
      .set({ lockedUntil: until, windowStartedAt: now, failures })
      .where(and(eq(loginAttempts.scope, scope), eq(loginAttempts.subject, subject)));
  }

  async clear(scope: AttemptScope, subject: string): Promise<void> {
    await this.db
      .delete(loginAttempts)
      .where(and(eq(loginAttempts.scope, scope), eq(loginAttempts.subject, subject)));
  }
}
