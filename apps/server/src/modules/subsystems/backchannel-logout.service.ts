import { randomUUID } from 'node:crypto';
import { AsyncResource } from 'node:async_hooks';
import { isSubsystemAddress } from '@cityops/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../lib/clock.js';
import type { Repositories, WithTransaction } from '../../repositories.js';
import type { AuditSource } from '../audit/audit.repository.js';
import type { SessionChange, SessionChanges } from '../auth/session-cache.js';
import type {
  BackchannelLogoutReason,
  ClaimedBackchannelLogout,
  NewBackchannelLogout,
} from './backchannel-logout.repository.js';
import type { SigningKeyService } from './signing-key.service.js';

/** The event a logout token carries (OpenID Connect Back-Channel Logout 1.0, section 2.4). */
export const BACKCHANNEL_LOGOUT_EVENT = 'http://schemas.openid.net/event/backchannel-logout';
/** A logout token's `typ` (section 2.4, "explicit typing"). */
export const LOGOUT_TOKEN_TYPE = 'logout+jwt';
/** A logout token lives this long: each attempt signs a new one. */
export const LOGOUT_TOKEN_SECONDS = 120;
/** How long a subsystem has to answer one attempt. */
export const DELIVERY_TIMEOUT_MS = 2_000;
/** Attempts before a logout is given up (and recorded as failed): about two minutes in all. */
export const MAX_ATTEMPTS = 8;
/** The wait after the first failure, doubled after each one, up to the cap. */
const FIRST_RETRY_MS = 1_000;
const MAX_RETRY_MS = 60_000;
/** How long a claimed logout is this instance's (beyond one attempt's timeout). */
const CLAIM_MS = 30_000;
const BATCH = 10;
/** How often the delivery looks for due logouts while some wait, and when none do. */
export const POLL_BUSY_MS = 1_000;
export const POLL_IDLE_MS = 30_000;

export interface SubsystemLogoutServiceOptions {
  repositories: Pick<Repositories, 'backchannelLogouts'>;
  withTransaction: WithTransaction;
  keys: Pick<SigningKeyService, 'signJwt'>;
  clock: Clock;
  log: () => FastifyBaseLogger | undefined;
}

/** The wait before attempt `attempts + 1`, after `attempts` failures. */
export function retryDelayMs(attempts: number): number {
  return Math.min(FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1), MAX_RETRY_MS);
}

/**
 * Where the platform's session effects reach its subsystems (issue 22,
 * docs/subsystems.md "Back-channel logout"). Every change the session cache
 * hears of passes here too (`SubsystemSessionChanges`), on the instance that
 * made it, after its commit:
 * - one session ended (`tokenHash`: sign-out, a forced end of one session), or a
 *   user's sessions ended or their rights changed (`userId`: disabling, a password
 *   change or reset, a role change, a forced end of all): the sign-ins of that
 *   session or user are taken, their provider grants revoked (refresh tokens die),
 *   and each subsystem with a back-channel logout address gets a logout in the
 *   outbox, all in one transaction; its first attempt follows at once.
 * - a change of many users' rights (`everyone`: a role's entries, the menu)
 *   logs out no subsystem: the provider refuses the tokens of an account whose menu no
 *   longer leads to the subsystem (oidc-provider.ts, `findAccount`).
 *
 * The delivery runs on every instance: it claims due logouts (`for update skip
 * locked`), POSTs each as a form `logout_token=<JWT>` to the subsystem's
 * registered address, and retries a failure with a doubling wait, giving up
 * after `MAX_ATTEMPTS`. A delivery and a give-up are each a record on the trail.
 */
export class SubsystemLogoutService implements SubsystemSignOuts {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private again = false;
  private stopped = true;
  /**
   * Starts a delivery outside the async context of the request that ended the
   * session: its answer does not wait, and its trace does not hold the records.
   */
  private readonly deliverSoon = AsyncResource.bind(() => {
    void this.deliver();
  });

  constructor(private readonly options: SubsystemLogoutServiceOptions) {}

  /** A session change, after its commit, on the instance that made it. */
  async sessionChanged(change: SessionChange): Promise<void> {
    const enqueued = await takeSubsystemSignIns(change, this.options);
    if (enqueued > 0 && !this.stopped) this.deliverSoon();
  }

  /** Starts the delivery's schedule (app.ts, once the app is built). */
  start(): void {
    this.stopped = false;
    this.schedule(0);
  }

  /** Stops the schedule and waits for a delivery under way (app close). */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.running;
  }

  /**
   * Delivers every due logout, then schedules the next look. One run at a time
   * on an instance; a call during a run makes it look once more.
   */
  deliver(): Promise<void> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = (async () => {
      try {
        do {
          this.again = false;
          await this.deliverDue();
        } while (this.again && !this.stopped);
      } catch (error) {
        this.options.log()?.error({ err: error }, 'back-channel logout delivery failed');
      } finally {
        this.running = null;
      }
      if (!this.stopped) {
        const waiting = await this.options.repositories.backchannelLogouts
          .anyWaiting()
          .catch(() => true);
        this.schedule(waiting ? POLL_BUSY_MS : POLL_IDLE_MS);
      }
    })();
    return this.running;
  }

  private schedule(delayMs: number): void {
    if (this.stopped) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.deliver();
    }, delayMs);
    this.timer.unref();
  }

  private async deliverDue(): Promise<void> {
    const outbox = this.options.repositories.backchannelLogouts;
    for (;;) {
      if (this.stopped) return;
      const now = this.options.clock.now();
      const claimed = await outbox.claimDue(now, new Date(now.getTime() + CLAIM_MS), BATCH);
      if (claimed.length === 0) return;
      await Promise.all(claimed.map((logout) => this.attempt(logout)));
    }
  }

  private async attempt(logout: ClaimedBackchannelLogout): Promise<void> {
    const error = await this.post(logout);
    const attempts = logout.attempts + 1;
    const now = this.options.clock.now();
    if (error === null) {
      await this.options.withTransaction(async (repositories) => {
        await repositories.backchannelLogouts.remove(logout.id);
        await repositories.audit.append(now, sourceOf(logout), {
          action: 'subsystem.logout',
          outcome: 'success',
          target: { kind: 'subsystem', id: logout.subsystemId, name: logout.clientId },
          after: { userId: logout.userId, sid: logout.sid, reason: logout.reason, attempts },
        });
      });
      return;
    }
    this.options
      .log()
      ?.warn({ clientId: logout.clientId, attempts, error }, 'back-channel logout not delivered');
    if (attempts < MAX_ATTEMPTS && error !== 'address') {
      await this.options.repositories.backchannelLogouts.failed(
        logout.id,
        attempts,
        new Date(now.getTime() + retryDelayMs(attempts)),
        error,
      );
      return;
    }
    await this.options.withTransaction(async (repositories) => {
      await repositories.backchannelLogouts.remove(logout.id);
      await repositories.audit.append(now, sourceOf(logout), {
        action: 'subsystem.logout',
        outcome: 'failure',
        reason: error,
        target: { kind: 'subsystem', id: logout.subsystemId, name: logout.clientId },
        after: { userId: logout.userId, sid: logout.sid, reason: logout.reason, attempts },
      });
    });
  }

  /** One POST of a fresh logout token; null when the subsystem took it (2xx), else why not. */
  private async post(logout: ClaimedBackchannelLogout): Promise<string | null> {
    const address = logout.backchannelLogoutUri;
    // Only the registered address, and only one the registry would accept.
    if (!address || !isSubsystemAddress(address)) return 'address';
    const token = await this.options.keys.signJwt(
      { sid: logout.sid, events: { [BACKCHANNEL_LOGOUT_EVENT]: {} } },
      {
        typ: LOGOUT_TOKEN_TYPE,
        audience: logout.clientId,
        subject: String(logout.userId),
        expiresInSeconds: LOGOUT_TOKEN_SECONDS,
        jti: randomUUID(),
        issuer: logout.issuer,
      },
    );
    try {
      const response = await fetch(address, {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          'cache-control': 'no-store',
        },
        body: new URLSearchParams({ logout_token: token }).toString(),
        // A redirect would take the token to an address nobody registered.
        redirect: 'manual',
        signal: AbortSignal.timeout(DELIVERY_TIMEOUT_MS),
      });
      await response.body?.cancel().catch(() => undefined);
      return response.status >= 200 && response.status < 300 ? null : `http-${response.status}`;
    } catch (error) {
      return failureOf(error);
    }
  }
}

/**
 * Takes the subsystem sign-ins a session change ends, in one transaction: their
 * grants revoked, a logout in the outbox for each subsystem with a back-channel
 * address. Answers how many logouts wait. A command run beside the servers
 * (cli/accounts.ts) calls it alone: the servers' delivery finds the logouts.
 */
export async function takeSubsystemSignIns(
  change: SessionChange,
  options: { withTransaction: WithTransaction; clock: Clock },
): Promise<number> {
  if ('everyone' in change || 'registrations' in change) return 0;
  // A user's change that ends nothing and touches no rights (an avatar, a second
  // factor set up, an enabled account) leaves their subsystems signed in.
  if ('userId' in change && change.reason === undefined) return 0;
  const reason: BackchannelLogoutReason = change.reason ?? 'session-ended';
  const now = options.clock.now();
  return options.withTransaction(async (repositories) => {
    const signIns =
      'tokenHash' in change
        ? await repositories.subsystemSignIns.takeOfSession(change.tokenHash)
        : await repositories.subsystemSignIns.takeOfUser(change.userId);
    const logouts: NewBackchannelLogout[] = [];
    for (const signIn of signIns) {
      await repositories.oidcRecords.revokeGrants(signIn.grantIds);
      const subsystem = await repositories.subsystems.findById(signIn.subsystemId);
      if (!subsystem?.backchannelLogoutUri) continue;
      logouts.push({
        subsystemId: signIn.subsystemId,
        userId: signIn.userId,
        sid: signIn.sid,
        issuer: signIn.issuer,
        reason,
      });
    }
    await repositories.backchannelLogouts.enqueue(logouts, now);
    return logouts.length;
  });
}

/** The record's actor: the account whose session ended, told by the server (no request). */
function sourceOf(logout: ClaimedBackchannelLogout): AuditSource {
  return {
    actorId: logout.username === null ? null : logout.userId,
    actorName: logout.username,
    session: null,
    ipAddress: null,
    userAgent: null,
  };
}

/** A short, token-free name of a failed request: `timeout`, `ECONNREFUSED` ... */
function failureOf(error: unknown): string {
  if (error instanceof Error) {
    if (error.name === 'TimeoutError' || error.name === 'AbortError') return 'timeout';
    const cause = (error as { cause?: { code?: unknown } }).cause;
    if (cause && typeof cause.code === 'string') return cause.code;
    return error.name;
  }
  return 'unknown';
}

/** What hears of a session change after the remembered sessions: the logout service, or a command's enqueue. */
export interface SubsystemSignOuts {
  sessionChanged(change: SessionChange): Promise<void>;
}

/**
 * The app's `SessionChanges` (app.ts): the remembered sessions hear of a change
 * first (forgotten here, told to every instance), then the subsystems signed in
 * with it (`SubsystemLogoutService`). Every writer reports through it, so none
 * can end a session and leave its subsystems signed in. It is made before the
 * services and joined to the logout service once they exist.
 */
export class SubsystemSessionChanges implements SessionChanges {
  private logouts: SubsystemSignOuts | null = null;

  constructor(private readonly sessions: SessionChanges) {}

  connect(logouts: SubsystemSignOuts): void {
    this.logouts = logouts;
  }

  async changed(change: SessionChange): Promise<void> {
    const logouts = this.logouts;
    if (!logouts) throw new Error('a session changed before subsystem logouts were connected');
    try {
      await this.sessions.changed(change);
    } finally {
      await logouts.sessionChanged(change);
    }
  }
}
