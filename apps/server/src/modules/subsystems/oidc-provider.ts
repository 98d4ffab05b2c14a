import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { type Language, type MessageKey, OIDC_PATHS, formatMessage } from '@cityops/contract';
import type { FastifyBaseLogger } from 'fastify';
import Provider, {
  type Account,
  type AdapterPayload,
  type Configuration,
  type KoaContextWithOIDC,
  interactionPolicy,
} from 'oidc-provider';
import type { Clock } from '../../lib/clock.js';
import type { Repositories } from '../../repositories.js';
import type { AuditSource } from '../audit/audit.repository.js';
import { oidcAdapter, storable } from './oidc-adapter.js';
import {
  localisedFormPost,
  pageErrorKey,
  pageLanguage,
  pageText,
  providerPage,
} from './provider-pages.js';
import type { SigningKeyService } from './signing-key.service.js';
import { INTERACTION_STARTED, type PlatformSignIn, type SsoService } from './sso.service.js';
import { CLAIMS_BY_SCOPE, userClaims } from './subsystem-claims.js';
import type { SubsystemRecord } from './subsystem.repository.js';
import type { PersonalDataSeal } from '../organization/personal-data-seal.js';
import type { MenuService } from '../menus/menu.service.js';

/** A code is redeemed within a minute of its issue. */
const CODE_TTL_SECONDS = 60;
/** A refresh token lives as long as a working day, and dies with its platform session before. */
const REFRESH_TTL_SECONDS = 8 * 3600;
/** A sign-in through the platform's page has 10 minutes to finish. */
const INTERACTION_TTL_SECONDS = 600;
/** At most this many issuers' providers are kept (the product's addresses, without PUBLIC_URL). */
const MAX_ISSUERS = 8;

export interface OidcProvidersOptions {
  repositories: Repositories;
  keys: SigningKeyService;
  /** The keys oidc-provider signs its cookies with, shared by every instance. */
  cookieKeys: () => Promise<string[]>;
  trustProxy: boolean;
  log: () => FastifyBaseLogger | undefined;
  /**
   * Whether a platform session is live, its idle time checked, without counting as its
   * activity (auth.service.ts `isLive`): a subsystem renewing tokens is not the person.
   */
  sessionLive: (tokenHash: string) => Promise<boolean>;
  /** Whether the account's menu still leads to the subsystem (menu.service.ts). */
  menus: Pick<MenuService, 'reachesSubsystem'>;
  /** RP-initiated logout's part of the platform session (sso.service.ts). */
  sso: Pick<SsoService, 'signInOfHint' | 'endPlatformSession'>;
  /** Opens the number for a `phone_number` claim. */
  personalData: PersonalDataSeal;
  clock: Clock;
  /** The platform's name (settings), on the provider's pages. */
  systemName: () => Promise<string>;
}

/** What the sign-out page remembers in the provider's session until the person confirms. */
interface LogoutState {
  platformSignIn?: PlatformSignIn;
}

/** The secret oidc-provider compares for a confidential client: the registry keeps only a hash of the real one. */
export function providerSecret(cookieKey: string, subsystem: SubsystemRecord): string {
  return createHmac('sha256', cookieKey)
    .update(`${subsystem.clientId}:${subsystem.secretHash ?? ''}`)
    .digest('base64url');
}

/** The stored form of a client secret (256 random bits, so a fast hash suffices: docs/security.md). */
export function secretHashOf(secret: string): string {
  return createHash('sha256').update(secret, 'utf8').digest('hex');
}

/**
 * The platform as the subsystems' OpenID Connect provider (issue 22,
 * docs/subsystems.md): one oidc-provider per issuer (the product's address, so
 * PUBLIC_URL in production), rebuilt when the signing keys rotate. Its storage
 * is the platform's database (oidc-adapter.ts), so any instance answers.
 */
export class OidcProviders {
  private readonly byIssuer = new Map<string, { provider: Provider; kids: string }>();

  constructor(private readonly options: OidcProvidersOptions) {}

  async get(issuer: string): Promise<Provider> {
    const keys = await this.options.keys.current();
    const kids = keys.providerKeys.map((key) => key.kid).join(' ');
    const found = this.byIssuer.get(issuer);
    if (found && found.kids === kids) return found.provider;
    const provider = new Provider(issuer, await this.configuration(issuer, keys.providerKeys));
    provider.proxy = this.options.trustProxy;
    this.listen(provider);
    if (!found && this.byIssuer.size >= MAX_ISSUERS) {
      const oldest = this.byIssuer.keys().next().value;
      if (oldest !== undefined) this.byIssuer.delete(oldest);
    }
    this.byIssuer.set(issuer, { provider, kids });
    return provider;
  }

  /**
   * Whether the provider's session in this browser came from a platform session that is
   * still live (prompt=none): a subsystem's earlier sign-in here recorded which one.
   */
  private async platformSessionLive(ctx: KoaContextWithOIDC): Promise<boolean> {
    const session = ctx.oidc.session;
    const accountId = session?.accountId;
    if (!session || !accountId || !/^\d{1,10}$/.test(accountId)) return false;
    const grantIds = Object.values(session.authorizations ?? {})
      .map((authorization) => authorization.grantId)
      .filter((grantId): grantId is string => typeof grantId === 'string');
    for (const grantId of grantIds) {
      const signIn = await this.options.repositories.subsystemSignIns.signInOfGrant(
        Number(accountId),
        grantId,
      );
      if (signIn && (await this.options.sessionLive(signIn.sessionTokenHash))) return true;
    }
    return false;
  }

  /** One of the provider's pages in the person's language and the platform's look. */
  private async page(
    ctx: KoaContextWithOIDC,
    issuer: string,
    content: { title: MessageKey; body: string },
  ): Promise<string> {
    const language = languageOf(ctx);
    return providerPage({
      language,
      systemName: await this.options.systemName().catch(() => 'CityOps'),
      issuer,
      title: formatMessage(language, content.title),
      body: content.body,
    });
  }

  /** A registered subsystem's name in the page's language, or null. */
  private async subsystemName(
    clientId: string | undefined,
    language: Language,
  ): Promise<string | null> {
    if (!clientId || !storable(clientId)) return null;
    const subsystem = await this.options.repositories.subsystems
      .findByClientId(clientId)
      .catch(() => null);
    if (!subsystem) return null;
    return language === 'en' ? subsystem.nameEn || subsystem.name : subsystem.name;
  }

  /** The client secret oidc-provider expects in place of the one presented, when that one is right. */
  async substituteSecret(clientId: string, presented: string): Promise<string | null> {
    const subsystem = await this.options.repositories.subsystems.findByClientId(clientId);
    if (!subsystem?.enabled || subsystem.kind !== 'confidential' || !subsystem.secretHash) {
      return null;
    }
    const presentedHash = Buffer.from(secretHashOf(presented), 'hex');
    const stored = Buffer.from(subsystem.secretHash, 'hex');
    if (presentedHash.length !== stored.length || !timingSafeEqual(presentedHash, stored))
      return null;
    const [cookieKey] = await this.options.cookieKeys();
    return providerSecret(cookieKey!, subsystem);
  }

  private async configuration(
    issuer: string,
    jwks: NonNullable<Configuration['jwks']>['keys'],
  ): Promise<Configuration> {
    const { repositories } = this.options;
    const cookieKeys = await this.options.cookieKeys();
    const policy = interactionPolicy.base();
    const login = policy.get('login')!;
    // A sign-in the provider may not ask for (prompt=none) is refused as the spec names it,
    // login_required, not interaction_required (OpenID Connect Core 1.0, 3.1.2.6).
    for (const check of login.checks) check.error ??= 'login_required';
    // The platform's own session decides who signs in: every authorization passes
    // through the platform's page, which answers at once for a signed-in user, or asks
    // for a fresh sign-in when prompt=login or max_age says so (sso.service.ts). Only
    // prompt=none is answered here, from the provider's session of a live platform session.
    login.checks.add(
      new interactionPolicy.Check(
        'platform_session',
        'End-User authentication is required',
        'login_required',
        async (ctx) => {
          if (ctx.oidc.result?.login) return interactionPolicy.Check.NO_NEED_TO_PROMPT;
          if (ctx.oidc.prompts.has('none') && (await this.platformSessionLive(ctx))) {
            return interactionPolicy.Check.NO_NEED_TO_PROMPT;
          }
          return interactionPolicy.Check.REQUEST_PROMPT;
        },
        // When the platform's page was asked, on the platform's clock: a fresh sign-in for
        // prompt=login or max_age is one after this (sso.service.ts `complete`).
        () => ({ [INTERACTION_STARTED]: this.options.clock.now().getTime() }),
      ),
    );
    const clientMetadata = (subsystem: SubsystemRecord): AdapterPayload => ({
      client_id: subsystem.clientId,
      ...(subsystem.kind === 'confidential'
        ? {
            client_secret: providerSecret(cookieKeys[0]!, subsystem),
            token_endpoint_auth_method: 'client_secret_basic',
          }
        : { token_endpoint_auth_method: 'none' }),
      redirect_uris: subsystem.redirectUris,
      post_logout_redirect_uris: subsystem.postLogoutRedirectUris,
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      id_token_signed_response_alg: 'ES256',
      // auth_time in every ID token: when the person signed in to the platform.
      require_auth_time: true,
      cityops_claims: subsystem.claims,
      cityops_origins: subsystem.origins,
      cityops_token_lifetime: subsystem.tokenLifetime,
    });
    const lifetimeOf = (client: { [key: string]: unknown } | undefined) =>
      typeof client?.cityops_token_lifetime === 'number' ? client.cityops_token_lifetime : 300;
    return {
      adapter: oidcAdapter({
        records: repositories.oidcRecords,
        subsystems: repositories.subsystems,
        clientMetadata,
      }),
      clients: [],
      findAccount: async (ctx, sub, token): Promise<Account | undefined> => {
        const id = Number(sub);
        if (!/^\d{1,10}$/.test(sub) || !Number.isSafeInteger(id) || id > 2_147_483_647) {
          return undefined;
        }
        const user = await repositories.users.findById(id);
        if (!user || user.disabled) return undefined;
        const grantId = (token as { grantId?: string } | undefined)?.grantId;
        const signIn = grantId
          ? await repositories.subsystemSignIns.signInOfGrant(id, grantId)
          : null;
        // A code, access or refresh token lives no longer than the platform session it was
        // given under (ended, expired or idle): the provider then answers invalid_grant or
        // invalid_token (issue 32).
        if (grantId && (!signIn || !(await this.options.sessionLive(signIn.sessionTokenHash)))) {
          return undefined;
        }
        // Nor longer than the account's menu leads to the subsystem: a role's entries or the
        // menu changed for many accounts at once end no session, so the refresh and userinfo
        // ask here, as the code flow does (sso.service.ts) (issue 32).
        if (
          signIn &&
          !(await this.options.menus.reachesSubsystem(signIn.subsystemId, user.roleIds))
        ) {
          return undefined;
        }
        return {
          accountId: sub,
          claims: async () => {
            const client = ctx.oidc.client as unknown as { cityops_claims?: string[] } | undefined;
            const sid = signIn?.sid;
            return {
              sub,
              ...(sid ? { sid } : {}),
              ...(await userClaims(
                user,
                client?.cityops_claims ?? [],
                issuer,
                this.options.personalData,
              )),
            };
          },
        };
      },
      claims: { openid: ['sub', 'sid'], ...CLAIMS_BY_SCOPE },
      // No offline access: every refresh token dies with its platform session (issue 32), so
      // `offline_access` is not offered; a request naming it is answered as one without it.
      scopes: ['openid', ...Object.keys(CLAIMS_BY_SCOPE)],
      conformIdTokenClaims: false,
      responseTypes: ['code'],
      // What the registry gives: a confidential client's secret by Basic, a public
      // client's none; discovery lists only these (issue 32).
      clientAuthMethods: ['client_secret_basic', 'none'],
      features: {
        devInteractions: { enabled: false },
        pushedAuthorizationRequests: { enabled: false },
        dPoP: { enabled: false },
        claimsParameter: { enabled: false },
        userinfo: { enabled: true },
        introspection: {
          enabled: true,
          // RFC 7662 for confidential clients, about their own tokens only.
          allowedPolicy: async (_ctx, client, token) =>
            client.clientAuthMethod !== 'none' && token.clientId === client.clientId,
        },
        revocation: {
          enabled: true,
          // RFC 7009 §2.1: a client revokes its own tokens; a public client too (its
          // sign-out with oidc-client-ts `revokeTokensOnSignout`, issue 32).
          allowedPolicy: async (_ctx, client, token) => token.clientId === client.clientId,
        },
        rpInitiatedLogout: {
          enabled: true,
          logoutSource: async (ctx, form) => {
            // The platform session the hint names ends only when the person confirms here,
            // in this browser (the provider's cookie and xsrf): a bare link with a hint,
            // opened anywhere else, ends nothing (issue 32).
            const hint = ctx.oidc.params?.id_token_hint;
            const state = ctx.oidc.session?.state as LogoutState | undefined;
            if (state) {
              state.platformSignIn =
                (typeof hint === 'string' && (await this.options.sso.signInOfHint(hint, issuer))) ||
                undefined;
            }
            // A confirmation the person gives (no script: the page's policy allows none), in
            // the platform's language and look (issue 32).
            const language = languageOf(ctx);
            const subsystem = await this.subsystemName(ctx.oidc.client?.clientId, language);
            const question = subsystem
              ? pageText(language, 'oidc.signOut.ofSubsystem', { subsystem })
              : pageText(language, 'oidc.signOut.question');
            const buttons = [
              `<button class="primary" autofocus form="op.logoutForm" type="submit" name="logout" value="yes">${pageText(language, 'oidc.signOut.everywhere')}</button>`,
              ...(subsystem
                ? [
                    `<button form="op.logoutForm" type="submit">${pageText(language, 'oidc.signOut.subsystemOnly', { subsystem })}</button>`,
                  ]
                : []),
            ];
            ctx.body = await this.page(ctx, issuer, {
              title: 'oidc.signOut.title',
              body: `<p>${question}</p>${form}<div class="actions">${buttons.join('')}</div>`,
            });
          },
          postLogoutSuccessSource: async (ctx) => {
            // A client named here is the one subsystem signed out of (the provider forwards it
            // only when the platform session was kept).
            const language = languageOf(ctx);
            const clientId = ctx.oidc.params?.client_id;
            const subsystem = await this.subsystemName(
              typeof clientId === 'string' ? clientId : undefined,
              language,
            );
            const text = subsystem
              ? pageText(language, 'oidc.signedOut.ofSubsystem', { subsystem })
              : pageText(language, 'oidc.signedOut.body');
            ctx.body = await this.page(ctx, issuer, {
              title: 'oidc.signedOut.title',
              body: `<p>${text}</p>`,
            });
          },
        },
      },
      interactions: {
        url: (_ctx, interaction) => OIDC_PATHS.interaction.replace(':uid', interaction.uid),
        policy,
      },
      routes: {
        authorization: OIDC_PATHS.authorization,
        token: OIDC_PATHS.token,
        userinfo: OIDC_PATHS.userinfo,
        jwks: OIDC_PATHS.jwks,
        revocation: OIDC_PATHS.revocation,
        introspection: OIDC_PATHS.introspection,
        end_session: OIDC_PATHS.endSession,
      },
      jwks: { keys: jwks },
      cookies: {
        keys: cookieKeys,
        long: { httpOnly: true, sameSite: 'lax', signed: true },
        short: { httpOnly: true, sameSite: 'lax', signed: true },
      },
      ttl: {
        AccessToken: (_ctx, _token, client) =>
          lifetimeOf(client as unknown as Record<string, unknown>),
        IdToken: (_ctx, _token, client) => lifetimeOf(client as unknown as Record<string, unknown>),
        AuthorizationCode: CODE_TTL_SECONDS,
        RefreshToken: REFRESH_TTL_SECONDS,
        Grant: REFRESH_TTL_SECONDS,
        Interaction: INTERACTION_TTL_SECONDS,
        // The provider's session answers prompt=none only while the platform session it came
        // from is live (platformSessionLive), so it may last a working day.
        Session: REFRESH_TTL_SECONDS,
      },
      // PKCE for every client, confidential ones too (OAuth 2.0 Security BCP, RFC 9700).
      pkce: { required: () => true },
      clientBasedCORS: (_ctx, origin, client) =>
        ((client as unknown as { cityops_origins?: string[] }).cityops_origins ?? []).includes(
          origin,
        ),
      extraClientMetadata: {
        properties: ['cityops_claims', 'cityops_origins', 'cityops_token_lifetime'],
      },
      issueRefreshToken: async (_ctx, client) => client.grantTypeAllowed('refresh_token'),
      discovery: {
        backchannel_logout_supported: true,
        backchannel_logout_session_supported: true,
      },
      renderError: async (ctx, out) => {
        // A civil servant meets this page: plain words in the platform's language, and the
        // code for whoever they ask; the provider's English description is left out.
        const language = languageOf(ctx);
        const code = String(out.error ?? 'server_error');
        ctx.type = 'html';
        ctx.body = await this.page(ctx, issuer, {
          title: 'oidc.error.title',
          body: `<p>${pageText(language, pageErrorKey(code))}</p><p class="code">${pageText(language, 'oidc.error.code', { code })}</p>`,
        });
      },
    };
  }

  /** Token endpoint outcomes on the audit trail (issue 22, item 5); a confirmed sign-out. */
  private listen(provider: Provider): void {
    provider.use(async (ctx, next) => {
      await next();
      // RFC 7009 lets the answer be empty; oidc-client-ts's revokeTokens() asks for JSON.
      const route = (ctx as KoaContextWithOIDC).oidc?.route;
      if (route === 'revocation' && ctx.status === 200 && !ctx.body) {
        ctx.type = 'application/json';
        ctx.body = '{}';
      }
      // The provider's self-submitting page, in the person's language (issue 32).
      if (typeof ctx.body === 'string' && ctx.type === 'text/html') {
        ctx.body = localisedFormPost(ctx.body, languageOf(ctx as KoaContextWithOIDC));
      }
      // After the provider's own sign-out, before its answer: the confirmed sign-out ends
      // the platform session the page was shown for (logoutSource).
      const oidc = (ctx as KoaContextWithOIDC).oidc;
      if (route !== 'end_session_confirm' || !oidc?.params?.logout) return;
      const signIn = (oidc.session?.state as LogoutState | undefined)?.platformSignIn;
      if (!signIn) return;
      await this.options.sso.endPlatformSession(signIn, {
        ipAddress: ctx.ip ?? null,
        userAgent: ctx.get('user-agent') || null,
      });
    });
    provider.on('grant.success', (ctx: KoaContextWithOIDC) => {
      const grantType = String(ctx.oidc.params?.grant_type ?? '');
      const accountId = ctx.oidc.entities.Account?.accountId;
      const client = ctx.oidc.client;
      if (!client || !accountId) return;
      void this.record(ctx, Number(accountId), {
        action: grantType === 'authorization_code' ? 'subsystem.code' : 'subsystem.token',
        reason: grantType,
        clientId: client.clientId,
      });
    });
    // A client that failed to authenticate, a code replayed or a refresh token refused
    // is on the trail too (issue 32): the record names the client as it was presented.
    provider.on('grant.error', (ctx: KoaContextWithOIDC, error: { error?: string }) => {
      void this.recordFailure(ctx, error);
    });
    provider.on('server_error', (_ctx: KoaContextWithOIDC, error: Error) => {
      this.options.log()?.error({ err: error }, 'the OpenID Connect provider failed');
    });
  }

  private async recordFailure(ctx: KoaContextWithOIDC, error: { error?: string }): Promise<void> {
    const { repositories } = this.options;
    try {
      const clientId = presentedClientId(ctx);
      const subsystem = storable(clientId)
        ? await repositories.subsystems.findByClientId(clientId)
        : null;
      const reason =
        error.error && TOKEN_REFUSALS.has(error.error) ? error.error : 'invalid_request';
      await repositories.audit.append(
        new Date(),
        {
          actorId: null,
          actorName: null,
          session: null,
          ipAddress: ctx.ip ?? null,
          userAgent: ctx.get('user-agent') || null,
        },
        {
          action: 'subsystem.token',
          outcome: 'failure',
          reason,
          target: { kind: 'subsystem', id: subsystem?.id ?? clientId, name: clientId },
        },
      );
    } catch (failure) {
      this.options.log()?.error({ err: failure }, 'a refused token request could not be recorded');
    }
  }

  private async record(
    ctx: KoaContextWithOIDC,
    userId: number,
    event: { action: 'subsystem.code' | 'subsystem.token'; reason: string; clientId: string },
  ): Promise<void> {
    const { repositories } = this.options;
    try {
      const [user, subsystem] = await Promise.all([
        repositories.users.findById(userId),
        repositories.subsystems.findByClientId(event.clientId),
      ]);
      const source: AuditSource = {
        actorId: userId,
        actorName: user?.username ?? null,
        session: null,
        ipAddress: ctx.ip ?? null,
        userAgent: ctx.get('user-agent') || null,
      };
      await repositories.audit.append(new Date(), source, {
        action: event.action,
        outcome: 'success',
        reason: event.reason,
        target: { kind: 'subsystem', id: subsystem?.id ?? event.clientId, name: event.clientId },
      });
    } catch (error) {
      this.options.log()?.error({ err: error }, 'a subsystem token could not be recorded');
    }
  }
}

/** The token endpoint's refusals the trail names; any other is `invalid_request`. */
const TOKEN_REFUSALS = new Set([
  'invalid_client',
  'invalid_grant',
  'invalid_request',
  'unauthorized_client',
  'unsupported_grant_type',
  'invalid_scope',
]);

/** The client id a refused request presented (Basic credentials or the body), made safe to keep. */
function presentedClientId(ctx: KoaContextWithOIDC): string {
  const known = ctx.oidc.client?.clientId;
  if (known) return known;
  const basic = /^Basic\s+([A-Za-z0-9+/=]+)$/i.exec(ctx.get('authorization'));
  const fromHeader = basic
    ? Buffer.from(basic[1]!, 'base64').toString('utf8').split(':')[0]
    : undefined;
  const fromBody = ctx.oidc.params?.client_id;
  const presented = fromHeader ?? (typeof fromBody === 'string' ? fromBody : '');
  let decoded = presented;
  try {
    decoded = decodeURIComponent(presented);
  } catch {
    // Kept as it came: a record of what was presented.
  }
  // eslint-disable-next-line no-control-regex -- control bytes are what is removed
  return decoded.replace(/[\u0000-\u001f\u007f]/g, '').slice(0, 64) || '(none)';
}

/** The language a provider page is in: the platform's cookie, else the browser's. */
function languageOf(ctx: KoaContextWithOIDC): Language {
  return pageLanguage({
    cookie: ctx.get('cookie') || undefined,
    acceptLanguage: ctx.get('accept-language') || undefined,
  });
}
