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
   * Records a frame token's sign-in, in one statement whatever runs beside it: `recorded`
   * when the token goes on the trail (the first, or the first after `windowSeconds`, the
   * token's lifetime), not when it is a repeat within that window, then counted on the row
   * (frame_repeats) and not recorded again; `recordedAt`, when that window began.
   */
  async recordFrame(signIn: {
    sessionTokenHash: string;
    subsystemId: number;
    userId: number;
    sid: string;
    issuer: string;
    now: Date;
    windowSeconds: number;
  }): Promise<{ recorded: boolean; recordedAt: Date }> {
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
      .returning({
        repeats: subsystemSignIns.frameRepeats,
        recordedAt: subsystemSignIns.frameRecordedAt,
      });
    const row = rows[0]!;
    return { recorded: row.repeats === 0, recordedAt: row.recordedAt ?? signIn.now };
  }

  /**
   * A frame token's whole accounting in one statement outside any transaction (issue 32):
   * `want` tokens taken from the session's limit, then as many of those as it granted
   * from the subsystem's (counted only while the session is under its own, so one session
   * past its limit cannot use up its subsystem's), then, when both granted one, a repeat
   * within the window of the token on the trail (its lifetime) counted on the row
   * (frame_repeats), nothing else written with it. `granted` is how many both limits
   * allow (0 to `want`; the rest are leased, frame-token-leases.ts); when 0, `waitMs` says
   * for how long (the session's limit first). `recordedAt` is the window's record on the
   * trail when this is a repeat in it, else null (`recordFrame` then decides).
   */
  async countFrame(frame: {
    sessionTokenHash: string;
    subsystemId: number;
    now: Date;
    windowSeconds: number;
    want: number;
    /** Each limit's bucket, subject and the most a minute (`rate.*PerMinute`). */
    sessionLimit: { bucket: string; subject: string; most: number };
    subsystemLimit: { bucket: string; subject: string; most: number };
    limitWindowMs: number;
  }): Promise<{
    granted: number;
    waitMs: number | null;
    limitsEndAtMs: number;
    recordedAt: Date | null;
  }> {
    const { sessionLimit, subsystemLimit, now, limitWindowMs, want } = frame;
    const windowStart = new Date(now.getTime() - frame.windowSeconds * 1000).toISOString();
    // What each limit grants of what was asked: the room left before this count, at most `want`.
    const sessionGranted = sql`(select least(${want}::int, greatest(0, ${sessionLimit.most}::int - (hits - ${want}::int))) from session_limit)`;
    const result = await this.db.execute(sql`with session_limit as (
        ${limitHitStatement(sessionLimit.bucket, sessionLimit.subject, limitWindowMs, now, sql`true`, want)}
      ), subsystem_limit as (
        ${limitHitStatement(subsystemLimit.bucket, subsystemLimit.subject, limitWindowMs, now, sql`${sessionGranted} > 0`, sessionGranted)}
      ), granted as (
        select least(${sessionGranted},
          greatest(0, ${subsystemLimit.most}::int - (hits - ${sessionGranted}))) as n
        from subsystem_limit
      ), repeat as (
        update subsystem_sign_ins set frame_repeats = frame_repeats + 1
        where session_token_hash = ${frame.sessionTokenHash}
          and subsystem_id = ${frame.subsystemId}
          and frame_recorded_at > ${windowStart}::timestamptz
          and exists (select 1 from granted where n > 0)
        returning frame_recorded_at
      )
      select ${sessionGranted} as session_granted,
        (select reset_at_ms from session_limit) as session_reset_ms,
        (select n from granted) as granted,
        (select reset_at_ms from subsystem_limit) as subsystem_reset_ms,
        (select frame_recorded_at from repeat) as recorded_at`);
    const row = rowsOf<{
      session_granted: number;
      session_reset_ms: number;
      granted: number | null;
      subsystem_reset_ms: number | null;
      recorded_at: Date | string | null;
    }>(result)[0]!;
    const sessionEnd = Number(row.session_reset_ms);
    const wait = (endMs: number) => Math.max(0, endMs - now.getTime());
    if (Number(row.session_granted) === 0) {
      return { granted: 0, waitMs: wait(sessionEnd), limitsEndAtMs: sessionEnd, recordedAt: null };
    }
    const subsystemEnd = Number(row.subsystem_reset_ms);
    const granted = Number(row.granted ?? 0);
    const limitsEndAtMs = Math.min(sessionEnd, subsystemEnd);
    if (granted === 0) {
      return { granted: 0, waitMs: wait(subsystemEnd), limitsEndAtMs, recordedAt: null };
    }
    return {
      granted,
      waitMs: null,
      limitsEndAtMs,
      recordedAt: row.recorded_at === null ? null : new Date(row.recorded_at),
    };
  }

  /**
   * Adds repeats counted in a process (frame-token-leases.ts) to their sign-ins, each to
   * the window it was counted in (none when another has begun since), in one statement.
   */
  async addFrameRepeats(
    repeats: { sessionTokenHash: string; subsystemId: number; recordedAt: Date; repeats: number }[],
  ): Promise<void> {
    if (repeats.length === 0) return;
    const rows = JSON.stringify(
      repeats.map((each) => ({
        session_token_hash: each.sessionTokenHash,
        subsystem_id: each.subsystemId,
        recorded_at: each.recordedAt.toISOString(),
        repeats: each.repeats,
      })),
    );
    await this.db.execute(sql`update subsystem_sign_ins s
      set frame_repeats = s.frame_repeats + v.repeats
      from jsonb_to_recordset(${rows}::jsonb)
        as v(session_token_hash text, subsystem_id int, recorded_at timestamptz, repeats int)
      where s.session_token_hash = v.session_token_hash
        and s.subsystem_id = v.subsystem_id
        and s.frame_recorded_at = v.recorded_at`);
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
