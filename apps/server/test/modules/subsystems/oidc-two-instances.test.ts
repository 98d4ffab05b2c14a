import { type AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import * as client from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInThroughPlatform } from '../../helpers/oidc-browser.js';
import { type TestApp, createTestApp, secondInstance } from '../../helpers/test-app.js';
import { offerSubsystem, registerTestSubsystem } from '../../helpers/subsystem-menu.js';

const PRODUCT = 'http://cityops.test';
const REDIRECT = 'http://127.0.0.1:9/callback';

/**
 * Two instances behind one address (the product's PUBLIC_URL), on one database:
 * the provider's records and keys are the database's, so a code issued by one
 * instance is redeemed on the other (issue 22).
 */
describe('the provider on two instances', () => {
  let t: TestApp;
  let other: FastifyInstance;
  const origins: string[] = [];
  /** Which instance the next request goes to, as a load balancer would choose. */
  let target = 0;
  const throughBalancer = (input: string | URL | Request, init?: RequestInit) => {
    const url = new URL(input instanceof Request ? input.url : input);
    const address = url.href.replace(PRODUCT, origins[target]!);
    return fetch(address, init);
  };

  beforeAll(async () => {
    t = await createTestApp({ PUBLIC_URL: PRODUCT });
    other = await secondInstance(t);
    for (const app of [t.app, other]) {
      await app.listen({ port: 0, host: '127.0.0.1' });
      origins.push(`http://127.0.0.1:${(app.server.address() as AddressInfo).port}`);
    }
    await registerTestSubsystem(t.app, {
      clientId: 'two-app',
      name: '双实例',
      nameEn: 'Two',
      redirectUris: [REDIRECT],
      claims: ['preferred_username'],
    });
    await offerSubsystem(t.app, 'two-app');
  });
  afterAll(async () => {
    await other?.close();
    await t?.close();
  });

  it('redeems on one instance a code issued by the other', async () => {
    const token = (await t.login('operator', 'Operator@2026')).access_token;
    const config = await client.discovery(new URL(PRODUCT), 'two-app', undefined, client.None(), {
      execute: [client.allowInsecureRequests],
      [client.customFetch]: throughBalancer,
    } as client.DiscoveryRequestOptions);
    // openid-client's options are fetch's own, typed apart; the balancer passes them on.
    config[client.customFetch] = throughBalancer as unknown as client.CustomFetch;
    // The authorization and the platform's page on instance A ...
    target = 0;
    const { callback, verifier, state } = await signInThroughPlatform({
      config,
      base: PRODUCT,
      token,
      redirectUri: REDIRECT,
      scope: 'openid profile',
      fetch: throughBalancer as typeof fetch,
    });
    expect(callback.searchParams.get('code')).toBeTruthy();
    // ... the code redeemed on instance B, its tokens read back on A.
    target = 1;
    const tokens = await client.authorizationCodeGrant(config, callback, {
      pkceCodeVerifier: verifier,
      expectedState: state,
    });
    expect(tokens.claims()).toMatchObject({ iss: PRODUCT, preferred_username: 'operator' });
    target = 0;
    const user = await client.fetchUserInfo(config, tokens.access_token, tokens.claims()!.sub);
    expect(user.preferred_username).toBe('operator');
  });
});
