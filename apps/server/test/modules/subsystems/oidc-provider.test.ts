import { createHash, randomBytes } from 'node:crypto';
import { type AddressInfo } from 'node:net';
import { SUBSYSTEM_PATHS, SYSTEM_PATHS, USER_PATHS, fillPath } from '@cityops/contract';
import { sql } from 'drizzle-orm';
import { createRemoteJWKSet, jwtVerify } from 'jose';
import * as client from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tokenDigest } from '../../../src/lib/tokens.js';
import { masterKeyId } from '../../../src/lib/master-key.js';
import { KeyRing } from '../../../src/modules/secrets/key-ring.js';
import { ServerSecretRepository } from '../../../src/modules/secrets/server-secret.repository.js';
import { insertUserRoles } from '../../../src/db/access-bindings.js';
import { testBindingMac, testRepositories } from '../../helpers/test-repositories.js';
import { providerSecret } from '../../../src/modules/subsystems/oidc-provider.js';
import type { SubsystemRecord } from '../../../src/modules/subsystems/subsystem.repository.js';
import { TEST_SECRETS_KEY } from '../../helpers/constants.js';
import { sidOf } from '../../../src/modules/subsystems/subsystem-claims.js';
import {
  platformSignInTime,
  signInThroughPlatform,
  startAuthorization,
  submitSignOutPage,
} from '../../helpers/oidc-browser.js';
import { offerSubsystem, registerTestSubsystem } from '../../helpers/subsystem-menu.js';
import {
  type TestApp,
  auditEvents,
  bearer,
  createTestApp,
  encryptPassword,
  ownAddress,
  withSecuritySettings,
} from '../../helpers/test-app.js';
import { asConsoleAdmin } from '../system/system-helpers.js';
import { chained } from '../../helpers/chained.js';

const REDIRECT = 'http://127.0.0.1:9/callback';
const SECRET = randomBytes(32).toString('base64url');

describe('the platform as OpenID Connect provider (issue 22)', () => {
  let t: TestApp;
  let base: string;
  let adminToken: string;
  let demoSubsystemId: number;

  beforeAll(async () => {
    t = await createTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    await registerTestSubsystem(t.app, {
      clientId: 'vendor-app',
      name: '供应商系统',
      nameEn: 'Vendor app',
      secret: SECRET,
      origins: ['http://127.0.0.1:9'],
      redirectUris: [REDIRECT],
      postLogoutRedirectUris: [REDIRECT],
      claims: ['preferred_username', 'name', 'role_ids', 'organization_id'],
      tokenLifetime: 300,
    });
    await registerTestSubsystem(t.app, {
      clientId: 'browser-app',
      name: '浏览器应用',
      nameEn: 'Browser app',
      origins: ['http://127.0.0.1:9'],
      redirectUris: [REDIRECT],
      claims: ['preferred_username'],
      tokenLifetime: 120,
    });
    demoSubsystemId = await registerTestSubsystem(t.app, {
      clientId: 'frame-test',
      name: '框架测试',
      nameEn: 'Frame test',
      origins: [base],
      claims: ['preferred_username', 'name', 'role_ids'],
      tokenLifetime: 600,
    });
    for (const clientId of ['vendor-app', 'browser-app']) await offerSubsystem(t.app, clientId);
    adminToken = (await t.login('admin', 'Admin@2026')).access_token;
  });
  afterAll(async () => t?.close());

  const discover = (clientId: string, secret?: string) =>
    client.discovery(
      new URL(base),
      clientId,
      undefined,
      secret ? client.ClientSecretBasic(secret) : client.None(),
      { execute: [client.allowInsecureRequests] },
    );

  const authorize = (config: client.Configuration, token: string, scope: string) =>
    signInThroughPlatform({ config, base, token, redirectUri: REDIRECT, scope });

  /** The shell's request for a frame token of the demo subsystem's menu entry. */
  const demoFrameToken = async (token: string) => {
    const { rows } = await t.database.db.execute<{ id: number }>(
      sql`select id from menu_entries where url = '/demo-subsystem.html' order by id limit 1`,
    );
    return fetch(`${base}/api${SUBSYSTEM_PATHS.frameToken}`, {
      method: 'POST',
      headers: { ...bearer(token), 'content-type': 'application/json' },
      body: JSON.stringify({ menuId: rows[0]!.id }),
    });
  };
  /** A sign-in through the platform, its code redeemed: the subsystem's tokens. */
  const codeTokens = async (config: client.Configuration, token: string, scope: string) => {
    const { callback, verifier, state } = await authorize(config, token, scope);
    return client.authorizationCodeGrant(config, callback, {
      pkceCodeVerifier: verifier,
      expectedState: state,
    });
  };

  it('names itself by its own address, whatever Host the request names (issue 32)', async () => {
    const response = await t.app.inject({
      url: '/.well-known/openid-configuration',
      headers: { host: 'evil.example' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      issuer: base,
      authorization_endpoint: `${base}/oidc/auth`,
    });
  });

  it('answers a NUL or control byte in any parameter or credential with 4xx (issue 32)', async () => {
    const basic = (id: string, secret: string) =>
      `Basic ${Buffer.from(`${encodeURIComponent(id)}:${encodeURIComponent(secret)}`).toString('base64')}`;
    const form = { 'content-type': 'application/x-www-form-urlencoded' };
    const post = (path: string, body: string, authorization?: string): [string, RequestInit] => [
      path,
      { method: 'POST', headers: { ...form, ...(authorization ? { authorization } : {}) }, body },
    ];
    const vendor = basic('vendor-app', SECRET);
    const attempts: [string, RequestInit][] = [
      [`/oidc/auth?client_id=vendor%00app&response_type=code&scope=openid`, {}],
      [`/oidc/auth?client_id=vendor-app&response_type=code&scope=openid&redirect_uri=x%01`, {}],
      post('/oidc/token', 'grant_type=authorization_code&code=a%00b&redirect_uri=x', vendor),
      post(
        '/oidc/token',
        'grant_type=refresh_token&refresh_token=x',
        basic('vendor\u0000app', SECRET),
      ),
      post(
        '/oidc/token',
        'grant_type=refresh_token&refresh_token=x',
        basic('vendor-app', 'a\u0000b'),
      ),
      post('/oidc/token', 'grant_type=refresh_token&refresh_token=x&client_id=browser%00app'),
      post('/oidc/token/revocation', 'token=a%00b', vendor),
      post('/oidc/token/introspection', 'token=a%00b', vendor),
      post('/oidc/me', 'access_token=a%00b'),
      ['/oidc/session/end?client_id=vendor%00app', {}],
    ];
    for (const [path, init] of attempts) {
      const response = await fetch(`${base}${path}`, { redirect: 'manual', ...init });
      expect([path, response.status < 500]).toEqual([path, true]);
    }
  });

  it('publishes its discovery document and keys on the product origin', async () => {
    const response = await fetch(`${base}/.well-known/openid-configuration`);
    expect(response.status).toBe(200);
    const document = (await response.json()) as Record<string, unknown>;
    expect(document).toMatchObject({
      issuer: base,
      authorization_endpoint: `${base}/oidc/auth`,
      token_endpoint: `${base}/oidc/token`,
      userinfo_endpoint: `${base}/oidc/me`,
      jwks_uri: `${base}/oidc/jwks`,
      end_session_endpoint: `${base}/oidc/session/end`,
      backchannel_logout_supported: true,
      code_challenge_methods_supported: ['S256'],
    });
    // It advertises only what works (issue 32): no pushed requests, no DPoP, and only the
    // client authentications the registry gives (a confidential client's Basic secret, a
    // public client's none); every endpoint it names answers.
    expect(document.pushed_authorization_request_endpoint).toBeUndefined();
    expect(document.dpop_signing_alg_values_supported).toBeUndefined();
    expect(document.token_endpoint_auth_methods_supported).toEqual(['client_secret_basic', 'none']);
    const endpoints = Object.entries(document).filter(
      ([name, value]) =>
        (name.endsWith('_endpoint') || name === 'jwks_uri') && typeof value === 'string',
    );
    expect(endpoints.map(([name]) => name).sort()).toEqual([
      'authorization_endpoint',
      'end_session_endpoint',
      'introspection_endpoint',
      'jwks_uri',
      'revocation_endpoint',
      'token_endpoint',
      'userinfo_endpoint',
    ]);
    for (const [name, address] of endpoints) {
      const answer = await fetch(String(address), {
        method:
          name === 'jwks_uri' || name.startsWith('authorization') || name.startsWith('end_session')
            ? 'GET'
            : 'POST',
        redirect: 'manual',
      });
      expect([name, answer.status !== 404 && answer.status < 500]).toEqual([name, true]);
    }
    const jwks = (await (await fetch(`${base}/oidc/jwks`)).json()) as {
      keys: { kty: string; d?: string }[];
    };
    expect(jwks.keys.length).toBeGreaterThan(0);
    for (const key of jwks.keys) {
      expect(key.kty).toBe('EC');
      expect(key.d).toBeUndefined();
    }
  });

  it('signs a confidential client in by code + PKCE: tokens, userinfo, refresh, introspection, revocation', async () => {
    const config = await discover('vendor-app', SECRET);
    const { callback, verifier, state } = await authorize(
      config,
      adminToken,
      'openid profile cityops offline_access phone',
    );
    const tokens = await client.authorizationCodeGrant(config, callback, {
      pkceCodeVerifier: verifier,
      expectedState: state,
    });
    const claims = tokens.claims()!;
    expect(claims).toMatchObject({
      iss: base,
      aud: 'vendor-app',
      preferred_username: 'admin',
      sid: sidOf(tokenDigest(adminToken)),
    });
    // auth_time is the platform sign-in's, not the subsystem's (issue 32).
    const { rows } = await t.database.db.execute<{ created_at: Date | string }>(
      sql`select created_at from sessions where token_hash = ${tokenDigest(adminToken)}`,
    );
    expect(claims.auth_time).toBe(Math.floor(new Date(rows[0]!.created_at).getTime() / 1000));
    // Not registered for it: the mobile number is not given.
    expect(claims).not.toHaveProperty('phone_number');
    const user = await client.fetchUserInfo(config, tokens.access_token, claims.sub);
    expect(user).toMatchObject({ preferred_username: 'admin', role_ids: ['admin'] });
    expect(tokens.refresh_token).toBeTruthy();
    const refreshed = await client.refreshTokenGrant(config, tokens.refresh_token!);
    expect(refreshed.access_token).not.toBe(tokens.access_token);
    const introspected = await client.tokenIntrospection(config, refreshed.access_token);
    expect(introspected).toMatchObject({ active: true, client_id: 'vendor-app', sub: claims.sub });
    await client.tokenRevocation(config, refreshed.access_token);
    expect((await client.tokenIntrospection(config, refreshed.access_token)).active).toBe(false);
    expect(await auditEvents(t.app, 20, 'subsystem.code')).toContain(
      'subsystem.code/success/authorization_code',
    );
  });

  it('signs out of the platform by RP-initiated logout only when the person confirms it in the browser that signed in', async () => {
    const config = await discover('vendor-app', SECRET);
    const platform = (await t.login('operator', 'Operator@2026')).access_token;
    const { callback, verifier, state, cookie } = await authorize(config, platform, 'openid');
    const tokens = await client.authorizationCodeGrant(config, callback, {
      pkceCodeVerifier: verifier,
      expectedState: state,
    });
    const end = client.buildEndSessionUrl(config, {
      id_token_hint: tokens.id_token!,
      post_logout_redirect_uri: REDIRECT,
      state: 'bye',
    });
    const platformAlive = async () =>
      (
        await fetch(`${base}/api${USER_PATHS.info}?uniqueId=operator`, {
          headers: bearer(platform),
        })
      ).status === 200;
    const submit = (page: Response, cookies: string, logout: boolean) =>
      submitSignOutPage({ page, base, cookies, logout });

    // A bare link with the hint, opened by a browser that did not sign in (another
    // site's page, a mail): the provider's page submits itself, and the platform
    // session lives on (issue 32).
    const bare = await fetch(end, { redirect: 'manual' });
    expect(bare.status).toBe(200);
    // The page submits its form by the one script the policy lets run (its hash).
    const policy = bare.headers.get('content-security-policy')!;
    expect(policy).toContain("default-src 'none'");
    const bareHtml = await bare.clone().text();
    const script = /<script>([^]*?)<\/script>/.exec(bareHtml)![1]!;
    expect(policy).toContain(`'sha256-${createHash('sha256').update(script).digest('base64')}'`);
    expect((await submit(bare, '', true)).status).toBe(303);
    expect(await platformAlive()).toBe(true);

    // In the browser that signed in, the provider's page asks; the person confirms.
    const asked = await fetch(end, { redirect: 'manual', headers: { cookie } });
    expect(asked.status).toBe(200);
    expect(await asked.clone().text()).toContain('name="logout" value="yes"');
    expect(await platformAlive()).toBe(true);
    const confirmed = await submit(asked, cookie, true);
    expect(confirmed.status).toBe(303);
    expect(confirmed.headers.get('location')).toBe(`${REDIRECT}?state=bye`);
    // The platform session it signed in with has ended, as the sign-out button ends it.
    expect(await platformAlive()).toBe(false);
    expect(await auditEvents(t.app, 5, 'auth.logout')).not.toEqual([]);
  });

  it('lets no subsystem token outlive the platform session it was given under (issue 32)', async () => {
    const config = await discover('vendor-app', SECRET);
    const signIn = async () => {
      const platform = (await t.login('editor', 'Editor@2026')).access_token;
      const tokens = await codeTokens(config, platform, 'openid offline_access');
      expect(tokens.refresh_token).toBeTruthy();
      return { platform, tokens };
    };

    // Signed out of the platform: the refresh token and the access token stop.
    const signedOut = await signIn();
    expect(
      (await client.refreshTokenGrant(config, signedOut.tokens.refresh_token!)).access_token,
    ).toBeTruthy();
    await fetch(`${base}/api/authorization-server/oauth/logout`, {
      method: 'POST',
      headers: bearer(signedOut.platform),
    });
    await expect(
      client.refreshTokenGrant(config, signedOut.tokens.refresh_token!),
    ).rejects.toThrow();
    await expect(
      client.fetchUserInfo(config, signedOut.tokens.access_token, client.skipSubjectCheck),
    ).rejects.toThrow();

    // Expired, with no one ending it: refused at once, and the purge revokes its grant.
    const expired = await signIn();
    t.clock.advance(25 * 3_600_000);
    try {
      await expect(
        client.refreshTokenGrant(config, expired.tokens.refresh_token!),
      ).rejects.toThrow();
      await t.app.services.purge.run();
      const { rows } = await t.database.db.execute<{ n: number }>(
        sql`select count(*)::int as n from oidc_records where kind = 'RefreshToken' and payload->>'accountId' = (select id::text from users where username = 'editor')`,
      );
      expect(rows[0]!.n).toBe(0);
    } finally {
      adminToken = (await t.login('admin', 'Admin@2026')).access_token;
    }
  });

  it('signs in by the code flow only an account whose menu leads to the subsystem (issue 32)', async () => {
    await registerTestSubsystem(t.app, {
      clientId: 'ungranted-app',
      name: '未授权系统',
      nameEn: 'Ungranted app',
      redirectUris: [REDIRECT],
      claims: ['preferred_username'],
      tokenLifetime: 120,
    });
    const config = await discover('ungranted-app');
    const verifier = client.randomPKCECodeVerifier();
    const url = client.buildAuthorizationUrl(config, {
      redirect_uri: REDIRECT,
      scope: 'openid',
      code_challenge: await client.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
    });
    const start = await fetch(url, { redirect: 'manual' });
    const cookie = start.headers
      .getSetCookie()
      .map((line) => line.split(';')[0])
      .join('; ');
    const uid = start.headers.get('location')!.split('/').pop()!;
    const operator = (await t.login('operator', 'Operator@2026')).access_token;
    const login = await fetch(`${base}/oidc/interaction/${uid}/login`, {
      method: 'POST',
      headers: { ...bearer(operator), cookie, 'accept-language': 'zh-CN' },
    });
    expect(login.status).toBe(403);
    expect(await login.json()).toMatchObject({
      boolSuccess: false,
      msg: '您没有使用该子系统的权限（您的菜单中没有该子系统），请联系本单位管理员',
    });
  });

  it('asks PKCE of every client, rotates a public client’s refresh token, and lets it revoke its own (issue 32)', async () => {
    // A confidential client without a code challenge is sent back with invalid_request.
    const confidential = await discover('vendor-app', SECRET);
    const withoutPkce = client.buildAuthorizationUrl(confidential, {
      redirect_uri: REDIRECT,
      scope: 'openid',
    });
    const refused = await fetch(withoutPkce, { redirect: 'manual' });
    expect(refused.status).toBe(303);
    expect(new URL(refused.headers.get('location')!).searchParams.get('error')).toBe(
      'invalid_request',
    );

    // A public client's refresh token is rotated at each use (RFC 9700 §4.14.2): the
    // new one works, the used one no longer does.
    const config = await discover('browser-app');
    const first = await codeTokens(config, adminToken, 'openid offline_access');
    const rotated = await client.refreshTokenGrant(config, first.refresh_token!);
    expect(rotated.refresh_token).toBeTruthy();
    expect(rotated.refresh_token).not.toBe(first.refresh_token);
    await expect(client.refreshTokenGrant(config, first.refresh_token!)).rejects.toThrow();
    // A public client revokes its own refresh token (RFC 7009 §2.1): it stops working.
    const tokens = await codeTokens(config, adminToken, 'openid offline_access');
    expect(tokens.refresh_token).toBeTruthy();
    await client.tokenRevocation(config, tokens.refresh_token!);
    await expect(client.refreshTokenGrant(config, tokens.refresh_token!)).rejects.toThrow();
    // Answered as JSON, which oidc-client-ts's revokeTokens() asks for.
    const revoked = await fetch(`${base}/oidc/token/revocation`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'client_id=browser-app&token=unknown',
    });
    expect(revoked.status).toBe(200);
    expect(revoked.headers.get('content-type')).toContain('application/json');
    expect(await revoked.json()).toEqual({});
  });

  it('refuses a wrong client secret and a code redeemed twice', async () => {
    await expect(
      discover('vendor-app', 'wrong').then((config) =>
        client.tokenIntrospection(config, 'anything'),
      ),
    ).rejects.toThrow();
    const config = await discover('vendor-app', SECRET);
    const { callback, verifier, state } = await authorize(config, adminToken, 'openid');
    await client.authorizationCodeGrant(config, callback, {
      pkceCodeVerifier: verifier,
      expectedState: state,
    });
    await expect(
      client.authorizationCodeGrant(config, callback, {
        pkceCodeVerifier: verifier,
        expectedState: state,
      }),
    ).rejects.toMatchObject({ error: 'invalid_grant' });
    // A wrong secret at the token endpoint; both refusals are on the trail (issue 32).
    const wrongSecret = await fetch(`${base}/oidc/token`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from('vendor-app:wrong').toString('base64')}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: 'grant_type=refresh_token&refresh_token=anything',
    });
    expect(wrongSecret.status).toBe(401);
    await expect
      .poll(() => auditEvents(t.app, 10, 'subsystem.token'))
      .toEqual(
        expect.arrayContaining([
          'subsystem.token/failure/invalid_client',
          'subsystem.token/failure/invalid_grant',
        ]),
      );
  });

  it('authenticates no client from a database copy: neither the stored hash nor a value derived from it (issue 30)', async () => {
    const token = (secret: string) =>
      fetch(`${base}/oidc/token`, {
        method: 'POST',
        headers: {
          authorization: `Basic ${Buffer.from(`vendor-app:${encodeURIComponent(secret)}`).toString('base64')}`,
          'content-type': 'application/x-www-form-urlencoded',
        },
        body: 'grant_type=refresh_token&refresh_token=anything',
      });
    // What a copy of the database holds: the secret's hash and the sealed cookie key.
    const { rows } = await t.database.db.execute<{ secret_hash: string; value: string }>(
      sql`select s.secret_hash, k.value from subsystems s, server_secrets k
          where s.client_id = 'vendor-app' and k.name = 'oidc-cookie-key'`,
    );
    const { secret_hash: storedHash, value: sealedCookieKey } = rows[0]!;
    expect(sealedCookieKey).toMatch(/^sealed:v2:/);
    // Even the value the provider compares, computed with the opened key (which a copy
    // alone does not give), is refused when presented: only the real secret is turned into it.
    const ring = new KeyRing(
      {
        key: Buffer.from(TEST_SECRETS_KEY, 'base64'),
        id: masterKeyId(Buffer.from(TEST_SECRETS_KEY, 'base64')),
      },
      new ServerSecretRepository(t.database.db),
    );
    const cookieKey = Buffer.from(
      await ring.open(sealedCookieKey, 'server-secret:oidc-cookie-key'),
      'base64',
    ).toString('base64url');
    const subsystem = { clientId: 'vendor-app', secretHash: storedHash } as SubsystemRecord;
    for (const presented of [
      storedHash,
      providerSecret(sealedCookieKey, subsystem),
      providerSecret(cookieKey, subsystem),
    ]) {
      const refused = await token(presented);
      expect(refused.status).toBe(401);
      expect(((await refused.json()) as { error: string }).error).toBe('invalid_client');
    }
    // Nor in another spelling of the header the provider would read itself: base64url,
    // a client id written with escapes.
    // Nor in another spelling of the header that the provider reads as the same
    // credentials (its base64 decoding skips characters outside the alphabet).
    const derived = Buffer.from(
      `vendor-app:${encodeURIComponent(providerSecret(cookieKey, subsystem))}`,
    );
    const b64 = derived.toString('base64');
    const spellings = [
      `basic ${b64}`,
      `Basic ${b64.slice(0, 4)}.${b64.slice(4)}`,
      `Basic *${b64}`,
      `Basic ${derived.toString('base64url')}`,
    ];
    for (const authorization of spellings) {
      const refused = await fetch(`${base}/oidc/token`, {
        method: 'POST',
        headers: { authorization, 'content-type': 'application/x-www-form-urlencoded' },
        body: 'grant_type=refresh_token&refresh_token=anything',
      });
      expect(refused.status, authorization).toBe(401);
      expect(((await refused.json()) as { error: string }).error).toBe('invalid_client');
    }
    // The right secret still authenticates: the refresh token is what is refused.
    const right = await token(SECRET);
    expect(right.status).toBe(400);
    expect(((await right.json()) as { error: string }).error).toBe('invalid_grant');
  });

  it('requires PKCE S256 of a public client', async () => {
    const config = await discover('browser-app');
    const url = client.buildAuthorizationUrl(config, { redirect_uri: REDIRECT, scope: 'openid' });
    const response = await fetch(url, { redirect: 'manual' });
    const location = new URL(response.headers.get('location')!, base);
    expect(location.searchParams.get('error')).toBe('invalid_request');
    const { callback, verifier, state } = await authorize(config, adminToken, 'openid profile');
    const tokens = await client.authorizationCodeGrant(config, callback, {
      pkceCodeVerifier: verifier,
      expectedState: state,
    });
    expect(tokens.claims()).toMatchObject({ aud: 'browser-app', preferred_username: 'admin' });
    // Introspection is for confidential clients: a public one learns nothing.
    expect(await client.tokenIntrospection(config, tokens.access_token)).toEqual({ active: false });
  });

  it('gives a framed subsystem its own token, verifiable with jose, refused by the platform API', async () => {
    await t.database.db.execute(
      sql`update menu_entries set subsystem_id = ${demoSubsystemId} where url = '/demo-subsystem.html'`,
    );
    // The menu is remembered per process: a write behind the repository's back is announced.
    await t.app.sessionCache.changed({ everyone: true });
    const { rows } = await t.database.db.execute<{ id: number }>(
      sql`select id from menu_entries where url = '/demo-subsystem.html' order by id limit 1`,
    );
    const operator = (await t.login('admin', 'Admin@2026')).access_token;
    const response = await fetch(`${base}/api${SUBSYSTEM_PATHS.frameToken}`, {
      method: 'POST',
      headers: { ...bearer(operator), 'content-type': 'application/json' },
      body: JSON.stringify({ menuId: rows[0]!.id }),
    });
    const answer = (await response.json()) as {
      data: { token: string; origin: string; clientId: string; expiresIn: number };
    };
    expect(answer.data).toMatchObject({ origin: base, clientId: 'frame-test', expiresIn: 600 });
    const { payload, protectedHeader } = await jwtVerify(
      answer.data.token,
      createRemoteJWKSet(new URL(`${base}/oidc/jwks`)),
      { issuer: base, audience: 'frame-test', currentDate: t.clock.now() },
    );
    expect(protectedHeader.alg).toBe('ES256');
    expect(payload).toMatchObject({
      sid: sidOf(tokenDigest(operator)),
      preferred_username: 'admin',
      role_ids: ['admin'],
    });
    expect(payload.exp! - payload.iat!).toBe(600);
    expect(payload).not.toHaveProperty('phone_number');
    // The platform's own API refuses it ...
    const console = await fetch(`${base}/api/system/users`, { headers: bearer(answer.data.token) });
    expect(await console.json()).toMatchObject({ boolSuccess: false, code: '040005' });
    // ... but for the read of its own user ...
    const own = await fetch(`${base}/api${USER_PATHS.info}?uniqueId=admin`, {
      headers: bearer(answer.data.token),
    });
    const ownData = ((await own.json()) as { boolSuccess: boolean; data: Record<string, unknown> })
      .data;
    // ... only what its registration grants: preferred_username, name, role_ids; no mobile,
    // unit, permission codes or previous sign-in (issue 32).
    expect(ownData).toMatchObject({
      username: 'admin',
      roleIds: ['admin'],
      mobile: '',
      organizationId: null,
      permissions: [],
    });
    expect(ownData.name).not.toBe('');
    expect(ownData).not.toHaveProperty('previousSignIn');
    expect(ownData).not.toHaveProperty('secondFactorDue');
    // The token's `sub` names the same user as the login name does (issue 31) ...
    const bySub = await fetch(`${base}/api${USER_PATHS.info}?uniqueId=${String(payload.sub)}`, {
      headers: bearer(answer.data.token),
    });
    expect(bySub.status).toBe(200);
    expect(((await bySub.json()) as { data: unknown }).data).toEqual(ownData);
    // ... and another account's id is another's read, refused.
    const { rows: others } = await t.database.db.execute<{ id: number }>(
      sql`select id from users where username = 'operator'`,
    );
    const otherById = await fetch(`${base}/api${USER_PATHS.info}?uniqueId=${others[0]!.id}`, {
      headers: bearer(answer.data.token),
    });
    expect(otherById.status).toBe(403);
    // ... and never another's, even for the administrator.
    const other = await fetch(`${base}/api${USER_PATHS.info}?uniqueId=operator`, {
      headers: bearer(answer.data.token),
    });
    expect(await other.json()).toMatchObject({ boolSuccess: false, data: null });
    // The userinfo endpoint answers it, to the subsystem's own origin too (CORS).
    const userinfo = await fetch(`${base}/oidc/me`, {
      headers: { ...bearer(answer.data.token), origin: base },
    });
    expect(userinfo.headers.get('access-control-allow-origin')).toBe(base);
    expect(await userinfo.json()).toMatchObject({ preferred_username: 'admin', sid: payload.sid });
    expect(await auditEvents(t.app, 10, 'subsystem.token')).toContain(
      'subsystem.token/success/frame',
    );
    // After sign-out, nothing answers it.
    await t.app.inject({
      method: 'POST',
      url: '/api/authorization-server/oauth/logout',
      headers: bearer(operator),
    });
    expect((await fetch(`${base}/oidc/me`, { headers: bearer(answer.data.token) })).status).toBe(
      401,
    );
  });

  it('bounds frame tokens per session, not per address (rate.frameTokenPerMinute)', async () => {
    const frameToken = async (token: string) =>
      (await demoFrameToken(token)).json() as Promise<{ code: string }>;
    await t.database.db.execute(sql`delete from request_limits`);
    await withSecuritySettings(t, { 'rate.frameTokenPerMinute': '2' }, async () => {
      const first = (await t.login('admin', 'Admin@2026')).access_token;
      const second = (await t.login('admin', 'Admin@2026')).access_token;
      expect((await frameToken(first)).code).toBe('000000');
      expect((await frameToken(first)).code).toBe('000000');
      expect((await frameToken(first)).code).toBe('040029');
      // Another session from the same address still gets its own.
      expect((await frameToken(second)).code).toBe('000000');
    });
    await t.database.db.execute(sql`delete from request_limits`);
  });

  it('bounds frame tokens per subsystem, whichever sessions ask (rate.subsystemFrameTokenPerMinute)', async () => {
    await t.database.db.execute(
      sql`update menu_entries set subsystem_id = ${demoSubsystemId} where url = '/demo-subsystem.html'`,
    );
    const frameToken = async (token: string) =>
      (await demoFrameToken(token)).json() as Promise<{
        code: string;
        data: { token: string | null } | null;
      }>;
    await t.database.db.execute(sql`delete from request_limits`);
    await withSecuritySettings(t, { 'rate.subsystemFrameTokenPerMinute': '2' }, async () => {
      const first = (await t.login('admin', 'Admin@2026')).access_token;
      const second = (await t.login('admin', 'Admin@2026')).access_token;
      expect((await frameToken(first)).data?.token).toBeTruthy();
      expect((await frameToken(second)).data?.token).toBeTruthy();
      // The third token for the subsystem is refused, from a session that has had one.
      const refused = await frameToken(second);
      expect(refused.code).toBe('040029');
      expect(refused.data).toMatchObject({ retryAfterSeconds: expect.any(Number) });
      // The next window gives tokens again.
      t.clock.advance(61_000);
      expect((await frameToken(second)).data?.token).toBeTruthy();
    });
    await t.database.db.execute(sql`delete from request_limits`);
  });

  it('refuses an address whose tokens keep failing before verifying more (rate.badTokenPerMinute)', async () => {
    const address = ownAddress();
    const session = (await t.login('admin', 'Admin@2026')).access_token;
    const read = async (token: string, remoteAddress = address) => {
      const response = await t.app.inject({
        method: 'GET',
        url: `/api${USER_PATHS.info}?uniqueId=admin`,
        headers: bearer(token),
        remoteAddress,
      });
      return { status: response.statusCode, ...response.json<{ code: string; msg: string }>() };
    };
    const madeUpJwt = ['eyJhbGciOiJFUzI1NiIsInR5cCI6IkpXVCJ9', 'e30', 'c2ln'].join('.');
    await withSecuritySettings(t, { 'rate.badTokenPerMinute': '2' }, async () => {
      // A valid token from the address counts nothing.
      expect((await read(session)).status).toBe(200);
      expect(await read(randomBytes(32).toString('base64url'))).toMatchObject({
        status: 401,
        code: '040005',
      });
      // A made-up frame token (a signature to check) counts as well.
      expect(await read(madeUpJwt)).toMatchObject({ status: 401, code: '040005' });
      const third = await read(randomBytes(32).toString('base64url'));
      expect(third).toMatchObject({ status: 429, code: '040029' });
      expect(third.msg).not.toBe('');
      // Until the window ends, a made-up token from the address is refused unverified, while
      // a token the platform issued still answers (issue 32; plugins/bad-token-ceiling.test.ts).
      expect(await read(madeUpJwt)).toMatchObject({ status: 429, code: '040029' });
      expect((await read(session)).status).toBe(200);
      t.clock.advance(61_000);
      expect(await read(madeUpJwt)).toMatchObject({ status: 401, code: '040005' });
    });
  });

  it('folds a repeated frame token within its lifetime into the first record, and counts it', async () => {
    const { rows } = await t.database.db.execute<{ id: number }>(
      sql`select id from menu_entries where url = '/demo-subsystem.html' order by id limit 1`,
    );
    const session = (await t.login('admin', 'Admin@2026')).access_token;
    const open = async () =>
      (
        (await (
          await fetch(`${base}/api${SUBSYSTEM_PATHS.frameToken}`, {
            method: 'POST',
            headers: { ...bearer(session), 'content-type': 'application/json' },
            body: JSON.stringify({ menuId: rows[0]!.id }),
          })
        ).json()) as { data: { token: string | null; expiresIn: number } }
      ).data;
    const records = async () => {
      await chained(t);
      const counted = await t.database.db.execute<{ n: number }>(
        sql`select count(*)::int as n from audit_trail where action = 'subsystem.token'
              and reason = 'frame'`,
      );
      return counted.rows[0]!.n;
    };
    const before = await records();
    const first = await open();
    expect(first.token).toBeTruthy();
    const second = await open();
    const third = await open();
    // Each repeat still gets a token of its own; the trail has one record for them.
    expect(new Set([first.token, second.token, third.token]).size).toBe(3);
    expect(await records()).toBe(before + 1);
    // Repeats answered from tokens taken ahead are written every few seconds: now.
    await t.app.services.frameTokens.saveRepeats();
    const signIn = await t.database.db.execute<{ frame_repeats: number }>(
      sql`select frame_repeats from subsystem_sign_ins
           where session_token_hash = ${tokenDigest(session)}`,
    );
    expect(signIn.rows[0]!.frame_repeats).toBe(2);
    // Past the token's lifetime, the next one is recorded again.
    t.clock.advance(first.expiresIn * 1000 + 1000);
    await open();
    expect(await records()).toBe(before + 2);
  });

  it('gives no token to a frame whose address is on no registered origin', async () => {
    const { rows } = await t.database.db.execute<{ id: number }>(
      sql`select id from menu_entries where url = '/demo-subsystem.html' order by id limit 1`,
    );
    await t.database.db.execute(
      sql`update subsystems set origins = '["https://elsewhere.example"]'::jsonb where id = ${demoSubsystemId}`,
    );
    // The registry is remembered per process: a write behind the repository's back is announced.
    await t.app.sessionCache.changed({ everyone: true });
    const token = (await t.login('admin', 'Admin@2026')).access_token;
    const response = await t.app.inject({
      method: 'POST',
      url: `/api${SUBSYSTEM_PATHS.frameToken}`,
      headers: bearer(token),
      payload: { menuId: rows[0]!.id },
    });
    expect(response.json().data).toEqual({
      token: null,
      origin: null,
      clientId: null,
      expiresIn: 0,
    });
  });
  /** A browser of its own asking the provider with extra parameters (oidc-browser.ts). */
  const browserAuthorize = (
    config: client.Configuration,
    extra: Record<string, string>,
    cookies = new Map<string, string>(),
  ) => startAuthorization({ config, base, redirectUri: REDIRECT, extra, cookies });

  const signedInAt = (token: string) => platformSignInTime(t.database, token);

  it('asks for a fresh platform sign-in for prompt=login and max_age=0, whose time is auth_time; a large max_age passes (issue 32)', async () => {
    const config = await discover('vendor-app', SECRET);
    for (const extra of [{ prompt: 'login' }, { max_age: '0' }] as Record<string, string>[]) {
      const earlier = (await t.login('operator', 'Operator@2026')).access_token;
      t.clock.advance(60_000);
      const flow = await browserAuthorize(config, extra);
      // The platform session from before the request does not do: the page is told to
      // have the person sign in again.
      const stale = await flow.complete(earlier);
      expect(stale.status).toBe(403);
      expect(await stale.json()).toMatchObject({
        boolSuccess: false,
        msg: '该子系统要求您重新登录后才能进入',
        data: { signInAgain: true },
      });
      t.clock.advance(1_000);
      const fresh = (await t.login('operator', 'Operator@2026')).access_token;
      const done = await flow.complete(fresh);
      expect(done.status).toBe(200);
      const tokens = await flow.redeem(
        ((await done.json()) as { data: { redirectTo: string } }).data.redirectTo,
      );
      expect(tokens.claims()!.auth_time).toBe(await signedInAt(fresh));
      expect(tokens.claims()!.auth_time).toBeGreaterThan(await signedInAt(earlier));
    }
    // A max_age the platform sign-in is within: signed in earlier, no new sign-in asked.
    const earlier = (await t.login('operator', 'Operator@2026')).access_token;
    t.clock.advance(60_000);
    const flow = await browserAuthorize(config, { max_age: '3600' });
    const done = await flow.complete(earlier);
    expect(done.status).toBe(200);
    const tokens = await flow.redeem(
      ((await done.json()) as { data: { redirectTo: string } }).data.redirectTo,
    );
    expect(tokens.claims()!.auth_time).toBe(await signedInAt(earlier));
  });

  it('answers prompt=none with login_required without a platform session, and with a code from a live one (issue 32)', async () => {
    const config = await discover('vendor-app', SECRET);
    const errorOf = (location: URL) => location.searchParams.get('error');
    // A browser that never signed in: login_required, back at the subsystem, no page shown.
    const none = await browserAuthorize(config, { prompt: 'none' });
    expect(`${none.location.origin}${none.location.pathname}`).toBe(REDIRECT);
    expect(errorOf(none.location)).toBe('login_required');

    // The browser that signed in a moment ago: a code at once, no page, for the same
    // platform sign-in (auth_time and sid).
    const platform = (await t.login('operator', 'Operator@2026')).access_token;
    const first = await browserAuthorize(config, {});
    const done = await first.complete(platform);
    expect(done.status).toBe(200);
    await first.redeem(((await done.json()) as { data: { redirectTo: string } }).data.redirectTo);
    const silent = await browserAuthorize(config, { prompt: 'none' }, first.cookies);
    expect(`${silent.location.origin}${silent.location.pathname}`).toBe(REDIRECT);
    expect(silent.location.searchParams.get('code')).toBeTruthy();
    const tokens = await client.authorizationCodeGrant(config, silent.location, {
      pkceCodeVerifier: silent.verifier,
      expectedState: silent.state,
    });
    expect(tokens.claims()).toMatchObject({
      auth_time: await signedInAt(platform),
      sid: sidOf(tokenDigest(platform)),
    });

    // What the guide says the provider answers (docs/subsystems.md, prompt=none): with a
    // live platform session, a scope not given before is consent_required ...
    const moreScope = await browserAuthorize(
      config,
      { prompt: 'none', scope: 'openid profile' },
      first.cookies,
    );
    expect(errorOf(moreScope.location)).toBe('consent_required');
    // ... so is a client that has not signed in in this browser yet ...
    const otherClient = await browserAuthorize(
      await discover('browser-app'),
      { prompt: 'none' },
      first.cookies,
    );
    expect(errorOf(otherClient.location)).toBe('consent_required');
    // ... and one whose grant its revoked refresh token ended, until a redirect signs in again.
    await client.tokenRevocation(config, tokens.refresh_token!);
    const revoked = await browserAuthorize(config, { prompt: 'none' }, first.cookies);
    expect(errorOf(revoked.location)).toBe('consent_required');

    // Signed out of the platform: the same browser gets login_required.
    await fetch(`${base}/api/authorization-server/oauth/logout`, {
      method: 'POST',
      headers: bearer(platform),
    });
    const after = await browserAuthorize(config, { prompt: 'none' }, first.cookies);
    expect(errorOf(after.location)).toBe('login_required');
  });
  it("shows its own pages in the person's language and the platform's look, with every value escaped (issue 32)", async () => {
    const systemName = (await t.app.services.settings.publicValue('systemName'))!;
    const visible = (html: string) =>
      html
        .replace(/<style>[^]*?<\/style>/, '')
        .replace(/<[^>]+>/g, ' ')
        .split(systemName)
        .join(' ');
    const cjk = /[\u3000-\u9fff\uff00-\uffef]/;
    const expectEnglish = (html: string) => {
      expect(html).toContain('<html lang="en">');
      expect(visible(html)).not.toMatch(cjk);
    };
    const expectChinese = (html: string) => {
      expect(html).toContain('<html lang="zh-CN">');
      expect(visible(html)).not.toMatch(/\b(Sign|Signed|error|Error|subsystem|platform)\b/);
    };

    // The sign-out confirmation, for a subsystem the person signed in to in this browser.
    const config = await discover('vendor-app', SECRET);
    const platform = (await t.login('operator', 'Operator@2026')).access_token;
    const { callback, verifier, state, cookie } = await authorize(config, platform, 'openid');
    const tokens = await client.authorizationCodeGrant(config, callback, {
      pkceCodeVerifier: verifier,
      expectedState: state,
    });
    const end = client.buildEndSessionUrl(config, { id_token_hint: tokens.id_token! });
    const signOutPage = async (headers: Record<string, string>) => {
      const response = await fetch(end, { headers: { cookie, ...headers } });
      expect(response.status).toBe(200);
      return response.text();
    };
    const zh = await signOutPage({ 'accept-language': 'zh-CN,zh;q=0.9' });
    expectChinese(zh);
    expect(zh).toContain(`<span class="brand">${systemName}</span>`);
    expect(zh).toContain('您正在退出供应商系统。是否同时退出平台及通过平台进入的所有子系统？');
    expect(zh).toContain('name="logout" value="yes">退出平台</button>');
    expect(zh).toContain('仅退出供应商系统</button>');
    // The platform's language cookie wins over the browser's.
    const en = await signOutPage({ 'accept-language': 'zh-CN', cookie: `${cookie}; language=en` });
    expectEnglish(en);
    expect(en).toContain('Sign out of Vendor app only</button>');
    expect(en).toContain('button.primary{background:#1668dc');

    // The page that submits itself (the same link, opened without the provider's cookie).
    const bare = async (language: string) =>
      (await fetch(end, { headers: { 'accept-language': language } })).text();
    const zhBare = await bare('zh-CN');
    expect(zhBare).toContain('<html lang="zh-CN">');
    expect(zhBare).toContain('<title>正在跳转……</title>');
    expect(zhBare).toContain('此浏览器未启用脚本，请点击“继续”。');
    expect(zhBare).not.toMatch(/Submitting|JavaScript|Continue/);
    const enBare = await bare('en');
    expect(enBare).toContain('<title>Going on…</title>');
    expect(visible(enBare)).not.toMatch(cjk);

    // The error page a civil servant meets: plain words and the code, in either language.
    const unregistered = client.buildAuthorizationUrl(config, {
      redirect_uri: 'https://elsewhere.example/callback',
      scope: 'openid',
      code_challenge: await client.calculatePKCECodeChallenge(client.randomPKCECodeVerifier()),
      code_challenge_method: 'S256',
    });
    const errorPage = async (language: string) => {
      const response = await fetch(unregistered, { headers: { 'accept-language': language } });
      expect(response.status).toBe(400);
      return response.text();
    };
    const zhError = await errorPage('zh-CN');
    expectChinese(zhError);
    expect(zhError).toContain('该子系统的回调地址未登记，请联系系统管理员。');
    expect(zhError).toContain('错误代码：invalid_redirect_uri');
    const enError = await errorPage('en-GB,en;q=0.8');
    expectEnglish(enError);
    expect(enError).toContain('This subsystem&#39;s return address is not registered');

    // A registered name is text on the page, never markup.
    await registerTestSubsystem(t.app, {
      clientId: 'markup-app',
      name: '<img src=x onerror=alert(1)>系统',
      nameEn: '"><script>alert(1)</script>',
      redirectUris: [REDIRECT],
      tokenLifetime: 120,
    });
    const done = async (language: string) =>
      (
        await fetch(`${base}/oidc/session/end/success?client_id=markup-app`, {
          headers: { 'accept-language': language },
        })
      ).text();
    const zhDone = await done('zh-CN');
    expect(zhDone).toContain('您已退出&#60;img src=x onerror=alert(1)&#62;系统。');
    expect(zhDone).not.toContain('<img');
    const enDone = await done('en');
    expect(enDone).toContain(
      'You have signed out of &#34;&#62;&#60;script&#62;alert(1)&#60;/script&#62;.',
    );
    expect(enDone).not.toContain('<script');
  });
  it('offers no offline access: offline_access is not advertised, and asked for with prompt=consent it grants nothing beyond the session-bound refresh token (issue 32)', async () => {
    const discovery = (await (await fetch(`${base}/.well-known/openid-configuration`)).json()) as {
      scopes_supported: string[];
    };
    expect(discovery.scopes_supported).not.toContain('offline_access');
    const config = await discover('vendor-app', SECRET);
    const platform = (await t.login('operator', 'Operator@2026')).access_token;
    const flow = await browserAuthorize(config, {
      scope: 'openid offline_access',
      prompt: 'consent',
    });
    // The platform's page answers at once: no consent is asked, none is needed.
    const done = await flow.complete(platform);
    expect(done.status).toBe(200);
    const tokens = await flow.redeem(
      ((await done.json()) as { data: { redirectTo: string } }).data.redirectTo,
    );
    expect(tokens.scope?.split(' ')).not.toContain('offline_access');
    expect(tokens.refresh_token).toBeTruthy();
    // The refresh token is the session's: it ends with the platform sign-out.
    await fetch(`${base}/api/authorization-server/oauth/logout`, {
      method: 'POST',
      headers: bearer(platform),
    });
    await expect(client.refreshTokenGrant(config, tokens.refresh_token!)).rejects.toThrow();
  });
  it('ends every subsystem token with the platform session, whichever way it ends: the table in docs/subsystems.md, cell by cell (issue 32)', async () => {
    const db = t.database.db;
    // The demo menu entry opens frame-test, on this origin, for every role.
    await db.execute(
      sql`update subsystems set origins = ${JSON.stringify([base])}::jsonb where id = ${demoSubsystemId}`,
    );
    await db.execute(
      sql`update menu_entries set subsystem_id = ${demoSubsystemId} where url = '/demo-subsystem.html'`,
    );
    const { rows: menu } = await db.execute<{ id: number }>(
      sql`select id from menu_entries where url = '/demo-subsystem.html' order by id limit 1`,
    );
    await db.execute(sql`insert into role_menu_entries (role_id, menu_entry_id)
      select id, ${menu[0]!.id} from roles on conflict do nothing`);
    // A role without the entry: a person moved to it loses the subsystem, not the session.
    // Made as the platform makes roles, its terms signed (issue 30).
    await (
      await testRepositories(db)
    ).users.insertRolesIfMissing([
      { id: 'no-subsystem', name: '无子系统', nameEn: 'No subsystem' },
    ]);
    await t.app.sessionCache.changed({ everyone: true });
    const config = await discover('vendor-app', SECRET);
    const vendor = `Basic ${Buffer.from(`vendor-app:${SECRET}`).toString('base64')}`;

    /** A person of their own (the operator's roles and password), signed in four ways. */
    let people = 0;
    const signedIn = async () => {
      people += 1;
      const username = `session-end-${people}`;
      const { rows } = await db.execute<{ id: number }>(sql`insert into users
        (username, name, organization_id, department_id, password_hash, password_changed_at)
        select ${username}, name, organization_id, department_id, password_hash, password_changed_at
          from users where username = 'operator' returning id`);
      const id = rows[0]!.id;
      // The operator's roles, bound as the platform binds them: with their MACs (issue 30).
      const { rows: held } = await db.execute<{ roleId: string }>(sql`select role_id as "roleId"
        from user_roles where user_id = (select id from users where username = 'operator')`);
      await insertUserRoles(
        db,
        await testBindingMac(db),
        held.map(({ roleId }) => ({ userId: id, roleId })),
      );
      const platform = (await t.login(username, 'Operator@2026')).access_token;
      const tokens = { ...(await codeTokens(config, platform, 'openid')) };
      const frame = (
        (await (await frameToken(platform)).json()) as { data: { token: string | null } }
      ).data.token;
      expect(frame).toBeTruthy();
      return { id, username, platform, tokens, frame: frame! };
    };
    /** The shell's request for a new frame token, with the platform session's token. */
    const frameToken = (platform: string) =>
      fetch(`${base}/api${SUBSYSTEM_PATHS.frameToken}`, {
        method: 'POST',
        headers: { ...bearer(platform), 'content-type': 'application/json' },
        body: JSON.stringify({ menuId: menu[0]!.id }),
      });
    type Person = Awaited<ReturnType<typeof signedIn>>;
    /** A refresh as a subsystem makes it, keeping the new tokens it answers. */
    const refreshed = async (tokens: { access_token: string; refresh_token?: string }) => {
      const response = await fetch(`${base}/oidc/token`, {
        method: 'POST',
        headers: { authorization: vendor, 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          grant_type: 'refresh_token',
          refresh_token: tokens.refresh_token!,
        }).toString(),
      });
      if (response.ok) {
        const body = (await response.json()) as { access_token: string; refresh_token?: string };
        tokens.access_token = body.access_token;
        if (body.refresh_token) tokens.refresh_token = body.refresh_token;
      }
      return response.status;
    };
    /** Each token kind as a subsystem uses it: its status (the hint: the sign-out page's). */
    const cellChecks = {
      platform: async ({ username, platform }: Person) =>
        (
          await fetch(`${base}/api${USER_PATHS.info}?uniqueId=${username}`, {
            headers: bearer(platform),
          })
        ).status,
      newFrame: async ({ platform }: Person) => (await frameToken(platform)).status,
      frame: async ({ frame }: Person) =>
        (await fetch(`${base}/oidc/me`, { headers: bearer(frame) })).status,
      access: async ({ tokens }: Person) =>
        (await fetch(`${base}/oidc/me`, { headers: bearer(tokens.access_token) })).status,
      refresh: ({ tokens }: Person) => refreshed(tokens),
      idTokenHint: async ({ tokens }: Person) =>
        (
          await fetch(client.buildEndSessionUrl(config, { id_token_hint: tokens.id_token! }), {
            redirect: 'manual',
          })
        ).status,
    };
    type Cell = keyof typeof cellChecks;
    /** Every cell of a person's row, in the table's order. */
    const cells = async (person: Person) => {
      const row: Partial<Record<Cell, number>> = {};
      for (const [cell, check] of Object.entries(cellChecks)) {
        row[cell as Cell] = await check(person);
      }
      return row;
    };
    /** The console's action (system-helpers.ts). */
    const asAdmin = (method: 'DELETE' | 'POST' | 'PUT', url: string, payload?: object) =>
      asConsoleAdmin(t, method, url, payload);
    /** The staff role saved in the console by the administrator, its entries changed. */
    const saveStaff = async (entries: (entryIds: number[]) => number[]) => {
      const admin = (await t.login('admin', 'Admin@2026')).access_token;
      const url = `/api${fillPath(SYSTEM_PATHS.role, { id: 'staff' })}`;
      const role = (await t.app.inject({ method: 'GET', url, headers: bearer(admin) })).json()
        .data as {
        name: string;
        nameEn: string;
        dataScope: string;
        unitIds: string[];
        entryIds: number[];
        version: number;
      };
      const { name, nameEn, dataScope, unitIds, version } = role;
      const body = { name, nameEn, dataScope, unitIds, version, entryIds: entries(role.entryIds) };
      await asAdmin('PUT', fillPath(SYSTEM_PATHS.role, { id: 'staff' }), body);
      return role.entryIds;
    };
    let staffEntries: number[] = [];
    const ends: Record<string, (person: Person) => Promise<unknown>> = {
      'sign-out': ({ platform }) =>
        fetch(`${base}/api/authorization-server/oauth/logout`, {
          method: 'POST',
          headers: bearer(platform),
        }),
      'administrator ends the session': ({ id }) =>
        asAdmin('DELETE', fillPath(SYSTEM_PATHS.userSessions, { id })),
      'password reset': ({ id }) => asAdmin('POST', fillPath(SYSTEM_PATHS.userPassword, { id })),
      'password changed by the user': async ({ platform }) => {
        const md5 = (text: string) => createHash('md5').update(text, 'utf8').digest('hex');
        const encrypted = await encryptPassword(t.app, 'Changed#2026x');
        const response = await fetch(`${base}/api${USER_PATHS.changePassword}`, {
          method: 'POST',
          headers: { ...bearer(platform), 'content-type': 'application/json' },
          body: JSON.stringify({
            password: md5('Operator@2026'),
            newPassword: md5('Changed#2026x'),
            newPasswordTwo: md5('Changed#2026x'),
            newPasswordCipher: encrypted.password,
            keyId: encrypted.keyId,
          }),
        });
        expect(((await response.json()) as { code: string }).code).toBe('000000');
      },
      'role change that removes the subsystem': async ({ id, username }) => {
        const { rows } = await db.execute<{
          name: string;
          organizationId: number;
          departmentId: number | null;
          version: number;
        }>(sql`select name, organization_id as "organizationId",
          department_id as "departmentId", version from users where id = ${id}`);
        await asAdmin('PUT', fillPath(SYSTEM_PATHS.user, { id }), {
          ...rows[0]!,
          username,
          mobile: `139${String(id).padStart(8, '0')}`,
          roleIds: ['no-subsystem'],
        });
      },
      'account disabled': async ({ id }) => {
        const { rows } = await db.execute<{ version: number }>(
          sql`select version from users where id = ${id}`,
        );
        await asAdmin('PUT', fillPath(SYSTEM_PATHS.userStatus, { id }), {
          disabled: true,
          version: rows[0]!.version,
        });
      },
      // The console takes the entries leading to the subsystem from the role the person
      // holds (staff), one change for many accounts: no session ends, and the subsystem's
      // refresh and userinfo stop at once (oidc-provider.ts, findAccount).
      'a role’s entries lose the subsystem': async () => {
        const { rows: leading } = await db.execute<{ id: number }>(
          sql`select id from menu_entries where subsystem_id = ${demoSubsystemId}
            or subsystem_id = (select id from subsystems where client_id = 'vendor-app')`,
        );
        const lost = new Set(leading.map((entry) => entry.id));
        staffEntries = await saveStaff((entryIds) =>
          entryIds.filter((entryId) => !lost.has(entryId)),
        );
      },
      // Under a 10-minute lifetime and no idle timeout (settings, below): the tokens are
      // renewed a minute before the end, so only the session's end can refuse them.
      'session lifetime': async (person) => {
        t.clock.advance(9 * 60_000);
        expect(await refreshed(person.tokens)).toBe(200);
        const renewed = (await (await frameToken(person.platform)).json()) as {
          data: { token: string };
        };
        person.frame = renewed.data.token;
        t.clock.advance(2 * 60_000);
      },
      // Under a 1-minute idle timeout (settings, below), ended once idle for 2 minutes (the
      // setting and the minute activity may lag): 3 minutes on, every token is still within
      // its own lifetime (frame 10 minutes, access 5), so only the idle end can refuse it.
      'idle timeout': async () => t.clock.advance(3 * 60_000),
    };
    const settings: Record<string, Parameters<typeof withSecuritySettings>[1]> = {
      'session lifetime': { 'session.lifetimeMinutes': '10', 'session.idleMinutes': '0' },
      'idle timeout': { 'session.idleMinutes': '1' },
    };
    // The first request that finds a session idle ends it, and every later one finds it
    // ended: so each cell of the idle row is asked first, by a person of its own, and the
    // row proves that each way in notices the idle time itself.
    const firstCells: Record<string, readonly (Cell | null)[]> = {
      'idle timeout': Object.keys(cellChecks) as Cell[],
    };
    const live = {
      platform: 200,
      newFrame: 200,
      frame: 200,
      access: 200,
      refresh: 200,
      idTokenHint: 200,
    };
    // The sign-out page still takes the hint (an ended session's too, as RP-Initiated
    // Logout allows an expired one); there is nothing left for it to end.
    const ended = {
      platform: 401,
      newFrame: 401,
      frame: 401,
      access: 401,
      refresh: 400,
      idTokenHint: 200,
    };
    // The platform session lives on; the subsystem's sign-ins end, and the menu no longer
    // reaches it, so the shell gets no new frame token.
    const answers: Record<string, Partial<typeof ended>> = {
      'role change that removes the subsystem': { platform: 200, newFrame: 404 },
      // The frame token already given runs to its expiry (1 to 10 minutes, the guide says).
      'a role’s entries lose the subsystem': { platform: 200, newFrame: 404, frame: 200 },
    };
    /** What a way changed for every account, put back once its cells are checked. */
    const restores: Record<string, () => Promise<unknown>> = {
      'a role’s entries lose the subsystem': () => saveStaff(() => staffEntries),
    };
    try {
      for (const [way, end] of Object.entries(ends)) {
        for (const first of firstCells[way] ?? [null]) {
          await withSecuritySettings(t, settings[way] ?? {}, async () => {
            const person = await signedIn();
            expect([way, await cells(person)]).toEqual([way, live]);
            await end(person);
            const expected = { ...ended, ...answers[way] };
            if (first) {
              expect([way, first, await cellChecks[first](person)]).toEqual([
                way,
                first,
                expected[first],
              ]);
            }
            expect([way, await cells(person)]).toEqual([way, expected]);
            await restores[way]?.();
          });
        }
      }
    } finally {
      adminToken = (await t.login('admin', 'Admin@2026')).access_token;
    }
  });
});
