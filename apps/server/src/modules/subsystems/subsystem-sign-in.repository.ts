import { and, eq, sql } from 'drizzle-orm';
import { type Executor, rowsOf } from '../../db/client.js';
import { sessions, subsystemSignIns } from '../../db/schema/index.js';
import { limitHitStatement } from '../limits/request-limit.repository.js';

export type SubsystemSignIn = typeof subsystemSignIns.$inferSelect;

/**
 * Which platform sessions signed in to which subsystems (a frame token or a
 * code): what back-channel logout and grant revocation read when a session ends.
 */
export class SubsystemSignInRepository {
  constructor(private readonly db: Executor) {}

  /**
   * Records a frame token's sign-in, in one statement whatever runs beside it: true when
   * the token goes on the trail (the first, or the first after `windowSeconds`, the
   * token's lifetime), false when it is a repeat within that window, then counted on
   * the row (frame_repeats) and not recorded again.
   */
  async recordFrame(signIn: {
    sessionTokenHash: string;
    subsystemId: number;
    userId: number;
    sid: string;
    issuer: string;
    now: Date;
    windowSeconds: number;
  }): Promise<boolean> {
    const windowStart = new Date(signIn.now.getTime() - signIn.windowSeconds * 1000);
    const stale = sql`(${subsystemSignIns.frameRecordedAt} is null
      or ${subsystemSignIns.frameRecordedAt} <= ${windowStart})`;
    const rows = await this.db
      .insert(subsystemSignIns)
      .values({
        sessionTokenHash: signIn.sessionTokenHash,
        subsystemId: signIn.subsystemId,
        userId: signIn.userId,
        sid: signIn.sid,
        issuer: signIn.issuer,
        createdAt: signIn.now,
        frameRecordedAt: signIn.now,
      })
      .onConflictDoUpdate({
        target: [subsystemSignIns.sessionTokenHash, subsystemSignIns.subsystemId],
        set: {
          frameRecordedAt: sql`case when ${stale} then excluded.frame_recorded_at
            else ${subsystemSignIns.frameRecordedAt} end`,
          frameRepeats: sql`case when ${stale} then 0 else ${subsystemSignIns.frameRepeats} + 1 end`,
        },
      })
      .returning({ repeats: subsystemSignIns.frameRepeats });
    return rows[0]?.repeats === 0;
  }

  /**
   * A frame token's whole accounting in one statement outside any transaction (issue 32):
   * the session's limit, then the subsystem's (counted only while the session is under
   * its own, so one session past its limit cannot use up its subsystem's), then, when
   * both are under, a repeat within the window of the token on the trail (its lifetime)
   * counted on the row (frame_repeats), nothing else written with it. `waitMs` is set when a limit is passed (the session's
   * first); `repeated` is false when there is no window (`recordFrame` then decides).
   */
  async countFrame(frame: {
    sessionTokenHash: string;
    subsystemId: number;
    now: Date;
    windowSeconds: number;
    /** Each limit's bucket, subject and the most a minute (`rate.*PerMinute`). */
    sessionLimit: { bucket: string; subject: string; most: number };
    subsystemLimit: { bucket: string; subject: string; most: number };
    limitWindowMs: number;
  }): Promise<{ waitMs: number | null; repeated: boolean }> {
    const { sessionLimit, subsystemLimit, now, limitWindowMs } = frame;
    const windowStart = new Date(now.getTime() - frame.windowSeconds * 1000).toISOString();
    const sessionUnder = sql`(select hits from session_limit) <= ${sessionLimit.most}`;
    const result = await this.db.execute(sql`with session_limit as (
        ${limitHitStatement(sessionLimit.bucket, sessionLimit.subject, limitWindowMs, now)}
      ), subsystem_limit as (
        ${limitHitStatement(subsystemLimit.bucket, subsystemLimit.subject, limitWindowMs, now, sessionUnder)}
      ), repeat as (
        update subsystem_sign_ins set frame_repeats = frame_repeats + 1
        where session_token_hash = ${frame.sessionTokenHash}
          and subsystem_id = ${frame.subsystemId}
          and frame_recorded_at > ${windowStart}::timestamptz
          and exists (select 1 from subsystem_limit where hits <= ${subsystemLimit.most})
        returning 1
      )
      select (select hits from session_limit) as session_hits,
        (select reset_at_ms from session_limit) as session_reset_ms,
        (select hits from subsystem_limit) as subsystem_hits,
        (select reset_at_ms from subsystem_limit) as subsystem_reset_ms,
        exists (select 1 from repeat) as repeated`);
    const row = rowsOf<{
      session_hits: number;
      session_reset_ms: number;
      subsystem_hits: number | null;
      subsystem_reset_ms: number | null;
      repeated: boolean;
    }>(result)[0]!;
    const wait = (resetMs: number | null) => Math.max(0, Number(resetMs) - now.getTime());
    if (row.session_hits > sessionLimit.most) {
      return { waitMs: wait(row.session_reset_ms), repeated: false };
    }
    if (row.subsystem_hits === null || row.subsystem_hits > subsystemLimit.most) {
      return { waitMs: wait(row.subsystem_reset_ms), repeated: false };
    }
    return { waitMs: null, repeated: row.repeated };
  }

  /** Records the sign-in (once per session and subsystem), adding a grant of the code flow. */
  async record(signIn: {
    sessionTokenHash: string;
    subsystemId: number;
    userId: number;
    sid: string;
    issuer: string;
    grantId?: string;
    now: Date;
  }): Promise<void> {
    const grants = signIn.grantId ? [signIn.grantId] : [];
    await this.db
      .insert(subsystemSignIns)
      .values({
        sessionTokenHash: signIn.sessionTokenHash,
        subsystemId: signIn.subsystemId,
        userId: signIn.userId,
        sid: signIn.sid,
        issuer: signIn.issuer,
        grantIds: grants,
        createdAt: signIn.now,
      })
      .onConflictDoUpdate({
        target: [subsystemSignIns.sessionTokenHash, subsystemSignIns.subsystemId],
        set: {
          grantIds: sql`(select coalesce(jsonb_agg(distinct g), '[]'::jsonb)
            from jsonb_array_elements_text(${subsystemSignIns.grantIds} || ${JSON.stringify(grants)}::jsonb) g)`,
        },
      });
  }

  /**
   * The sign-in a grant of this user was made under (the provider's tokens carry the
   * grant): its platform `sid` and session; null once the session ended (its sign-ins
   * are taken then).
   */
  async signInOfGrant(
    userId: number,
    grantId: string,
  ): Promise<{ sid: string; sessionTokenHash: string; subsystemId: number } | null> {
    const rows = await this.db
      .select({
        sid: subsystemSignIns.sid,
        sessionTokenHash: subsystemSignIns.sessionTokenHash,
        subsystemId: subsystemSignIns.subsystemId,
      })
      .from(subsystemSignIns)
      .where(
        and(eq(subsystemSignIns.userId, userId), sql`${subsystemSignIns.grantIds} ? ${grantId}`),
      )
      .limit(1);
    return rows[0] ?? null;
  }

  /** The sign-in a subsystem's token names (its user, subsystem and `sid`), if it was not ended. */
  async findBySid(
    userId: number,
    subsystemId: number,
    sid: string,
  ): Promise<SubsystemSignIn | null> {
    const rows = await this.db
      .select()
      .from(subsystemSignIns)
      .where(
        and(
          eq(subsystemSignIns.userId, userId),
          eq(subsystemSignIns.subsystemId, subsystemId),
          eq(subsystemSignIns.sid, sid),
        ),
      )
      .limit(1);
    return rows[0] ?? null;
  }

  /** Removes and answers the sign-ins of one session. */
  async takeOfSession(sessionTokenHash: string): Promise<SubsystemSignIn[]> {
    return this.db
      .delete(subsystemSignIns)
      .where(eq(subsystemSignIns.sessionTokenHash, sessionTokenHash))
      .returning();
  }

  /** Removes and answers every sign-in of a user (their sessions ended, or their rights changed). */
  async takeOfUser(userId: number): Promise<SubsystemSignIn[]> {
    return this.db.delete(subsystemSignIns).where(eq(subsystemSignIns.userId, userId)).returning();
  }

  /**
   * Removes and answers the sign-ins of sessions that ran out or no longer exist (the
   * purge job), so their grants are revoked with them.
   */
  async takeOfExpiredSessions(now: Date): Promise<SubsystemSignIn[]> {
    return this.db
      .delete(subsystemSignIns)
      .where(
        sql`not exists (select 1 from ${sessions}
        where ${sessions.tokenHash} = ${subsystemSignIns.sessionTokenHash}
          and ${sessions.expiresAt} > ${now})`,
      )
      .returning();
  }
}
