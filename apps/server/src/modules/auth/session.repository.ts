import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { heldPermissions } from '../../db/held-permissions.js';
import { sessions, userRoles, users } from '../../db/schema/index.js';
import type { SessionCache, SessionChanges } from './session-cache.js';

export interface SessionPrincipal {
  userId: number;
  username: string;
  roleIds: string[];
  /** The permission codes the roles hold (db/held-permissions.ts). */
  permissions: string[];
  mustChangePassword: boolean;
  passwordChangedAt: Date;
  expiresAt: Date;
}

export class SessionRepository {
  /**
   * `changes` hears of every revocation (after the commit, see repositories.ts);
   * `cache` answers `findLive` from memory (the app's own repositories, not a
   * transaction's).
   */
  constructor(
    private readonly db: Executor,
    private readonly changes?: SessionChanges,
    private readonly cache?: SessionCache,
  ) {}

  async insert(session: {
    tokenHash: string;
    userId: number;
    createdAt: Date;
    expiresAt: Date;
    userAgent: string | null;
    ipAddress: string | null;
  }): Promise<void> {
    await this.db.insert(sessions).values(session);
  }

  /** The live session of a token digest with its user; revoked, expired or disabled gives null. */
  async findLive(tokenHash: string, now: Date): Promise<SessionPrincipal | null> {
    if (this.cache) return this.cache.lookup(tokenHash, now, () => this.readLive(tokenHash, now));
    return this.readLive(tokenHash, now);
  }

  /** Built once and prepared on the database: it runs on every request a session is not remembered for. */
  private live?: ReturnType<SessionRepository['prepareLive']>;

  private prepareLive() {
    return this.db
      .select({
        userId: users.id,
        username: users.username,
        mustChangePassword: users.mustChangePassword,
        passwordChangedAt: users.passwordChangedAt,
        expiresAt: sessions.expiresAt,
        roleIds: sql<string[]>`coalesce(
          (select array_agg(${userRoles.roleId} order by ${userRoles.roleId})
             from ${userRoles} where ${userRoles.userId} = ${users.id}),
          '{}'::text[])`,
        permissions: heldPermissions(),
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
    return rows[0] ?? null;
  }

  async revoke(tokenHash: string, now: Date): Promise<void> {
    await this.db
      .update(sessions)
      .set({ revokedAt: now })
      .where(and(eq(sessions.tokenHash, tokenHash), isNull(sessions.revokedAt)));
    await this.changes?.changed({ tokenHash });
  }

  async revokeAllOfUser(userId: number, now: Date): Promise<void> {
    await this.db
      .update(sessions)
      .set({ revokedAt: now })
      .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
    await this.changes?.changed({ userId });
  }
}
