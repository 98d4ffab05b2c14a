import { ErrorCode, type TokenRequest, type TokenResponse, type UserData } from '@cityops/contract';
import { AppError, tokenInvalid } from '../../lib/app-error.js';
import type { AuthContext, ClientMeta } from '../../lib/auth-context.js';
import type { Clock } from '../../lib/clock.js';
import { decoyPasswordHash, md5Hex, verifyPasswordDigest } from '../../lib/passwords.js';
import { tokenDigest } from '../../lib/tokens.js';
import type { PersonalDataSeal } from '../organization/personal-data-seal.js';
import { toUserData } from '../organization/user-data.js';
import type { UserRecord, UserRepository } from '../organization/user.repository.js';
import type { SecondFactorService } from '../second-factor/second-factor.service.js';
import { SecurityEvent, type AuditRecorder } from '../audit/audit-writer.js';
import { passwordStatusOf } from '../password/password-policy.js';
import type { LoginGuardService } from './login-guard.service.js';
import type { RsaKeyService } from './rsa-key.service.js';
import type { SecuritySettings } from './security-settings.js';
import type { SessionPrincipal } from './session-principal.js';
import type { SessionRepository } from './session.repository.js';
import type { SessionTokens } from './session-tokens.js';

/** A session's last activity is written at most this often (issue 13: no write per request). */
export const SESSION_SEEN_INTERVAL_MS = 60_000;

export interface AuthServiceOptions {
  users: UserRepository;
  sessions: SessionRepository;
  rsaKeys: RsaKeyService;
  clock: Clock;
  guard: LoginGuardService;
  settings: SecuritySettings;
  audit: AuditRecorder;
  secondFactor: SecondFactorService;
  personalData: PersonalDataSeal;
  /** Issues session tokens the platform can recognise from memory (session-tokens.ts). */
  sessionTokens: Pick<SessionTokens, 'load' | 'issue' | 'issued'>;
}

export class AuthService {
  constructor(private readonly options: AuthServiceOptions) {}

  /**
   * The password grant. The guard reserves the attempt first, so a locked
   * account or address is refused before the password is decrypted or checked,
   * with the same answer whatever the password. An unknown account and a wrong
   * password give the same answer after the same work; a disabled account is
   * told so only after a correct password. Failures lead to a captcha, then to
   * a temporary lock (LoginGuardService); every outcome is audited.
   */
  async login(request: TokenRequest, meta: ClientMeta): Promise<TokenResponse> {
    const attempt = {
      username: request.username,
      captchaId: request.captchaId,
      captchaCode: request.captchaCode,
      meta,
    };
    const reservation = await this.options.guard.reserve(attempt);
    const password = await this.options.rsaKeys.decrypt(request.keyId, request.password);
    const user = await this.options.users.findByUsername(request.username);
    const digest = md5Hex(password ?? '');
    const passwordMatches = await verifyPasswordDigest(
      user?.passwordHash ?? (await decoyPasswordHash()),
      digest,
    );
    if (!user || password === null || !passwordMatches) {
      return this.options.guard.failed(attempt, reservation, user?.id ?? null);
    }
    await this.options.guard.succeeded(attempt);
    if (user.disabled) throw new AppError(ErrorCode.ACCOUNT_DISABLED);
    // With a second factor set up, the password opens no session: its ticket waits for the code.
    const ticket = await this.options.secondFactor.challenge(user.id, request.scope);
    if (ticket) throw new AppError(ErrorCode.SECOND_FACTOR_REQUIRED, { data: { ticket } });
    return this.signedIn(user, request.scope, meta);
  }

  /**
   * The second step of a sign-in whose first step asked for a code. Wrong codes
   * count on the account across its tickets and lock it as wrong passwords do
   * (the guard; SecondFactorService.redeem).
   */
  async completeSecondFactor(
    request: { ticket: string; code: string },
    meta: ClientMeta,
  ): Promise<TokenResponse> {
    const { userId, scope } = await this.options.secondFactor.redeem(
      request.ticket,
      request.code,
      meta,
      this.options.guard,
    );
    const user = await this.options.users.findById(userId);
    if (!user) throw new AppError(ErrorCode.SECOND_FACTOR_INVALID);
    if (user.disabled) throw new AppError(ErrorCode.ACCOUNT_DISABLED);
    return this.signedIn(user, scope, meta);
  }

  private async signedIn(
    user: UserRecord,
    scope: string,
    meta: ClientMeta,
  ): Promise<TokenResponse> {
    const token = await this.openSession(user.id, meta);
    await this.options.audit.record(SecurityEvent.loginSuccess, meta, {
      userId: user.id,
      username: user.username,
    });
    return {
      access_token: token,
      token_type: 'bearer',
      expires_in: await this.sessionLifetimeSeconds(),
      scope,
      ...(await this.userData(user)),
    };
  }

  /** An account's user data as a sign-in answers it, its number opened. */
  userData(user: UserRecord): Promise<UserData> {
    return toUserData(user, this.options.personalData);
  }

  /** A session's lifetime: the setting `session.lifetimeMinutes`, 0.1 day unless changed. */
  async sessionLifetimeSeconds(): Promise<number> {
    return (await this.options.settings.number('session.lifetimeMinutes')) * 60;
  }

  /** A new session of the configured lifetime; only the token's digest is stored. */
  async openSession(userId: number, meta: ClientMeta): Promise<string> {
    const token = await this.options.sessionTokens.issue();
    const now = this.options.clock.now();
    const lifetimeSeconds = await this.sessionLifetimeSeconds();
    await this.options.sessions.insert({
      tokenHash: tokenDigest(token),
      userId,
      createdAt: now,
      expiresAt: new Date(now.getTime() + lifetimeSeconds * 1000),
      userAgent: meta.userAgent?.slice(0, 512) ?? null,
      ipAddress: meta.ipAddress,
    });
    return token;
  }

  /** Reads what `issued` needs from the database, once, before the first request. */
  prepare(): Promise<void> {
    return this.options.sessionTokens.load();
  }

  /**
   * Whether the platform issued this session token, known from memory without a
   * statement: not whether its session still lives (authenticate answers that).
   */
  issued(token: string): Promise<boolean> {
    return this.options.sessionTokens.issued(token);
  }

  /** The caller of a bearer token, or `040005`. */
  async authenticate(
    token: string | undefined,
    client: ClientMeta = { userAgent: null, ipAddress: null },
    options: { fresh?: boolean } = {},
  ): Promise<AuthContext> {
    if (!token) throw tokenInvalid();
    return this.authenticateDigest(tokenDigest(token), client, options);
  }

  /**
   * The caller of a live session known by its digest: a session token's, or the
   * session a subsystem's frame token names (subsystems/frame-token.service.ts).
   */
  async authenticateDigest(
    tokenHash: string,
    client: ClientMeta = { userAgent: null, ipAddress: null },
    options: { fresh?: boolean } = {},
  ): Promise<AuthContext> {
    const now = this.options.clock.now();
    const principal = await this.options.sessions.findLive(tokenHash, now, options);
    if (!principal) {
      // The person is told why on the login page (forced sign-out, disabled, expired).
      const reason = await this.options.sessions.endedReason(tokenHash, now);
      throw reason ? new AppError(ErrorCode.TOKEN_INVALID, { data: { reason } }) : tokenInvalid();
    }
    if (await this.endedIdle(tokenHash, principal, client, now)) {
      throw new AppError(ErrorCode.TOKEN_INVALID, { data: { reason: 'idle' } });
    }
    await this.markSeen(tokenHash, principal, now);
    return {
      userId: principal.userId,
      username: principal.username,
      roleIds: principal.roleIds,
      permissions: principal.permissions,
      tokenHash,
      client,
      secondFactorDue: principal.secondFactorDue,
      passwordStatus: await passwordStatusOf(
        this.options.settings,
        principal,
        this.options.clock.now(),
      ),
    };
  }

  /**
   * Whether the session of a digest is live, its idle time checked (and ended when it is
   * over), without counting as its activity: what a subsystem's token renewal asks
   * (subsystems/oidc-provider.ts), which is not the person at work.
   */
  async isLive(tokenHash: string): Promise<boolean> {
    const now = this.options.clock.now();
    const principal = await this.options.sessions.findLive(tokenHash, now, { fresh: true });
    if (!principal) return false;
    const nobody: ClientMeta = { userAgent: null, ipAddress: null };
    return !(await this.endedIdle(tokenHash, principal, nobody, now));
  }

  /**
   * The idle timeout (setting `session.idleMinutes`, 0 is off), enforced here on every
   * request and not only by the browser's timer (等保 2.0: the server ends idle
   * sessions). Activity is written at most once a minute, so the last request may be
   * up to a minute later than the one written: a session ends once it has been idle
   * for the setting, within that minute. A remembered session's activity may be older
   * than what another instance wrote, so the database is asked before ending it. The
   * end is the system's, recorded on the trail as a sign-out with reason `idle`.
   */
  private async endedIdle(
    tokenHash: string,
    principal: SessionPrincipal,
    client: ClientMeta,
    now: Date,
  ): Promise<boolean> {
    const minutes = await this.options.settings.number('session.idleMinutes');
    if (minutes <= 0) return false;
    const limit = minutes * 60_000 + SESSION_SEEN_INTERVAL_MS;
    const idle = (seen: Date | null) => seen !== null && now.getTime() - seen.getTime() >= limit;
    if (!idle(principal.lastSeenAt)) return false;
    const stored = await this.options.sessions.findLive(tokenHash, now, { fresh: true });
    if (stored && !idle(stored.lastSeenAt)) {
      principal.lastSeenAt = stored.lastSeenAt;
      return false;
    }
    if (await this.options.sessions.revoke(tokenHash, now, 'idle')) {
      await this.options.audit.record(SecurityEvent.sessionIdle, client, {
        userId: principal.userId,
        username: principal.username,
      });
    }
    return true;
  }

  /**
   * The session's last activity, written when the one known is a minute old or
   * more. The principal is the session cache's own entry: setting it first means
   * the requests of the next minute on this instance write nothing, and a lookup
   * from the database reads the value written. Activity is best effort: a failed
   * write does not fail the request.
   */
  private async markSeen(tokenHash: string, principal: SessionPrincipal, now: Date): Promise<void> {
    const seen = principal.lastSeenAt?.getTime();
    if (
      seen !== undefined &&
      now.getTime() - seen < SESSION_SEEN_INTERVAL_MS &&
      seen <= now.getTime()
    ) {
      return;
    }
    principal.lastSeenAt = now;
    const before = new Date(now.getTime() - SESSION_SEEN_INTERVAL_MS + 1);
    await this.options.sessions.markSeen(tokenHash, now, before).catch(() => undefined);
  }

  async logout(auth: AuthContext, meta: ClientMeta): Promise<void> {
    // Its route has asked the policy: the session is the caller's own (own.sessions).
    await this.options.sessions.revoke(auth.tokenHash, this.options.clock.now(), 'sign-out');
    await this.options.audit.record(SecurityEvent.logout, meta, {
      userId: auth.userId,
      username: auth.username,
    });
  }
}
