import { readFileSync } from 'node:fs';
import { type Server, createServer } from 'node:http';
import { createRequire } from 'node:module';
import path from 'node:path';
import { type APIRequestContext, type Page, expect, test } from '@playwright/test';
import { usePrivateServer } from '../support/private-server';
import { accounts, signIn } from '../support/session';

/**
 * Issue 32, "Proof": the platform as the provider of a single-page subsystem driven by
 * oidc-client-ts, the library vendors' SPAs use, in a real browser: sign-in by code +
 * PKCE, silent sign-in in a hidden frame with `prompt=none`, renewal by refresh token,
 * revocation, and sign-out with `revokeTokensOnSignout`.
 *
 * The relying party is a few static pages on an origin of the test's own,
 * http://127.0.0.1:<base+81>, served by the test: the same site as the platform
 * (127.0.0.1), as a silent sign-in in a frame needs, and another origin, so every call to
 * the provider is a CORS call as a vendor's would be. The pages load the library's own
 * browser bundle from node_modules.
 *
 * A private server: the test registers a subsystem and a menu entry the administrator's
 * menu then shows, and ends its platform session.
 */
const OFFSET = 80;
const own = usePrivateServer(OFFSET);

const CLIENT_ID = 'oidc-client-ts-e2e';
const rp = `http://127.0.0.1:${Number(process.env.E2E_PORT_BASE ?? 4310) + OFFSET + 1}`;
let rpServer: Server | undefined;

// After the private server's start (hooks run in order): the pages name its address.
test.beforeAll(async () => {
  rpServer = await serveRelyingParty(own.baseURL, rp);
});
test.afterAll(async () => {
  await new Promise((resolve) => (rpServer ? rpServer.close(resolve) : resolve(undefined)));
});
// The package exports no path to its browser bundle: found beside its package.json.
const bundle = readFileSync(
  path.join(
    path.dirname(createRequire(import.meta.url).resolve('oidc-client-ts/package.json')),
    'dist/browser/oidc-client-ts.min.js',
  ),
  'utf8',
);

interface RpUser {
  accessToken: string;
  refreshToken: string | undefined;
  idToken: string | undefined;
  scope: string | undefined;
  profile: Record<string, unknown>;
}

declare global {
  interface Window {
    /** The relying party's UserManager (rp.html). */
    manager: {
      signinRedirect(): Promise<void>;
      signinSilent(): Promise<unknown>;
      signoutRedirect(): Promise<void>;
      removeUser(): Promise<void>;
      revokeTokens(types?: ('access_token' | 'refresh_token')[]): Promise<void>;
      getUser(): Promise<{
        access_token: string;
        refresh_token?: string;
        id_token?: string;
        scope?: string;
        profile: Record<string, unknown>;
      } | null>;
    };
  }
}

/** The relying party's settings, as a vendor's SPA would hold them. */
function settings(platform: string, address: string) {
  return {
    authority: platform,
    client_id: CLIENT_ID,
    redirect_uri: `${address}/callback.html`,
    silent_redirect_uri: `${address}/silent.html`,
    post_logout_redirect_uri: `${address}/signed-out.html`,
    response_type: 'code',
    scope: 'openid profile',
    // Renewal is driven by the test (signinSilent), not by a timer.
    automaticSilentRenew: false,
    revokeTokensOnSignout: true,
    revokeTokenTypes: ['access_token', 'refresh_token'],
  };
}

/**
 * The relying party's pages on its own origin, served by a small server of the test's
 * own: a page that `page.route` answered is not on the loopback address space in
 * Chromium's eyes, and its calls to the platform on 127.0.0.1 would be refused as local
 * network access.
 */
async function serveRelyingParty(platform: string, address: string): Promise<Server> {
  const config = JSON.stringify(settings(platform, address));
  const page = (script: string) =>
    `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><title>RP</title>` +
    `<script src="/oidc-client-ts.js"></script></head><body><main id="out"></main>` +
    `<script>const settings = ${config};\n${script}</script></body></html>`;
  const pages: Record<string, string> = {
    '/rp.html': page(
      `window.manager = new oidc.UserManager(settings);
       window.manager.getUser().then((user) => {
         document.getElementById('out').textContent = user ? 'signed in: ' + user.profile.preferred_username : 'anonymous';
       });`,
    ),
    '/callback.html': page(
      `new oidc.UserManager(settings).signinRedirectCallback()
         .then(() => location.replace('/rp.html'))
         .catch((error) => { document.getElementById('out').textContent = 'error: ' + error.message; });`,
    ),
    '/silent.html': page('new oidc.UserManager(settings).signinSilentCallback();'),
    '/signed-out.html': page(
      `new oidc.UserManager(settings).signoutRedirectCallback()
         .then(() => { document.getElementById('out').textContent = 'signed out'; });`,
    ),
  };
  const server = createServer((request, response) => {
    const { pathname } = new URL(request.url ?? '/', address);
    if (pathname === '/oidc-client-ts.js') {
      response.writeHead(200, { 'content-type': 'text/javascript' }).end(bundle);
      return;
    }
    const html = pages[pathname];
    if (html) response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html);
    else response.writeHead(404).end();
  });
  const { port } = new URL(address);
  await new Promise<void>((resolve) => server.listen(Number(port), '127.0.0.1', resolve));
  return server;
}

/** The administrator registers the SPA as a public client and puts it on the menu. */
async function register(request: APIRequestContext, platform: string, token: string) {
  const headers = { authorization: `Bearer ${token}` };
  const created = await request.post(`${platform}/api/system/subsystems`, {
    headers,
    data: {
      clientId: CLIENT_ID,
      name: '单页应用子系统',
      nameEn: 'Single-page subsystem',
      kind: 'public',
      origins: [rp],
      redirectUris: [`${rp}/callback.html`, `${rp}/silent.html`],
      postLogoutRedirectUris: [`${rp}/signed-out.html`],
    },
  });
  expect(created.ok(), await created.text()).toBe(true);
  const { subsystem } = ((await created.json()) as { data: { subsystem: { id: number } } }).data;
  // The code flow signs in only an account whose menu leads to the subsystem; the
  // system administrator sees every entry, so an entry is enough.
  const entry = await request.post(`${platform}/api/system/menus`, {
    headers,
    data: {
      code: 'oidc_client_ts_e2e',
      name: '单页应用子系统',
      nameEn: 'Single-page subsystem',
      kind: 'page',
      url: `${rp}/rp.html`,
      subsystemId: subsystem.id,
    },
  });
  expect(entry.ok(), await entry.text()).toBe(true);
}

/** What a silent sign-in in a frame is answered, when it fails (the OAuth error code). */
async function silentError(page: Page): Promise<string> {
  return page.evaluate(() =>
    window.manager.signinSilent().then(
      () => 'signed in',
      (error: { error?: string }) => error.error ?? String(error),
    ),
  );
}

async function currentUser(page: Page): Promise<RpUser> {
  const user = await page.evaluate(async () => {
    const found = await window.manager.getUser();
    return (
      found && {
        accessToken: found.access_token,
        refreshToken: found.refresh_token,
        idToken: found.id_token,
        scope: found.scope,
        profile: found.profile,
      }
    );
  });
  expect(user, 'oidc-client-ts holds a user').not.toBeNull();
  return user!;
}

/** The token endpoint's answer to a refresh, as the library would ask it (status only). */
async function refreshStatus(request: APIRequestContext, platform: string, refreshToken: string) {
  const response = await request.post(`${platform}/oidc/token`, {
    form: { grant_type: 'refresh_token', refresh_token: refreshToken, client_id: CLIENT_ID },
  });
  return { status: response.status(), body: (await response.json()) as { error?: string } };
}

async function userinfoStatus(request: APIRequestContext, platform: string, accessToken: string) {
  const response = await request.get(`${platform}/oidc/me`, {
    headers: { authorization: `Bearer ${accessToken}` },
  });
  return response.status();
}

test('oidc-client-ts signs in by code + PKCE, silently with prompt=none, renews, revokes and signs out (zh-CN)', async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const platform = own.baseURL;
  const context = await browser.newContext({ locale: 'zh-CN' });
  const page = await context.newPage();

  // A platform sign-in of the test's own (it ends at the sign-out).
  await page.goto(`${platform}/login`);
  await signIn(page, accounts.admin, 'zh-CN');
  await expect(page.getByRole('navigation', { name: '主菜单' })).toBeVisible({ timeout: 30_000 });
  const token = (await context.cookies(platform)).find((cookie) => cookie.name === 'token')!.value;
  await register(request, platform, token);

  const authorizations: URL[] = [];
  const revocations: number[] = [];
  page.on('request', (sent) => {
    const url = new URL(sent.url());
    if (url.origin === platform && url.pathname === '/oidc/auth') authorizations.push(url);
  });
  page.on('response', (answer) => {
    if (answer.url() === `${platform}/oidc/token/revocation`) revocations.push(answer.status());
  });

  // 1. Sign-in: a redirect with PKCE; signed in to the platform, straight back with a code.
  await page.goto(`${rp}/rp.html`);
  await expect(page.locator('#out')).toHaveText('anonymous');
  await page.evaluate(() => {
    void window.manager.signinRedirect();
  });
  await expect(page.locator('#out')).toHaveText('signed in: admin', { timeout: 30_000 });
  const first = await currentUser(page);
  // The browser's events reach the test on their own channel: waited for, not assumed.
  await expect.poll(() => authorizations.length).toBe(1);
  expect(authorizations[0]!.searchParams.get('code_challenge_method')).toBe('S256');
  expect(authorizations[0]!.searchParams.get('response_type')).toBe('code');
  expect(first.profile).toMatchObject({
    iss: platform,
    aud: CLIENT_ID,
    preferred_username: 'admin',
  });
  expect(first.refreshToken).toBeTruthy();
  expect(await userinfoStatus(request, platform, first.accessToken)).toBe(200);

  // 2. Silent sign-in: with no refresh token held, signinSilent() asks in a hidden frame
  // with prompt=none and is answered from the platform session, no page shown.
  await page.evaluate(() => window.manager.removeUser());
  await page.evaluate(() => window.manager.signinSilent());
  const silent = await currentUser(page);
  await expect.poll(() => authorizations.length).toBe(2);
  const silentRequest = authorizations.at(-1)!;
  expect(silentRequest.searchParams.get('prompt')).toBe('none');
  expect(silentRequest.searchParams.get('redirect_uri')).toBe(`${rp}/silent.html`);
  expect(silent.profile.sub).toBe(first.profile.sub);
  // The same platform sign-in: its session and its time.
  expect(silent.profile.sid).toBe(first.profile.sid);
  expect(silent.profile.auth_time).toBe(first.profile.auth_time);
  expect(silent.accessToken).not.toBe(first.accessToken);

  // 3. Renewal: holding a refresh token, signinSilent() uses it (no frame); a public
  // client's refresh token is a new one at every use.
  await page.evaluate(() => window.manager.signinSilent());
  const renewed = await currentUser(page);
  expect(authorizations).toHaveLength(2);
  expect(renewed.accessToken).not.toBe(silent.accessToken);
  expect(renewed.refreshToken).toBeTruthy();
  expect(renewed.refreshToken).not.toBe(silent.refreshToken);
  expect(renewed.profile.sid).toBe(first.profile.sid);

  // 4. Revocation: the library revokes both tokens (RFC 7009, a public client its own);
  // the provider answers as it accepts, and both stop working.
  await page.evaluate(() => window.manager.revokeTokens());
  await expect.poll(() => revocations).toEqual([200, 200]);
  expect(await userinfoStatus(request, platform, renewed.accessToken)).toBe(401);
  expect(await refreshStatus(request, platform, renewed.refreshToken!)).toMatchObject({
    status: 400,
    body: { error: 'invalid_grant' },
  });

  // Revoking the refresh token ended the subsystem's grant: a silent sign-in is now told
  // to ask the person (consent_required), and a redirect signs in again, asked nothing.
  await page.evaluate(() => window.manager.removeUser());
  expect(await silentError(page)).toBe('consent_required');
  await page.reload();
  await expect(page.locator('#out')).toHaveText('anonymous');
  await page.evaluate(() => {
    void window.manager.signinRedirect();
  });
  await expect(page.locator('#out')).toHaveText('signed in: admin', { timeout: 30_000 });
  const last = await currentUser(page);
  expect(last.profile.sid).toBe(first.profile.sid);

  // 5. Sign-out with revokeTokensOnSignout: signoutRedirect() revokes both tokens before
  // it leaves for the end-session endpoint, where the person confirms on the platform's
  // page, and comes back to the post-logout address.
  await page.evaluate(() => {
    void window.manager.signoutRedirect();
  });
  await page.getByRole('button', { name: '退出平台', exact: true }).click({ timeout: 30_000 });
  await page.waitForURL((url) => url.href.startsWith(`${rp}/signed-out.html`), {
    timeout: 30_000,
  });
  await expect(page.locator('#out')).toHaveText('signed out');
  await expect.poll(() => revocations).toEqual([200, 200, 200, 200]);
  expect(await userinfoStatus(request, platform, last.accessToken)).toBe(401);
  expect((await refreshStatus(request, platform, last.refreshToken!)).status).toBe(400);

  // The platform session has ended too: a silent sign-in now is told to sign in.
  await page.goto(`${rp}/rp.html`);
  expect(await silentError(page)).toBe('login_required');
  await context.close();
});
