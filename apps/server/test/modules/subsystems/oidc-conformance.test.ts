import { createHash, randomBytes } from 'node:crypto';
import { type AddressInfo } from 'node:net';
import { SUBSYSTEM_PATHS, SYSTEM_PATHS, USER_PATHS, fillPath } from '@cityops/contract';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import * as client from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  platformSignInTime,
  signInThroughPlatform,
  startAuthorization,
  submitSignOutPage,
  withSetCookies,
} from '../../helpers/oidc-browser.js';
import {
  frameSubsystemAt,
  offerSubsystem,
  registerTestSubsystem,
} from '../../helpers/subsystem-menu.js';
import {
  type TestApp,
  bearer,
  createAccount,
  createTestApp,
  encryptPassword,
  secondInstance,
} from '../../helpers/test-app.js';
import { asConsoleAdmin } from '../system/system-helpers.js';

const PRODUCT = 'http://cityops.test';
const REDIRECT = 'http://127.0.0.1:9/callback';
const SECRET = randomBytes(32).toString('base64url');

/**
 * The OpenID Foundation's basic OP plan (and the parts of its RP-initiated logout plan the
 * platform offers), as its sequence runs against a certified provider, driven by
 * openid-client against the listening server: each test is named after the plan's module.
 * What the plan cannot see, the platform's own session, is checked too: a refresh refused
 * once the platform session ends, on the instance that ended it or another (issue 32).
 * Two instances behind one address serve the file; every request but the last test's goes
 * to the first.
 */
describe('OpenID Connect conformance: the basic OP plan (issue 32)', () => {
  let t: TestApp;
  let other: FastifyInstance;
  const origins: string[] = [];
  /** Which instance the next request goes to, as a load balancer would choose. */
  let target = 0;
  const throughBalancer = ((input: string | URL | Request, init?: RequestInit) => {
    const url = new URL(input instanceof Request ? input.url : input);
    return fetch(url.href.replace(PRODUCT, origins[target]!), init);
  }) as typeof fetch;
  let config: client.Configuration;

  beforeAll(async () => {
    t = await createTestApp({ PUBLIC_URL: PRODUCT });
    other = await secondInstance(t);
    for (const app of [t.app, other]) {
      await app.listen({ port: 0, host: '127.0.0.1' });
      origins.push(`http://127.0.0.1:${(app.server.address() as AddressInfo).port}`);
    }
    await registerTestSubsystem(t.app, {
      clientId: 'conformance-app',
      name: '一致性测试',
      nameEn: 'Conformance',
      secret: SECRET,
      redirectUris: [REDIRECT],
      postLogoutRedirectUris: [REDIRECT],
      claims: ['preferred_username'],
      tokenLifetime: 300,
    });
    await offerSubsystem(t.app, 'conformance-app');
    config = await client.discovery(
      new URL(PRODUCT),
      'conformance-app',
      undefined,
      client.ClientSecretBasic(SECRET),
      {
        execute: [client.allowInsecureRequests],
        [client.customFetch]: throughBalancer,
      } as client.DiscoveryRequestOptions,
    );
    // openid-client's options are fetch's own, typed apart; the balancer passes them on.
    config[client.customFetch] = throughBalancer as unknown as client.CustomFetch;
  });
  afterAll(async () => {
    await other?.close();
    await t?.close();
  });

  /** A person of the test's own, signed in to the platform: their account and session. */
  const signedInPerson = async () => {
    const account = await createAccount(t.app);
    const platform = (await t.login(account.username, account.password)).access_token;
    return { ...account, platform };
  };
  const authorize = (extra: Record<string, string>, cookies?: Map<string, string>) =>
    startAuthorization({
      config,
      base: PRODUCT,
      redirectUri: REDIRECT,
      extra,
      ...(cookies ? { cookies } : {}),
      fetch: throughBalancer,
    });
  const redirectOf = async (response: Response) =>
    ((await response.json()) as { data: { redirectTo: string } }).data.redirectTo;
  /** A sign-in through the platform, its code redeemed: the subsystem's tokens and cookies. */
  const codeTokens = async (platform: string) => {
    const { callback, verifier, state, cookie } = await signInThroughPlatform({
      config,
      base: PRODUCT,
      token: platform,
      redirectUri: REDIRECT,
      scope: 'openid profile',
      fetch: throughBalancer,
    });
    const tokens = await client.authorizationCodeGrant(config, callback, {
      pkceCodeVerifier: verifier,
      expectedState: state,
    });
    return { tokens, cookie };
  };
  const platformAlive = async (person: { username: string; platform: string }) =>
    (
      await t.app.inject({
        url: `/api${USER_PATHS.info}?uniqueId=${person.username}`,
        headers: bearer(person.platform),
      })
    ).statusCode === 200;
  const signOut = (platform: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/authorization-server/oauth/logout',
      headers: bearer(platform),
    });

  it('oidcc-server: the nonce echoed in the ID token, auth_time the platform sign-in', async () => {
    const person = await signedInPerson();
    const nonce = client.randomNonce();
    const flow = await authorize({ nonce, scope: 'openid profile' });
    const done = await flow.complete(person.platform);
    expect(done.status).toBe(200);
    // openid-client refuses an ID token whose nonce differs (expectedNonce) ...
    const tokens = await flow.redeem(await redirectOf(done), { expectedNonce: nonce });
    // ... and the claims say it outright.
    expect(tokens.claims()).toMatchObject({
      iss: PRODUCT,
      aud: 'conformance-app',
      nonce,
      preferred_username: person.username,
      auth_time: await platformSignInTime(t.database, person.platform),
    });
  });

  it('oidcc-prompt-login: a fresh platform sign-in is asked, whose time is auth_time', async () => {
    const person = await signedInPerson();
    t.clock.advance(60_000);
    const flow = await authorize({ prompt: 'login' });
    // The platform session from before the request does not do.
    const stale = await flow.complete(person.platform);
    expect(stale.status).toBe(403);
    expect(await stale.json()).toMatchObject({ data: { signInAgain: true } });
    t.clock.advance(1_000);
    const fresh = (await t.login(person.username, person.password)).access_token;
    const done = await flow.complete(fresh);
    expect(done.status).toBe(200);
    const tokens = await flow.redeem(await redirectOf(done));
    expect(tokens.claims()!.auth_time).toBe(await platformSignInTime(t.database, fresh));
    expect(tokens.claims()!.auth_time).toBeGreaterThan(
      await platformSignInTime(t.database, person.platform),
    );
  });

  it('oidcc-max-age-1: after a wait longer than max_age, a fresh sign-in, whose time is auth_time', async () => {
    const person = await signedInPerson();
    // The plan waits; the platform's clock is moved instead.
    t.clock.advance(2_000);
    const flow = await authorize({ max_age: '1' });
    const stale = await flow.complete(person.platform);
    expect(stale.status).toBe(403);
    expect(await stale.json()).toMatchObject({ data: { signInAgain: true } });
    const fresh = (await t.login(person.username, person.password)).access_token;
    const done = await flow.complete(fresh);
    expect(done.status).toBe(200);
    const tokens = await flow.redeem(await redirectOf(done));
    const signedInAt = await platformSignInTime(t.database, fresh);
    expect(tokens.claims()!.auth_time).toBe(signedInAt);
  });

  it('oidcc-prompt-none-not-logged-in: login_required, back at the client, no page shown', async () => {
    const flow = await authorize({ prompt: 'none' });
    expect(`${flow.location.origin}${flow.location.pathname}`).toBe(REDIRECT);
    expect(flow.location.searchParams.get('error')).toBe('login_required');
    expect(flow.location.searchParams.get('state')).toBe(flow.state);
  });

  it('oidcc-codereuse-30seconds: a code redeemed twice is refused, and the first tokens are revoked', async () => {
    const person = await signedInPerson();
    const { callback, verifier, state } = await signInThroughPlatform({
      config,
      base: PRODUCT,
      token: person.platform,
      redirectUri: REDIRECT,
      scope: 'openid profile',
      fetch: throughBalancer,
    });
    const first = await client.authorizationCodeGrant(config, callback, {
      pkceCodeVerifier: verifier,
      expectedState: state,
    });
    expect(
      (await client.fetchUserInfo(config, first.access_token, first.claims()!.sub))
        .preferred_username,
    ).toBe(person.username);
    t.clock.advance(30_000);
    await expect(
      client.authorizationCodeGrant(config, callback, {
        pkceCodeVerifier: verifier,
        expectedState: state,
      }),
    ).rejects.toMatchObject({ error: 'invalid_grant' });
    // The provider revokes what the code gave (RFC 6749 §4.1.2: SHOULD).
    await expect(
      client.fetchUserInfo(config, first.access_token, client.skipSubjectCheck),
    ).rejects.toThrow();
    expect((await client.tokenIntrospection(config, first.access_token)).active).toBe(false);
  });

  it('oidcc-refresh-token: a refresh works while the platform session lives, and is refused after its sign-out', async () => {
    const person = await signedInPerson();
    const { tokens } = await codeTokens(person.platform);
    expect(tokens.refresh_token).toBeTruthy();
    const refreshed = await client.refreshTokenGrant(config, tokens.refresh_token!);
    expect(refreshed.access_token).toBeTruthy();
    await signOut(person.platform);
    await expect(
      client.refreshTokenGrant(config, refreshed.refresh_token ?? tokens.refresh_token!),
    ).rejects.toMatchObject({ error: 'invalid_grant' });
  });

  it('oidcc-refresh-token: refused after the administrator resets the password', async () => {
    const person = await signedInPerson();
    const { tokens } = await codeTokens(person.platform);
    const admin = (await t.login('admin', 'Admin@2026')).access_token;
    const reset = await t.app.inject({
      method: 'POST',
      url: `/api${fillPath(SYSTEM_PATHS.userPassword, { id: person.id })}`,
      headers: bearer(admin),
    });
    expect(reset.statusCode).toBe(200);
    await expect(client.refreshTokenGrant(config, tokens.refresh_token!)).rejects.toMatchObject({
      error: 'invalid_grant',
    });
    await expect(
      client.fetchUserInfo(config, tokens.access_token, client.skipSubjectCheck),
    ).rejects.toThrow();
  });

  it('oidcc-rp-initiated-logout: declined, the platform session lives; confirmed, it ends', async () => {
    const person = await signedInPerson();
    const { tokens, cookie } = await codeTokens(person.platform);
    expect(await platformAlive(person)).toBe(true);
    /**
     * The provider's page asking the browser that signed in, submitted by the person: the
     * browser's cookies after it.
     */
    const signOutOfSubsystem = async (
      signedIn: Awaited<ReturnType<typeof codeTokens>>,
      logout: boolean,
    ) => {
      const end = client.buildEndSessionUrl(config, {
        id_token_hint: signedIn.tokens.id_token!,
        post_logout_redirect_uri: REDIRECT,
        state: 'bye',
      });
      const page = await throughBalancer(end, {
        redirect: 'manual',
        headers: { cookie: signedIn.cookie },
      });
      expect(page.status).toBe(200);
      const answer = await submitSignOutPage({
        page,
        base: PRODUCT,
        cookies: signedIn.cookie,
        logout,
        fetch: throughBalancer,
      });
      expect(answer.status).toBe(303);
      expect(answer.headers.get('location')).toBe(`${REDIRECT}?state=bye`);
      return withSetCookies(withSetCookies(signedIn.cookie, page), answer);
    };
    // The person signs out of the subsystem only: back at the client, still on the platform.
    const browser = await signOutOfSubsystem({ tokens, cookie }, false);
    expect(await platformAlive(person)).toBe(true);

    // In the same browser (the provider's session under the new identifier the decline
    // gave it), signed in to the subsystem again, the person confirms this time: the
    // platform session ends with the subsystem's.
    const jar = new Map(
      browser.split('; ').map((pair) => {
        const at = pair.indexOf('=');
        return [pair.slice(0, at), pair.slice(at + 1)] as [string, string];
      }),
    );
    const again = await authorize({}, jar);
    const done = await again.complete(person.platform);
    expect(done.status).toBe(200);
    const tokensAgain = await again.redeem(await redirectOf(done));
    const cookieAgain = [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
    await signOutOfSubsystem({ tokens: tokensAgain, cookie: cookieAgain }, true);
    expect(await platformAlive(person)).toBe(false);
  });

  it('two instances: a platform session ended on A, its refresh and access tokens are refused on B', async () => {
    const person = await signedInPerson();
    target = 1;
    try {
      const { tokens } = await codeTokens(person.platform);
      // Both work on B first (and leave B's caches warm with the live session).
      expect(
        (await client.fetchUserInfo(config, tokens.access_token, tokens.claims()!.sub))
          .preferred_username,
      ).toBe(person.username);
      const refreshed = await client.refreshTokenGrant(config, tokens.refresh_token!);
      // Ended on A (t.app), asked next on B.
      await signOut(person.platform);
      await expect(
        client.refreshTokenGrant(config, refreshed.refresh_token ?? tokens.refresh_token!),
      ).rejects.toMatchObject({ error: 'invalid_grant' });
      await expect(
        client.fetchUserInfo(config, refreshed.access_token, client.skipSubjectCheck),
      ).rejects.toThrow();
      await expect(
        client.fetchUserInfo(config, tokens.access_token, client.skipSubjectCheck),
      ).rejects.toThrow();
    } finally {
      target = 0;
    }
  });

  it('two instances: however the platform session ends on A, its frame, access and refresh tokens are refused on B from the next request, its platform token once B hears of it', async () => {
    // The demo menu entry leads to a subsystem framed at the product's address: a frame token.
    const menuId = await frameSubsystemAt(t.app, {
      clientId: 'conformance-frame',
      name: '一致性框架',
      nameEn: 'Conformance frame',
      origin: PRODUCT,
    });
    const [onA, onB] = origins.map(
      (origin) => (path: string, init?: RequestInit) => fetch(`${origin}${path}`, init),
    ) as [typeof fetch, typeof fetch];
    const json = { 'content-type': 'application/json' };
    /** The console's action on A (system-helpers.ts). */
    const asAdmin = (method: 'DELETE' | 'POST' | 'PUT', url: string, payload?: object) =>
      asConsoleAdmin(t, method, url, payload);
    const versionOf = async (id: number) =>
      (
        await t.database.db.execute<{ version: number }>(
          sql`select version from users where id = ${id}`,
        )
      ).rows[0]!.version;
    type Person = Awaited<ReturnType<typeof signedInPerson>>;
    const ends: Record<string, (person: Person) => Promise<unknown>> = {
      'an administrator ends the session': ({ id }) =>
        asAdmin('DELETE', fillPath(SYSTEM_PATHS.userSessions, { id })),
      'the user changes their own password': async ({ platform, password }) => {
        const md5 = (text: string) => createHash('md5').update(text, 'utf8').digest('hex');
        const encrypted = await encryptPassword(t.app, 'Changed#2026x');
        const response = await onA(`/api${USER_PATHS.changePassword}`, {
          method: 'POST',
          headers: { ...bearer(platform), ...json },
          body: JSON.stringify({
            password: md5(password),
            newPassword: md5('Changed#2026x'),
            newPasswordTwo: md5('Changed#2026x'),
            newPasswordCipher: encrypted.password,
            keyId: encrypted.keyId,
          }),
        });
        expect(((await response.json()) as { code: string }).code).toBe('000000');
      },
      'an administrator resets the password': ({ id }) =>
        asAdmin('POST', fillPath(SYSTEM_PATHS.userPassword, { id })),
      'the account disabled': async ({ id }) =>
        asAdmin('PUT', fillPath(SYSTEM_PATHS.userStatus, { id }), {
          disabled: true,
          version: await versionOf(id),
        }),
    };
    const vendor = `Basic ${Buffer.from(`conformance-app:${SECRET}`).toString('base64')}`;
    for (const [way, end] of Object.entries(ends)) {
      const person = await signedInPerson();
      const { tokens } = await codeTokens(person.platform);
      const current = { access: tokens.access_token, refresh: tokens.refresh_token! };
      const framed = await onA(`/api${SUBSYSTEM_PATHS.frameToken}`, {
        method: 'POST',
        headers: { ...bearer(person.platform), ...json },
        body: JSON.stringify({ menuId }),
      });
      const framedBody = (await framed.json()) as { data: { token: string | null } | null };
      expect([way, framed.status, framedBody]).toMatchObject([
        way,
        200,
        { data: { token: expect.any(String) } },
      ]);
      const frame = framedBody.data!.token!;
      /** The platform token at the platform's API on B: its status. */
      const platformOnB = async () =>
        (
          await onB(`/api${USER_PATHS.info}?uniqueId=${person.username}`, {
            headers: bearer(person.platform),
          })
        ).status;
      /** Each subsystem token as a subsystem uses it, asked of B: its status (a refusal's error too). */
      const subsystemCellsOnB = async () => {
        const frameAnswer = (await onB('/oidc/me', { headers: bearer(frame) })).status;
        const access = (await onB('/oidc/me', { headers: bearer(current.access) })).status;
        const refreshed = await onB('/oidc/token', {
          method: 'POST',
          headers: { authorization: vendor, 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({
            grant_type: 'refresh_token',
            refresh_token: current.refresh,
          }).toString(),
        });
        const answer = (await refreshed.json()) as {
          error?: string;
          access_token: string;
          refresh_token?: string;
        };
        // A subsystem keeps the tokens a refresh answers (the refresh token may rotate).
        if (refreshed.ok) {
          current.access = answer.access_token;
          current.refresh = answer.refresh_token ?? current.refresh;
        }
        const refresh = refreshed.ok ? 200 : `${refreshed.status} ${answer.error}`;
        return { frame: frameAnswer, access, refresh };
      };
      // All work on B first, which leaves B's caches warm with the live session.
      expect([way, { platform: await platformOnB(), ...(await subsystemCellsOnB()) }]).toEqual([
        way,
        { platform: 200, frame: 200, access: 200, refresh: 200 },
      ]);
      const heard = other.sessionCache.nextBroadcast();
      // Ended on A. The subsystem's tokens are asked of B at once: each is checked against
      // the database (the sign-in and its session), so refused from the next request. B
      // answers the platform token from memory until it hears the broadcast (NOTIFY, well
      // under a millisecond after the commit: docs/performance.md): asked once it has.
      await end(person);
      const subsystemCells = await subsystemCellsOnB();
      await heard;
      expect([way, { platform: await platformOnB(), ...subsystemCells }]).toEqual([
        way,
        { platform: 401, frame: 401, access: 401, refresh: '400 invalid_grant' },
      ]);
    }
  });
});
