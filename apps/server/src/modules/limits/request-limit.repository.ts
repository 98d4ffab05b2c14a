import { type SQL, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { requestLimits } from '../../db/schema/index.js';

export interface LimitWindow {
  /** Requests counted in the current window, this one included. */
  hits: number;
  /** When the current window ends and the count starts again. */
  resetAt: Date;
}

/**
 * The count `hit` makes, as a part of a larger statement (a `with` query, so a route
 * counts its limits in the statement that does its work): returns `hits` and
 * `reset_at_ms`, when the window ends in epoch milliseconds. With `when`, it counts
 * only if that holds (no row is returned otherwise). `amount` counts that many requests
 * at once (frame tokens taken ahead, modules/subsystems/frame-token-leases.ts): then
 * `hits - amount` is the count before it.
 */
export function limitHitStatement(
  bucket: string,
  subject: string,
  windowMs: number,
  now: Date,
  when: SQL = sql`true`,
  amount: SQL | number = 1,
): SQL {
  const at = sql`${now.toISOString()}::timestamptz`;
  const over = sql`request_limits.window_started_at <= ${new Date(now.getTime() - windowMs).toISOString()}::timestamptz`;
  return sql`insert into request_limits (bucket, subject, window_started_at, hits)
    select ${bucket}, ${subject}, ${at}, (${amount})::int where ${when}
    on conflict (bucket, subject) do update set
      hits = case when ${over} then excluded.hits else request_limits.hits + excluded.hits end,
      window_started_at = case when ${over} then ${at} else request_limits.window_started_at end
    returning hits, extract(epoch from window_started_at)::float8 * 1000 + ${windowMs} as reset_at_ms`;
}

/** Fixed-window request counts per bucket and subject, shared by every instance. */
export class RequestLimitRepository {
  constructor(private readonly db: Executor) {}

  /**
   * Counts one request in one statement: the row's window starts again when it
   * is older than `windowMs`. Each request gets its own count, however many
   * arrive at once, so exactly `limit` of them can be at or under a limit.
   */
  async hit(bucket: string, subject: string, windowMs: number, now: Date): Promise<LimitWindow> {
    const at = sql`${now.toISOString()}::timestamptz`;
    const over = sql`${requestLimits.windowStartedAt} <= ${new Date(now.getTime() - windowMs).toISOString()}::timestamptz`;
    const rows = await this.db
      .insert(requestLimits)
      .values({ bucket, subject, windowStartedAt: now, hits: 1 })
      .onConflictDoUpdate({
        target: [requestLimits.bucket, requestLimits.subject],
        set: {
          hits: sql`case when ${over} then 1 else ${requestLimits.hits} + 1 end`,
          windowStartedAt: sql`case when ${over} then ${at} else ${requestLimits.windowStartedAt} end`,
        },
      })
      .returning({ hits: requestLimits.hits, windowStartedAt: requestLimits.windowStartedAt });
    const row = rows[0]!;
    return { hits: row.hits, resetAt: new Date(row.windowStartedAt.getTime() + windowMs) };
  }

  /** Deletes windows that started before `before` (longer ago than the longest window). */
  async deleteWindowsBefore(before: Date): Promise<void> {
    await this.db.delete(requestLimits).where(lt(requestLimits.windowStartedAt, before));
  }
}
