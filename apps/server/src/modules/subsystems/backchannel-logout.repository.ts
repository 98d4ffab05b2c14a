import { asc, eq, inArray, lte } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { backchannelLogouts, subsystems, users } from '../../db/schema/index.js';
import type { SessionChangeReason } from '../auth/session-cache.js';

/**
 * Why a subsystem is told: what the writer said (sign-out, ended from the session
 * list, disabled, password, renamed, rights), else one session ended or the
 * user's account changed (a second factor, a profile field).
 */
export type BackchannelLogoutReason = SessionChangeReason | 'session-ended';

export interface NewBackchannelLogout {
  subsystemId: number;
  userId: number;
  sid: string;
  issuer: string;
  reason: BackchannelLogoutReason;
}

/** A logout claimed for delivery, with what its token and its record need. */
export interface ClaimedBackchannelLogout {
  id: number;
  subsystemId: number;
  userId: number;
  sid: string;
  issuer: string;
  reason: string;
  attempts: number;
  clientId: string;
  /** The registered address now (null: the subsystem no longer has one). */
  backchannelLogoutUri: string | null;
  /** The account's login name, for the trail (null: the account is gone). */
  username: string | null;
}

/**
 * The back-channel logouts still to deliver (an outbox, db/schema/subsystems.ts):
 * written in the transaction that takes a session's subsystem sign-ins, claimed
 * by any instance's delivery (`for update skip locked`), removed once delivered
 * or given up.
 */
export class BackchannelLogoutRepository {
  constructor(private readonly db: Executor) {}

  async enqueue(logouts: readonly NewBackchannelLogout[], now: Date): Promise<void> {
    if (logouts.length === 0) return;
    await this.db
      .insert(backchannelLogouts)
      .values(logouts.map((logout) => ({ ...logout, nextAttemptAt: now, createdAt: now })));
  }

  /**
   * Claims up to `limit` due logouts for this instance: their next attempt moves
   * to `leaseUntil`, so no other instance takes them while this one delivers,
   * and one that stopped mid-way leaves them due again then. Rows another
   * instance is claiming at this moment are skipped, not waited for.
   */
  async claimDue(now: Date, leaseUntil: Date, limit: number): Promise<ClaimedBackchannelLogout[]> {
    const due = this.db
      .select({ id: backchannelLogouts.id })
      .from(backchannelLogouts)
      .where(lte(backchannelLogouts.nextAttemptAt, now))
      .orderBy(asc(backchannelLogouts.nextAttemptAt))
      .limit(limit)
      .for('update', { skipLocked: true });
    const claimed = await this.db
      .update(backchannelLogouts)
      .set({ nextAttemptAt: leaseUntil })
      .where(inArray(backchannelLogouts.id, due))
      .returning({ id: backchannelLogouts.id });
    if (claimed.length === 0) return [];
    return this.db
      .select({
        id: backchannelLogouts.id,
        subsystemId: backchannelLogouts.subsystemId,
        userId: backchannelLogouts.userId,
        sid: backchannelLogouts.sid,
        issuer: backchannelLogouts.issuer,
        reason: backchannelLogouts.reason,
        attempts: backchannelLogouts.attempts,
        clientId: subsystems.clientId,
        backchannelLogoutUri: subsystems.backchannelLogoutUri,
        username: users.username,
      })
      .from(backchannelLogouts)
      .innerJoin(subsystems, eq(subsystems.id, backchannelLogouts.subsystemId))
      .leftJoin(users, eq(users.id, backchannelLogouts.userId))
      .where(
        inArray(
          backchannelLogouts.id,
          claimed.map((row) => row.id),
        ),
      )
      .orderBy(asc(backchannelLogouts.id));
  }

  /** Delivered or given up: the logout leaves the outbox. */
  async remove(id: number): Promise<void> {
    await this.db.delete(backchannelLogouts).where(eq(backchannelLogouts.id, id));
  }

  /** A failed attempt: counted, with its error (never the token), and tried again at `nextAttemptAt`. */
  async failed(id: number, attempts: number, nextAttemptAt: Date, error: string): Promise<void> {
    await this.db
      .update(backchannelLogouts)
      .set({ attempts, nextAttemptAt, lastError: error.slice(0, 256) })
      .where(eq(backchannelLogouts.id, id));
  }

  /** Whether any logout waits, due or not (the delivery then looks again soon). */
  async anyWaiting(): Promise<boolean> {
    const rows = await this.db
      .select({ id: backchannelLogouts.id })
      .from(backchannelLogouts)
      .limit(1);
    return rows.length > 0;
  }
}
