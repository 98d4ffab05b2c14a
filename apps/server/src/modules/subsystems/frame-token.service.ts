import { randomUUID } from 'node:crypto';
import { type JWTPayload, createLocalJWKSet, decodeProtectedHeader, jwtVerify } from 'jose';
import { type FrameToken, resolveLink } from '@cityops/contract';
import { notFound, rateLimited } from '../../lib/app-error.js';
import type { Clock } from '../../lib/clock.js';
import type { Repositories, WithTransaction } from '../../repositories.js';
import { auditSourceOf } from '../audit/audit-writer.js';
import type { AuthContext, ClientMeta } from '../../lib/auth-context.js';
import type { AuthService } from '../auth/auth.service.js';
import { type SecuritySettings, requestLimitSettingKey } from '../auth/security-settings.js';
import type { MenuService } from '../menus/menu.service.js';
import { FrameTokenLeases } from './frame-token-leases.js';
import type { SigningKeyService } from './signing-key.service.js';
import { sidOf, userClaims } from './subsystem-claims.js';
import type { PersonalDataSeal } from '../organization/personal-data-seal.js';
import type { ClaimFields } from '../organization/user.repository.js';
import type { RequestLimiter } from '../../plugins/request-limits.js';

/** The JWT header `typ` of a frame token (docs/subsystems.md, "The frame token"). */
export const FRAME_TOKEN_TYPE = 'JWT';

/** A frame token that verified, and the live platform session it names. */
export interface VerifiedFrameToken {
  userId: number;
  sid: string;
  clientId: string;
  sessionTokenHash: string;
  /** What the subsystem's registration grants (its claims). */
  claims: string[];
}

/** Whether a bearer credential is a JWT (a session token is one opaque part). */
export function looksLikeJwt(credential: string): boolean {
  return /^[\w-]+\.[\w-]+\.[\w-]+$/.test(credential);
}

/** A minute, as every `rate.*PerMinute` limit counts. */
const LIMIT_WINDOW_MS = 60_000;

/** How often the repeats counted in a process are written to their sign-ins. */
const REPEATS_SAVED_EVERY_MS = 10_000;

const NO_TOKEN: FrameToken = { token: null, origin: null, clientId: null, expiresIn: 0 };

export interface FrameTokenServiceOptions {
  repositories: Repositories;
  auth: AuthService;
  withTransaction: WithTransaction;
  menus: MenuService;
  keys: SigningKeyService;
  clock: Clock;
  personalData: PersonalDataSeal;
  /** Counts the per-session limit of a request that gets no token. */
  limiter: Pick<RequestLimiter, 'count'>;
  /** The limits, `rate.frameTokenPerMinute` and `rate.subsystemFrameTokenPerMinute`. */
  settings: Pick<SecuritySettings, 'number'>;
}

/**
 * A subsystem's own token for a frame the shell opens (issue 22): the platform
 * session never leaves the platform's origin. Only an entry the caller may open,
 * pointing at an enabled subsystem, whose address is on one of that
 * subsystem's registered origins, gets one; every other frame gets none.
 */
export class FrameTokenService {
  /** Tokens this process took ahead from the shared limits, per session and subsystem. */
  private readonly leases = new FrameTokenLeases();
  private saving: NodeJS.Timeout | undefined;

  constructor(private readonly options: FrameTokenServiceOptions) {}

  async issue(caller: AuthContext, menuId: number, issuer: string): Promise<FrameToken> {
    const { repositories, limiter } = this.options;
    // The per-session limit counts every request of the route, whatever it gets (a
    // digest, so no token is kept in the limits table).
    const sessionSubject = `session:${caller.tokenHash}`;
    const entry = await this.options.menus.reachableEntry(menuId, caller.roleIds);
    const subsystem =
      entry?.subsystemId == null ? null : await repositories.subsystems.findById(entry.subsystemId);
    const address = entry && resolveLink(entry.url, `${issuer}/`);
    if (!entry || !subsystem?.enabled || !address || !subsystem.origins.includes(address.origin)) {
      await limiter.count('frameToken', sessionSubject);
      if (!entry) throw notFound();
      return NO_TOKEN;
    }
    const now = this.options.clock.now();
    const window = {
      sessionTokenHash: caller.tokenHash,
      subsystemId: subsystem.id,
      windowSeconds: subsystem.tokenLifetime,
    };
    // Per session and per subsystem (whichever sessions ask), counted before the token is
    // signed, and a repeat within the token's lifetime (the shell reopening the entry)
    // counted on the sign-in rather than chained on the trail again: one statement
    // without a transaction (issue 32), as every instance shares the counts, or none
    // while this session has tokens taken ahead here (frame-token-leases.ts).
    const repeated =
      this.leases.take(caller.tokenHash, subsystem.id, now.getTime())?.repeated ??
      (await this.countFrame(window, sessionSubject, now));
    const user = await this.claimSource(caller);
    if (!user) throw notFound();
    const sid = sidOf(caller.tokenHash);
    const token = await this.options.keys.signJwt(
      {
        ...(await userClaims(user, subsystem.claims, issuer, this.options.personalData)),
        sid,
        azp: subsystem.clientId,
      },
      {
        typ: FRAME_TOKEN_TYPE,
        issuer,
        audience: subsystem.clientId,
        subject: String(caller.userId),
        expiresInSeconds: subsystem.tokenLifetime,
        jti: randomUUID(),
      },
    );
    // The first token of a window: its sign-in and its record on the trail, together.
    if (!repeated) {
      let opened: Date | null = null;
      await this.options.withTransaction(async ({ subsystemSignIns, audit }) => {
        // Another request of the session may have opened the window meanwhile: then this
        // is its repeat, counted here.
        const { recorded, recordedAt } = await subsystemSignIns.recordFrame({
          ...window,
          now,
          userId: caller.userId,
          sid,
          issuer,
        });
        opened = recordedAt;
        if (!recorded) return;
        await audit.append(now, auditSourceOf(caller), {
          action: 'subsystem.token',
          outcome: 'success',
          reason: 'frame',
          target: { kind: 'subsystem', id: subsystem.id, name: subsystem.clientId },
          after: { menuId: entry.id, expiresIn: subsystem.tokenLifetime },
        });
      });
      // After commit: the repeats that follow are counted against this window.
      if (opened) this.leases.windowOpened({ ...window, recordedAt: opened });
    }
    return {
      token,
      origin: address.origin,
      clientId: subsystem.clientId,
      expiresIn: subsystem.tokenLifetime,
    };
  }

  /**
   * Counts a frame token that no lease here covers, taking the next ones ahead as the
   * session keeps asking (frame-token-leases.ts): whether it repeats a window on the trail.
   */
  private async countFrame(
    window: { sessionTokenHash: string; subsystemId: number; windowSeconds: number },
    sessionSubject: string,
    now: Date,
  ): Promise<boolean> {
    const { repositories, settings } = this.options;
    const [sessionMost, subsystemMost] = await Promise.all([
      settings.number(requestLimitSettingKey('frameToken')),
      settings.number(requestLimitSettingKey('subsystemFrameToken')),
    ]);
    const want = this.leases.want(
      window.sessionTokenHash,
      window.subsystemId,
      Math.min(sessionMost, subsystemMost),
    );
    const counted = await repositories.subsystemSignIns.countFrame({
      ...window,
      now,
      want,
      sessionLimit: { bucket: 'frameToken', subject: sessionSubject, most: sessionMost },
      subsystemLimit: {
        bucket: 'subsystemFrameToken',
        subject: String(window.subsystemId),
        most: subsystemMost,
      },
      limitWindowMs: LIMIT_WINDOW_MS,
    });
    if (counted.waitMs !== null) throw rateLimited(counted.waitMs);
    this.leases.granted({ ...window, ...counted, wanted: want });
    return counted.recordedAt !== null;
  }

  /**
   * Writes the repeats counted here to their sign-ins (every few seconds, and when the
   * server stops): a failure is logged and those repeats go uncounted, nothing else.
   */
  async saveRepeats(): Promise<void> {
    const repeats = this.leases.takeRepeats(this.options.clock.now().getTime());
    await this.options.repositories.subsystemSignIns.addFrameRepeats(repeats);
  }

  /** Saves the repeats counted here every `REPEATS_SAVED_EVERY_MS`, until `stop`. */
  start(onError: (error: unknown) => void): void {
    this.saving ??= setInterval(
      () => void this.saveRepeats().catch(onError),
      REPEATS_SAVED_EVERY_MS,
    );
    this.saving.unref();
  }

  async stop(): Promise<void> {
    if (this.saving) clearInterval(this.saving);
    this.saving = undefined;
    await this.saveRepeats();
  }

  /**
   * A frame token's user and platform session, when the token verifies (signature,
   * issuer, lifetime, an enabled subsystem as audience) and the session it was
   * issued under still lives and signed in to that subsystem; else null.
   */
  async verify(token: string, issuer: string): Promise<VerifiedFrameToken | null> {
    const { repositories } = this.options;
    try {
      const payload = await this.signedPayload(token, issuer);
      if (!payload) return null;
      const userId = Number(payload.sub);
      const clientId = String(payload.azp);
      const sid = String(payload.sid);
      const subsystem = await repositories.subsystems.findByClientId(clientId);
      if (!subsystem?.enabled) return null;
      const signIn = await repositories.subsystemSignIns.findBySid(userId, subsystem.id, sid);
      if (!signIn) return null;
      return {
        userId,
        sid,
        clientId,
        sessionTokenHash: signIn.sessionTokenHash,
        claims: subsystem.claims,
      };
    } catch {
      return null;
    }
  }

  /**
   * Whether the platform signed this frame token for this issuer and it has not expired:
   * the signature checked against the signing keys in memory, no statement while they
   * are (issue 32: an address past `rate.badTokenPerMinute` has only such tokens looked
   * up). Not whether its subsystem and session still live: `verify` answers that.
   */
  async signed(token: string, issuer: string): Promise<boolean> {
    return (await this.signedPayload(token, issuer).catch(() => null)) !== null;
  }

  /** The claims of a frame token whose signature, issuer, type and lifetime check; else null. */
  private async signedPayload(token: string, issuer: string): Promise<JWTPayload | null> {
    if (!looksLikeJwt(token)) return null;
    if (decodeProtectedHeader(token).typ !== FRAME_TOKEN_TYPE) return null;
    const keys = await this.options.keys.current();
    const { payload } = await jwtVerify(token, createLocalJWKSet({ keys: keys.publicKeys }), {
      issuer,
      algorithms: ['ES256'],
      typ: FRAME_TOKEN_TYPE,
      requiredClaims: ['sub', 'sid', 'aud', 'exp', 'azp'],
      currentDate: this.options.clock.now(),
    });
    return Number.isSafeInteger(Number(payload.sub)) && payload.aud === String(payload.azp)
      ? payload
      : null;
  }

  /**
   * The userinfo answer for a frame token (the provider's own tokens are answered
   * by oidc-provider): null unless it verifies and its platform session lives.
   */
  async userinfo(
    token: string,
    issuer: string,
    client: ClientMeta,
  ): Promise<{ claims: Record<string, unknown>; origins: readonly string[] } | null> {
    const frame = await this.verify(token, issuer);
    if (!frame) return null;
    const caller = await this.options.auth
      .authenticateDigest(frame.sessionTokenHash, client)
      .catch(() => null);
    if (!caller) return null;
    const [user, subsystem] = await Promise.all([
      this.claimSource(caller),
      this.options.repositories.subsystems.findByClientId(frame.clientId),
    ]);
    if (!user || !subsystem) return null;
    return {
      claims: {
        sub: String(caller.userId),
        sid: frame.sid,
        ...(await userClaims(user, subsystem.claims, issuer, this.options.personalData)),
      },
      origins: subsystem.origins,
    };
  }

  /**
   * What a frame token's claims are made of, for its issue and for userinfo alike: the
   * account's fields and roles as the caller's session holds them, loaded with their MACs
   * checked as this request's access was decided on them, and forgotten on every
   * instance at any write to the account (auth/session-principal.ts): no statement while
   * the session is remembered.
   */
  private async claimSource(caller: AuthContext): Promise<ClaimFields | null> {
    const principal = await this.options.repositories.sessions.findLive(
      caller.tokenHash,
      this.options.clock.now(),
    );
    return (
      principal && { ...principal.profile, username: principal.username, roleIds: caller.roleIds }
    );
  }
}
