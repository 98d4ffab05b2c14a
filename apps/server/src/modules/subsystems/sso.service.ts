import { type JWTPayload, createLocalJWKSet, errors, jwtVerify } from 'jose';
import type Provider from 'oidc-provider';
import type { InteractionResults } from 'oidc-provider';
import { ErrorCode } from '@cityops/contract';
import { AppError, notFound } from '../../lib/app-error.js';
import type { Clock } from '../../lib/clock.js';
import type { Repositories } from '../../repositories.js';
import type { AuthContext, ClientMeta } from '../../lib/auth-context.js';
import type { AuthService } from '../auth/auth.service.js';
import type { MenuService } from '../menus/menu.service.js';
import type { SigningKeyService } from './signing-key.service.js';
import { sidOf } from './subsystem-claims.js';

/**
 * The prompt detail that says when the platform's page was asked (the platform's clock,
 * ms), set by the provider's interaction policy (oidc-provider.ts).
 */
export const INTERACTION_STARTED = 'cityops_started_at';

type Interaction = Awaited<ReturnType<Provider['interactionDetails']>>;

/** A subsystem's sign-in through a platform session, as an ID token names it. */
export interface PlatformSignIn {
  userId: number;
  subsystemId: number;
  /** The platform session's `sid` (subsystem-claims.ts `sidOf`). */
  sid: string;
}

/** What the platform answers the provider when its page completes a subsystem's sign-in. */
export type SignInResult = InteractionResults & {
  /** `ts`: the platform session's sign-in, the ID token's `auth_time`. */
  login: { accountId: string; amr: string[]; ts: number };
  consent: { grantId: string };
};

/**
 * A subsystem's sign-in through the platform (the code flow's interaction): the
 * platform session decides who signs in; what the grant releases is what the
 * subsystem's registration allows. A password to change or a second factor
 * to set up stops it first (the route's auth hook, plugins/auth.ts). The
 * session's sign-in is recorded, so
 * back-channel logout and grant revocation follow the session's end.
 */
export class SsoService {
  constructor(
    private readonly options: {
      repositories: Repositories;
      clock: Clock;
      keys: SigningKeyService;
      auth: AuthService;
      menus: Pick<MenuService, 'reachesSubsystem'>;
    },
  ) {}

  /**
   * The platform sign-in an ID token hint names (RP-initiated logout): its user, the
   * subsystem it was issued to, and the platform session's `sid`; null for a hint that
   * does not verify or names no sign-in. An expired hint is taken (OpenID Connect
   * RP-Initiated Logout 1.0, section 2). Nothing ends here: the provider's page asks
   * the person first (oidc-provider.ts, `logoutSource`).
   */
  async signInOfHint(idTokenHint: string, issuer: string): Promise<PlatformSignIn | null> {
    const { repositories } = this.options;
    const keys = await this.options.keys.current();
    const verify = () =>
      jwtVerify(idTokenHint, createLocalJWKSet({ keys: keys.publicKeys }), {
        issuer,
        algorithms: ['ES256'],
      });
    let payload: JWTPayload;
    try {
      payload = (await verify()).payload;
    } catch (error) {
      if (!(error instanceof errors.JWTExpired)) return null;
      payload = error.payload;
    }
    const userId = Number(payload.sub);
    const clientId = typeof payload.aud === 'string' ? payload.aud : payload.aud?.[0];
    if (!Number.isSafeInteger(userId) || typeof payload.sid !== 'string' || !clientId) {
      return null;
    }
    const subsystem = await repositories.subsystems.findByClientId(clientId);
    if (!subsystem) return null;
    const signIn = await repositories.subsystemSignIns.findBySid(userId, subsystem.id, payload.sid);
    return signIn ? { userId, subsystemId: subsystem.id, sid: payload.sid } : null;
  }

  /**
   * Ends the platform session of a sign-in once the person confirmed the sign-out on
   * the provider's page (in the browser the page was shown to: its cookie and xsrf), as
   * an identity provider's single sign-out does; every other subsystem it signed in to
   * hears it by back-channel logout. A session already ended ends nothing.
   */
  async endPlatformSession(signIn: PlatformSignIn, meta: ClientMeta): Promise<boolean> {
    const found = await this.options.repositories.subsystemSignIns.findBySid(
      signIn.userId,
      signIn.subsystemId,
      signIn.sid,
    );
    if (!found) return false;
    const caller = await this.options.auth
      .authenticateDigest(found.sessionTokenHash, meta)
      .catch(() => null);
    if (!caller) return false;
    await this.options.auth.logout(caller, meta);
    return true;
  }

  /**
   * The time (ms, the platform's clock) a platform sign-in must be after for this
   * interaction, or null when any will do: after the interaction started for
   * prompt=login; for max_age, at most max_age seconds ago, or after the interaction
   * started (so max_age=0 is satisfied by the sign-in it asked for).
   */
  private freshAfter(interaction: Interaction): number | null {
    const detail = interaction.prompt.details[INTERACTION_STARTED];
    const started = typeof detail === 'number' ? detail : this.options.clock.now().getTime();
    const prompts = String(interaction.params.prompt ?? '').split(' ');
    if (prompts.includes('login')) return started;
    const maxAge = Number(interaction.params.max_age);
    if (interaction.params.max_age === undefined || !Number.isFinite(maxAge)) return null;
    return Math.min(this.options.clock.now().getTime() - maxAge * 1000, started);
  }

  async complete(
    caller: AuthContext,
    provider: Provider,
    interaction: Interaction,
    issuer: string,
  ): Promise<SignInResult> {
    const clientId = String(interaction.params.client_id ?? '');
    const subsystem = await this.options.repositories.subsystems.findByClientId(clientId);
    if (!subsystem?.enabled) throw notFound();
    // Only an account whose menu leads to the subsystem signs in to it, as only such an
    // account gets its frame token (frame-token.service.ts).
    if (!(await this.options.menus.reachesSubsystem(subsystem.id, caller.roleIds))) {
      throw new AppError(ErrorCode.FORBIDDEN, { messageKey: 'sso.notGranted' });
    }
    // prompt=login or max_age: the platform sign-in must be fresh, else the person signs in
    // again on the platform's page first (the web's page sees `signInAgain`), and the
    // subsystem's auth_time is that new sign-in's (issue 32).
    const signedInAt =
      (await this.options.repositories.sessions.signedInAt(caller.tokenHash)) ??
      this.options.clock.now();
    const freshAfter = this.freshAfter(interaction);
    if (freshAfter !== null && signedInAt.getTime() <= freshAfter) {
      throw new AppError(ErrorCode.FORBIDDEN, {
        messageKey: 'sso.signInAgain',
        data: { signInAgain: true },
      });
    }
    const accountId = String(caller.userId);
    const existing = interaction.grantId
      ? await provider.Grant.find(interaction.grantId)
      : undefined;
    const grant =
      existing && existing.accountId === accountId && existing.clientId === clientId
        ? existing
        : new provider.Grant({ accountId, clientId });
    // The scopes asked for are granted; which claims they release is the registration's
    // to say (subsystem-claims.ts `userClaims`), so an unlisted claim is never given.
    grant.addOIDCScope(String(interaction.params.scope ?? 'openid'));
    const grantId = await grant.save();
    await this.options.repositories.subsystemSignIns.record({
      sessionTokenHash: caller.tokenHash,
      subsystemId: subsystem.id,
      userId: caller.userId,
      sid: sidOf(caller.tokenHash),
      issuer,
      grantId,
      now: this.options.clock.now(),
    });
    // The subsystem's sign-in is the platform session's: its auth_time is when the person
    // signed in to the platform, not this interaction (issue 32).
    const ts = Math.floor(signedInAt.getTime() / 1000);
    return { login: { accountId, amr: ['pwd'], ts }, consent: { grantId } };
  }
}
