import * as client from 'openid-client';
import { expect } from 'vitest';
import { bearer } from './test-app.js';

/**
 * The browser's part of a subsystem's sign-in by code + PKCE (issue 22), against
 * a listening server: the provider's authorization, the platform's page (its
 * interaction, completed with the platform session's bearer token), the resume,
 * back to the subsystem's redirect URI. Cookies are kept as a browser keeps them
 * for one origin. Answers the callback address with its code, the PKCE verifier and
 * state to redeem it, and the browser's cookies (the provider's session).
 */
export async function signInThroughPlatform(options: {
  config: client.Configuration;
  /** Where relative addresses resolve (the product's address). */
  base: string;
  /** The platform session's token. */
  token: string;
  redirectUri: string;
  scope: string;
  /** How the browser reaches the server (a load balancer's choice, in the two-instance test). */
  fetch?: typeof fetch;
}): Promise<{ callback: URL; verifier: string; state: string; cookie: string }> {
  const send = options.fetch ?? fetch;
  const verifier = client.randomPKCECodeVerifier();
  const state = client.randomState();
  const url = client.buildAuthorizationUrl(options.config, {
    redirect_uri: options.redirectUri,
    scope: options.scope,
    state,
    code_challenge: await client.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
  });
  const cookies = new Map<string, string>();
  const step = async (address: string, init: RequestInit = {}) => {
    const response = await send(new URL(address, options.base), {
      redirect: 'manual',
      ...init,
      headers: {
        cookie: [...cookies].map(([name, value]) => `${name}=${value}`).join('; '),
        ...(init.headers ?? {}),
      },
    });
    for (const line of response.headers.getSetCookie()) {
      const [name, ...value] = line.split(';')[0]!.split('=');
      cookies.set(name!.trim(), value.join('='));
    }
    return response;
  };
  const toInteraction = await step(url.href);
  expect(toInteraction.status).toBe(303);
  const interaction = toInteraction.headers.get('location')!;
  // The provider hands the browser to the platform's own page.
  expect((await step(interaction)).headers.get('location')).toMatch(/^\/sso\?uid=[\w-]+$/);
  const uid = interaction.split('/').pop()!;
  const login = await step(`/oidc/interaction/${uid}/login`, {
    method: 'POST',
    headers: bearer(options.token),
  });
  expect(login.status).toBe(200);
  const { data } = (await login.json()) as { data: { redirectTo: string } };
  const back = await step(data.redirectTo);
  expect(back.status).toBe(303);
  const callback = new URL(back.headers.get('location')!);
  expect(`${callback.origin}${callback.pathname}`).toBe(options.redirectUri);
  const cookie = [...cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  return { callback, verifier, state, cookie };
}
