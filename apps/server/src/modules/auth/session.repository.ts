import { type SQL, and, desc, eq, gt, ilike, inArray, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { SessionEndedReason } from '@cityops/contract';
import type { Executor } from '../../db/client.js';
import { type CountedTotal, countUpTo } from '../../db/paging.js';
import {
  grantMacColumns,
  honouredGrants,
  roleTermsColumn,
  termsAsHonoured,
} from '../../db/access-bindings.js';
import { heldPermissions } from '../../db/held-permissions.js';
import { containsPattern } from '../../db/like.js';
import {
  organizations,
  sessions,
  userRoles,
  userSecondFactors,
  users,
} from '../../db/schema/index.js';
import { assertPolicyAsked } from '../../lib/request-trace.js';
import type { UserReach } from '../system/admin-user.repository.js';
import type { BindingMac } from '../secrets/binding-mac.js';
import type { SessionCache, SessionChangeReason, SessionChanges } from './session-cache.js';
import type { SessionPrincipal } from './session-principal.js';

/** A live session as the online-sessions list shows it (issue 13). */
export interface LiveSessionRow {
  tokenHash: string;
  userId: number;
  username: string;
  name: string;
  organizationId: number | null;
  organizationName: string | null;
  organizationNameEn: string | null;
  /** The account's roles (the policy weighs them before an end is offered). */
  roleIds: string[];
  ipAddress: string | null;
  userAgent: string | null;
  createdAt: Date;
  lastSeenAt: Date | null;
  expiresAt: Date;
}

export interface LiveSessionFilter {
  keyword?: string | undefined;
  organizationId?: number | undefined;
  userId?: number | undefined;
}

const liveColumns = {
  tokenHash: sessions.tokenHash,
  userId: users.id,
  username: users.username,
  name: users.name,
  organizationId: users.organizationId,
  organizationName: organizations.name,
  organizationNameEn: organizations.nameEn,
  roleIds: sql<string[]>`coalesce(
    (select array_agg(ur.role_id order by ur.role_id)
       from ${userRoles} ur where ur.user_id = "users"."id"),
    '{}'::text[])`,
  ipAddress: sessions.ipAddress,
  userAgent: sessions.userAgent,
  createdAt: sessions.createdAt,
  lastSeenAt: sessions.lastSeenAt,
  expiresAt: sessions.expiresAt,
};

export class SessionRepository {
  /**
   * `changes` hears of every revocation (after the commit, see repositories.ts);
   * `cache` answers `findLive` from memory (the app's own repositories, not a
   * transaction's).
   */
  constructor(
    private readonly db: Executor,
    private readonly changes: SessionChanges,
    private readonly cache?: SessionCache,
    /** Checks the MACs of the grants a session is loaded with (issue 30, GB/T 39786 8.3). */
    private readonly bindingMac?: BindingMac,
  ) {}

  async insert(session: {
    tokenHash: string;
    userId: number;
    createdAt: Date;
    expiresAt: Date;
    userAgent: string | null;
    ipAddress: string | null;
  }): Promise<void> {
    // The sign-in is the session's first activity: the idle timeout counts from it.
    await this.db.insert(sessions).values({ ...session, lastSeenAt: session.createdAt });
  }

  /**
   * The live session of a token digest with its user; revoked, expired or disabled
   * gives null. `fresh` reads the database even when the session is remembered
   * (the console's routes: a revocation on another instance holds at once).
   */
  async findLive(
    tokenHash: string,
    now: Date,
    options: { fresh?: boolean } = {},
  ): Promise<SessionPrincipal | null> {
    if (this.cache && !options.fresh) {
      return this.cache.lookup(tokenHash, now, () => this.readLive(tokenHash, now));
    }
    return this.readLive(tokenHash, now);
  }

  /** Built once and prepared on the database: it runs on every request a session is not remembered for. */
  private live?: ReturnType<SessionRepository['prepareLive']>;

  private prepareLive() {
    return this.db
      .select({
        userId: users.id,
        username: users.username,
        name: users.name,
        sealedMobile: users.mobile,
        organizationId: users.organizationId,
        departmentId: users.departmentId,
        headImage: users.headImage,
        mustChangePassword: users.mustChangePassword,
        passwordChangedAt: users.passwordChangedAt,
        expiresAt: sessions.expiresAt,
        lastSeenAt: sessions.lastSeenAt,
        roleIds: sql<string[]>`coalesce(
          (select array_agg(${userRoles.roleId} order by ${userRoles.roleId})
             from ${userRoles} where ${userRoles.userId} = ${users.id}),
          '{}'::text[])`,
        permissions: heldPermissions(),
        // The bindings the roles and permissions come from, with their MACs (readLive checks them).
        ...grantMacColumns(),
        // The roles' terms with their MACs: a second factor is asked by the honoured ones (readLive).
        roleTerms: roleTermsColumn(),
        secondFactorEnrolled: sql<boolean>`exists (
            select 1 from ${userSecondFactors} sff
             where sff.user_id = ${users.id} and sff.confirmed_at is not null)`,
      })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(
        and(
          eq(sessions.tokenHash, sql.placeholder('tokenHash')),
          isNull(sessions.revokedAt),
          gt(sessions.expiresAt, sql.placeholder('now')),
          eq(users.disabled, false),
        ),
      )
      .prepare('session_live');
  }

  private async readLive(tokenHash: string, now: Date): Promise<SessionPrincipal | null> {
    this.live ??= this.prepareLive();
    const rows = await this.live.execute({ tokenHash, now });
    const row = rows[0];
    if (!row) return null;
    // Checked here, as the grants are loaded (and then remembered): not on every request.
    const {
      roleTerms,
      secondFactorEnrolled,
      name,
      sealedMobile,
      organizationId,
      departmentId,
      headImage,
      ...grants
    } = await honouredGrants(this.db, this.bindingMac, row.userId, row);
    // A second factor is due for a role the account holds by a binding that verifies, as its
    // terms are honoured (a role whose terms fail asks for one; issue 30).
    const terms = await termsAsHonoured(
      this.bindingMac,
      roleTerms.map(([roleId, dataScope, secondFactor, assignable, mac]) => ({
        roleId,
        dataScope,
        secondFactor,
        assignable,
        mac,
      })),
    );
    const secondFactorDue =
      !secondFactorEnrolled &&
      grants.roleIds.some((roleId) => terms.get(roleId)?.secondFactor === true);
    return {
      ...grants,
      secondFactorDue,
      profile: { name, sealedMobile, organizationId, departmentId, headImage },
    };
  }

  /**
   * Why a session that is not live stopped: its account disabled, the session
   * ended (signed out elsewhere, ended by an administrator), ended by a password
   * reset or change, ended after the idle time, or past its lifetime; null for a
   * token that never was a session.
   * Read only after a refusal, by the primary key.
   */
  async endedReason(tokenHash: string, now: Date): Promise<SessionEndedReason | null> {
    const rows = await this.db
      .select({
        revokedAt: sessions.revokedAt,
        endedReason: sessions.endedReason,
        expiresAt: sessions.expiresAt,
        disabled: users.disabled,
      })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(eq(sessions.tokenHash, tokenHash))
      .limit(1);
    const row = rows[0];
    if (!row) return null;
    if (row.disabled) return 'disabled';
    if (row.revokedAt) {
      // The person is told a password reset apart from a forced sign-out (issue 32).
      if (row.endedReason === 'idle' || row.endedReason === 'password') return row.endedReason;
      return 'ended';
    }
    return row.expiresAt <= now ? 'expired' : null;
  }

  /** Whether a session was revoked by this call (false: unknown or revoked before). */
  async revoke(tokenHash: string, now: Date, reason?: SessionChangeReason): Promise<boolean> {
    assertPolicyAsked('sessions.revoke');
    const rows = await this.db
      .update(sessions)
      .set({ revokedAt: now, endedReason: reason ?? null })
      .where(and(eq(sessions.tokenHash, tokenHash), isNull(sessions.revokedAt)))
      .returning({ tokenHash: sessions.tokenHash });
    await this.changes.changed(reason ? { tokenHash, reason } : { tokenHash });
    return rows.length > 0;
  }

  /** How many of the user's sessions this call revoked (expired ones included). */
  async revokeAllOfUser(userId: number, now: Date, reason?: SessionChangeReason): Promise<number> {
    assertPolicyAsked('sessions.revokeAllOfUser');
    const rows = await this.db
      .update(sessions)
      .set({ revokedAt: now, endedReason: reason ?? null })
      .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)))
      .returning({ tokenHash: sessions.tokenHash });
    await this.changes.changed(reason ? { userId, reason } : { userId });
    return rows.length;
  }

  /**
   * Records a session's last request. Only a `last_seen_at` older than `before`
   * is overwritten, so instances writing at the same time write once.
   */
  async markSeen(tokenHash: string, now: Date, before: Date): Promise<void> {
    await this.db
      .update(sessions)
      .set({ lastSeenAt: now })
      .where(
        and(
          eq(sessions.tokenHash, tokenHash),
          or(isNull(sessions.lastSeenAt), lt(sessions.lastSeenAt, before)),
        ),
      );
  }

  private liveWhere(filter: LiveSessionFilter, reach: UserReach, now: Date): SQL | undefined {
    const conditions: (SQL | undefined)[] = [
      isNull(sessions.revokedAt),
      gt(sessions.expiresAt, now),
      eq(users.disabled, false),
    ];
    if (!reach.all) {
      conditions.push(
        or(
          inArray(users.organizationId, reach.unitIds),
          reach.selfUserId === null ? sql`false` : eq(users.id, reach.selfUserId),
        ),
      );
    }
    if (filter.keyword) {
      const pattern = containsPattern(filter.keyword);
      conditions.push(or(ilike(users.username, pattern), ilike(users.name, pattern)));
    }
    if (filter.organizationId !== undefined) {
      conditions.push(eq(users.organizationId, filter.organizationId));
    }
    if (filter.userId !== undefined) conditions.push(eq(users.id, filter.userId));
    return and(...conditions);
  }

  /** Live sessions (not revoked, not expired, account enabled) within `reach`, newest first. */
  async pageLive(
    filter: LiveSessionFilter,
    reach: UserReach,
    now: Date,
    offset: number,
    limit: number,
  ): Promise<CountedTotal & { list: LiveSessionRow[] }> {
    const where = this.liveWhere(filter, reach, now);
    const counted = await countUpTo(
      this.db,
      this.db
        .select({ tokenHash: sessions.tokenHash })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(where)
        .$dynamic(),
    );
    const list = await this.db
      .select(liveColumns)
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .leftJoin(organizations, eq(organizations.id, users.organizationId))
      .where(where)
      .orderBy(desc(sessions.createdAt), sessions.tokenHash)
      .limit(limit)
      .offset(offset);
    return { ...counted, list };
  }

  /** One live session with its user, or null. */
  async findLiveRow(tokenHash: string, now: Date): Promise<LiveSessionRow | null> {
    const rows = await this.db
      .select(liveColumns)
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .leftJoin(organizations, eq(organizations.id, users.organizationId))
      .where(and(eq(sessions.tokenHash, tokenHash), this.liveWhere({}, { all: true }, now)))
      .limit(1);
    return rows[0] ?? null;
  }

  /** The live sessions of one user, newest first. */
  async liveOfUser(userId: number, now: Date): Promise<LiveSessionRow[]> {
    return this.db
      .select(liveColumns)
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .leftJoin(organizations, eq(organizations.id, users.organizationId))
      .where(this.liveWhere({ userId }, { all: true }, now))
      .orderBy(desc(sessions.createdAt), sessions.tokenHash)
      .limit(200);
  }

  /**
   * The sign-in before a session: the user's newest other session opened no
   * later than it (revoked or expired ones count: they were sign-ins).
   */
  /** When the session of a token digest was opened (its sign-in), or null for none. */
  async signedInAt(tokenHash: string): Promise<Date | null> {
    const rows = await this.db
      .select({ createdAt: sessions.createdAt })
      .from(sessions)
      .where(eq(sessions.tokenHash, tokenHash))
      .limit(1);
    return rows[0]?.createdAt ?? null;
  }

  async previousSignIn(
    userId: number,
    tokenHash: string,
  ): Promise<{ createdAt: Date; ipAddress: string | null } | null> {
    const current = this.db
      .select({ createdAt: sessions.createdAt })
      .from(sessions)
      .where(eq(sessions.tokenHash, tokenHash));
    const rows = await this.db
      .select({ createdAt: sessions.createdAt, ipAddress: sessions.ipAddress })
      .from(sessions)
      .where(
        and(
          eq(sessions.userId, userId),
          ne(sessions.tokenHash, tokenHash),
          sql`${sessions.createdAt} <= (${current})`,
        ),
      )
      .orderBy(desc(sessions.createdAt), desc(sessions.tokenHash))
      .limit(1);
    return rows[0] ?? null;
  }
}
