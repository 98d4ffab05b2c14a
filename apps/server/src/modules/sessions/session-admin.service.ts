import {
  ErrorCode,
  type LiveSession,
  type OwnSession,
  type SessionPage,
  type SessionsEnded,
} from '@cityops/contract';
import { AppError, notFound } from '../../lib/app-error.js';
import type { Clock } from '../../lib/clock.js';
import type { Repositories } from '../../repositories.js';
import type { CommandRunner } from '../access/command.js';
import type { AuthContext } from '../../lib/auth-context.js';
import type { LiveSessionRow } from '../auth/session.repository.js';
import type { AccessOffers } from '../access/access-offers.js';
import type { AccessScopeService } from '../access/access-scope.service.js';

/** The trail names a session as its `session` column does: the digest's first 16 characters. */
const auditId = (tokenHash: string) => tokenHash.slice(0, 16);

const currentSession = () =>
  new AppError(ErrorCode.CONFLICT, { messageKey: 'system.session.current' });

function toLiveSession(
  row: LiveSessionRow,
  flags: { current: boolean; endable: boolean },
): LiveSession {
  return {
    ...flags,
    id: row.tokenHash,
    userId: row.userId,
    username: row.username,
    name: row.name,
    organizationId: row.organizationId,
    organizationName: row.organizationName,
    organizationNameEn: row.organizationNameEn,
    ipAddress: row.ipAddress,
    userAgent: row.userAgent,
    createdAt: row.createdAt.toISOString(),
    lastSeenAt: row.lastSeenAt?.toISOString() ?? null,
    expiresAt: row.expiresAt.toISOString(),
  };
}

export interface SessionAdminServiceOptions {
  repositories: Pick<Repositories, 'sessions' | 'users'>;
  access: AccessScopeService;
  commands: CommandRunner;
  offers: AccessOffers;
  clock: Clock;
}

/**
 * Online sessions (issue 13): the security administrator's list of live
 * sessions within their data scope, ending one or all of a user's; and the
 * caller's own sessions in the personal area, ending the others. Every end goes
 * through the session repository's revocation (the session cache announces it
 * to every instance after the commit) and is recorded in the same transaction.
 */
export class SessionAdminService {
  constructor(private readonly options: SessionAdminServiceOptions) {}

  async page(
    auth: AuthContext,
    query: {
      keyword?: string | undefined;
      organizationId?: number | undefined;
      pageIndex: number;
      pageSize: number;
    },
  ): Promise<SessionPage> {
    const { access, repositories, clock } = this.options;
    const scope = await access.scopeOf(auth.userId);
    const { total, totalExact, list } = await repositories.sessions.pageLive(
      { keyword: query.keyword, organizationId: query.organizationId },
      access.reach(scope),
      clock.now(),
      (query.pageIndex - 1) * query.pageSize,
      query.pageSize,
    );
    // What may be ended is the policy's, weighed on each session's account.
    const actions = await this.options.offers.userActions(
      auth,
      list.map((row) => ({
        id: row.userId,
        username: row.username,
        organizationId: row.organizationId,
        roleIds: row.roleIds,
        disabled: false,
        locked: false,
        secondFactorEnrolled: false,
      })),
    );
    return {
      total,
      totalExact,
      pageIndex: query.pageIndex,
      pageSize: query.pageSize,
      list: list.map((row, index) => {
        const current = row.tokenHash === auth.tokenHash;
        const endable = !current && actions[index]!.includes('end-sessions');
        return toLiveSession(row, { current, endable });
      }),
    };
  }

  /** The account a live session belongs to, as the policy weighs it (sessions.routes.ts). */
  async holderOfSession(tokenHash: string) {
    const session = await this.options.repositories.sessions.findLiveRow(
      tokenHash,
      this.options.clock.now(),
    );
    if (!session) throw notFound();
    return this.holder(session.userId);
  }

  /** An account as the policy weighs it; 404 when it is gone. */
  async holder(userId: number) {
    const user = await this.options.repositories.users.findById(userId);
    if (!user) throw notFound();
    return user;
  }

  /** Ends one live session of a user the caller manages (sessions.routes.ts asks the policy). */
  async end(auth: AuthContext, tokenHash: string): Promise<SessionsEnded> {
    const now = this.options.clock.now();
    const session = await this.options.repositories.sessions.findLiveRow(tokenHash, now);
    if (!session) throw notFound();
    return { ended: await this.revokeOne(auth, session, now) };
  }

  /** Ends every session of a user the caller manages (none live: nothing ended, still recorded). */
  async endAllOfUser(auth: AuthContext, userId: number): Promise<SessionsEnded> {
    const { repositories, clock } = this.options;
    const user = await this.holder(userId);
    const now = clock.now();
    const live = (await repositories.sessions.liveOfUser(userId, now)).length;
    await this.options.commands.run(auth, async ({ sessions }) => {
      await sessions.revokeAllOfUser(userId, now, 'ended');
      return {
        target: { kind: 'user', id: userId, name: user.username },
        before: { sessions: live },
        after: { sessions: 0 },
        value: live,
      };
    });
    return { ended: live };
  }

  /** The caller's own live sessions; `current` marks the one of this request. */
  async own(auth: AuthContext): Promise<OwnSession[]> {
    const rows = await this.options.repositories.sessions.liveOfUser(
      auth.userId,
      this.options.clock.now(),
    );
    return rows.map((row) => ({
      id: row.tokenHash,
      ipAddress: row.ipAddress,
      userAgent: row.userAgent,
      createdAt: row.createdAt.toISOString(),
      lastSeenAt: row.lastSeenAt?.toISOString() ?? null,
      expiresAt: row.expiresAt.toISOString(),
      current: row.tokenHash === auth.tokenHash,
    }));
  }

  /**
   * Ends one of the caller's other sessions. Someone else's session is not
   * found (its existence is not told); the current one is ended by signing out.
   */
  async endOwn(auth: AuthContext, tokenHash: string): Promise<SessionsEnded> {
    if (tokenHash === auth.tokenHash) throw currentSession();
    const now = this.options.clock.now();
    const session = await this.options.repositories.sessions.findLiveRow(tokenHash, now);
    if (!session || session.userId !== auth.userId) throw notFound();
    return { ended: await this.revokeOne(auth, session, now) };
  }

  private async revokeOne(auth: AuthContext, session: LiveSessionRow, now: Date): Promise<number> {
    return this.options.commands.run(auth, async ({ sessions }) => ({
      // Ended by someone else meanwhile: nothing to record.
      outcome: (await sessions.revoke(session.tokenHash, now, 'ended')) ? 'ok' : 'missing',
      target: { kind: 'session', id: auditId(session.tokenHash), name: session.username },
      before: {
        user: session.username,
        ipAddress: session.ipAddress,
        createdAt: session.createdAt.toISOString(),
      },
      after: { revokedAt: now.toISOString() },
      value: 1,
    }));
  }
}
