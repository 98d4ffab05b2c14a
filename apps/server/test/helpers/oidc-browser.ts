import { sql } from 'drizzle-orm';
import * as client from 'openid-client';
import { expect } from 'vitest';
import type { Database } from '../../src/db/client.js';
import { tokenDigest } from '../../src/lib/tokens.js';
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

/**
 * A browser of its own (its cookies kept for the product's origin) that starts a
 * subsystem's authorization with extra parameters (prompt, max_age, nonce, scope):
 * where the provider sent it, and the steps to go on. Unlike signInThroughPlatform it
 * stops at the first answer, so a refusal (login_required) or a code given at once
 * (prompt=none) can be checked.
 */
export async function startAuthorization(options: {
  config: client.Configuration;
  base: string;
  redirectUri: string;
  extra?: Record<string, string>;
  /** The browser's cookies: another flow's, to be the browser that signed in before. */
  cookies?: Map<string, string>;
  fetch?: typeof fetch;
}) {
  const send = options.fetch ?? fetch;
  const cookies = options.cookies ?? new Map<string, string>();
  const verifier = client.randomPKCECodeVerifier();
  const state = client.randomState();
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
  const url = client.buildAuthorizationUrl(options.config, {
    redirect_uri: options.redirectUri,
    scope: 'openid',
    state,
    code_challenge: await client.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
    ...options.extra,
  });
  const first = await step(url.href);
  expect(first.status).toBe(303);
  const location = new URL(first.headers.get('location')!, options.base);
  /** The platform's page completing the interaction with a platform session's token. */
  const complete = (token: string) =>
    step(`${location.pathname}/login`, {
      method: 'POST',
      headers: { ...bearer(token), 'accept-language': 'zh-CN' },
    });
  /** Back to the provider, then to the subsystem with its code, redeemed. */
  const redeem = async (redirectTo: string, checks: { expectedNonce?: string } = {}) => {
    const back = await step(redirectTo);
    expect(back.status).toBe(303);
    return client.authorizationCodeGrant(options.config, new URL(back.headers.get('location')!), {
      pkceCodeVerifier: verifier,
      expectedState: state,
      ...checks,
    });
  };
  return { location, step, complete, redeem, cookies, verifier, state };
}

/** The platform sign-in's time, in seconds (what auth_time must say). */
export async function platformSignInTime(database: Database, token: string): Promise<number> {
  const { rows } = await database.db.execute<{ created_at: Date | string }>(
    sql`select created_at from sessions where token_hash = ${tokenDigest(token)}`,
  );
  return Math.floor(new Date(rows[0]!.created_at).getTime() / 1000);
}

/**
 * Submits the provider's sign-out page as the browser would: with `logout` the person
 * confirms signing out of the platform too; without it, only of the subsystem.
 */
export async function submitSignOutPage(options: {
  page: Response;
  base: string;
  cookies: string;
  logout: boolean;
  fetch?: typeof fetch;
}): Promise<Response> {
  const send = options.fetch ?? fetch;
  const html = await options.page.text();
  const action = /action="([^"]+)"/.exec(html)![1]!;
  const xsrf = /name="xsrf" value="([^"]+)"/.exec(html)![1]!;
  return send(new URL(action, options.base), {
    method: 'POST',
    redirect: 'manual',
    headers: {
      cookie: withSetCookies(options.cookies, options.page),
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: new URLSearchParams({ xsrf, ...(options.logout ? { logout: 'yes' } : {}) }).toString(),
  });
}

/**
 * A Cookie header after an answer, as a browser keeps cookies: each cookie the answer
 * set replaces the one of its name, and one it expired is gone. (Sending the old and the
 * new provider session side by side, the server reads the first: the old one.)
 */
export function withSetCookies(cookies: string, answer: Response): string {
  const jar = new Map<string, string>();
  const keep = (pair: string) => {
    const at = pair.indexOf('=');
    if (at > 0) jar.set(pair.slice(0, at).trim(), pair.slice(at + 1));
  };
  for (const pair of cookies.split(';')) keep(pair);
  for (const line of answer.headers.getSetCookie()) {
    const pair = line.split(';')[0]!;
    if (/expires=Thu, 01 Jan 1970/i.test(line)) jar.delete(pair.split('=')[0]!.trim());
    else keep(pair);
  }
  return [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
}
