import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { type FrameLocator, type Page, expect, test } from '@playwright/test';
import { expectAccessible } from '../support/axe';
import { type PrivateServer, startPrivateServer } from '../support/private-server';
import { accounts, signIn } from '../support/session';

/**
 * Issue 22: a framed subsystem gets its own token, not the platform session; the
 * demo subsystem verifies it against the platform's keys and renews it by
 * postMessage; a frame on an origin no subsystem registered gets none; opened on
 * its own, the demo signs in with the platform by code + PKCE.
 *
 * A private server on a data folder of its own: started once to migrate and seed,
 * stopped, given the demo's registration for this server's origin (as the console
 * would register it) and, for the foreign-origin case, the evaluation entry moved to
 * `localhost` (another origin than the 127.0.0.1 the browser uses), then started again.
 */
const OFFSET = 60;

const text = {
  'zh-CN': {
    locale: 'zh-CN',
    mainMenu: '主菜单',
    command: '指挥协调',
    eventDispatch: '事件调度',
    evaluation: '综合评价',
    verified: /^令牌核验通过：由 .+ 签发给 demo-subsystem，有效期至/,
    claims: '令牌内容',
    refresh: '刷新令牌',
    renewed: /^平台已发放新令牌（第 1 次/,
    noToken: /^外壳没有给本页令牌/,
    signIn: '使用平台账号登录',
    signedIn: /^已通过平台登录：/,
    signOut: '退出登录',
    signOutPage: '退出登录',
    signOutQuestion: '您正在退出演示子系统。是否同时退出平台及通过平台进入的所有子系统？',
    platformSignOut: '退出平台',
    signInAgain: '该子系统要求您重新登录，登录后将继续进入该子系统。',
    signedOut: '已退出平台登录。',
  },
  en: {
    locale: 'en-US',
    mainMenu: 'Main menu',
    command: 'Command coordination',
    eventDispatch: 'Event dispatch',
    evaluation: 'Comprehensive evaluation',
    verified: /^Token verified: signed by .+ for demo-subsystem, valid until/,
    claims: 'Claims',
    refresh: 'Renew the token',
    renewed: /^Token renewed by the platform \(1, at/,
    noToken: /^The shell gave this page no token/,
    signIn: 'Sign in with the platform',
    signedIn: /^Signed in with the platform as /,
    signOut: 'Sign out',
    signOutPage: 'Sign out',
    signOutQuestion:
      'You are signing out of Demo subsystem. Sign out of the platform and every subsystem you entered with it as well?',
    platformSignOut: 'Sign out of the platform',
    signInAgain: 'The subsystem asks you to sign in again. Sign in to go on to it.',
    signedOut: 'You have signed out of the platform.',
  },
} as const;
type Language = keyof typeof text;

/** The parts of a JWT, decoded (no verification: the demo page verifies). */
function decodeJwt(token: string): {
  header: Record<string, unknown>;
  claims: Record<string, unknown>;
} {
  const [header, claims] = token
    .split('.')
    .slice(0, 2)
    .map((part) => JSON.parse(Buffer.from(part, 'base64url').toString('utf8') || 'null'));
  return { header, claims };
}

async function register(dataDir: string, origin: string, foreignOrigin: string) {
  const db = new PGlite(path.join(dataDir, 'pglite'));
  try {
    const demoPage = `${origin}/demo-subsystem.html`;
    await db.query(
      `insert into subsystems
         (client_id, name, name_en, kind, origins, redirect_uris, post_logout_redirect_uris, claims, token_lifetime, enabled)
       values ('demo-subsystem', '演示子系统', 'Demo subsystem', 'public', $1::jsonb, $2::jsonb, $2::jsonb, $3::jsonb, 300, true)
       on conflict (client_id) do update set origins = excluded.origins,
         redirect_uris = excluded.redirect_uris,
         post_logout_redirect_uris = excluded.post_logout_redirect_uris, enabled = true`,
      [
        JSON.stringify([origin]),
        JSON.stringify([demoPage]),
        JSON.stringify(['preferred_username', 'name', 'role_ids', 'organization_id']),
      ],
    );
    await db.query(
      `update menu_entries set subsystem_id = (select id from subsystems where client_id = 'demo-subsystem')
       where url like '%/demo-subsystem.html'`,
    );
    await db.query(`update menu_entries set url = $1 where code = 'comprehensive_evaluation'`, [
      `${foreignOrigin}/demo-subsystem.html`,
    ]);
  } finally {
    await db.close();
  }
}

test.describe.configure({ mode: 'serial', timeout: 180_000 });

let server: PrivateServer | undefined;
let dataDir = '';

// eslint-disable-next-line no-empty-pattern -- Playwright passes testInfo second; no fixture is needed
test.beforeAll(async ({}, testInfo) => {
  testInfo.setTimeout(400_000);
  const port = Number(process.env.E2E_PORT_BASE ?? 4310) + OFFSET;
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'cityops-subsystem-frame-'));
  const environment = {
    DATA_DIR: dataDir,
    // The product's one address: the demo subsystem is registered for it alone on every
    // start, so localhost stays an origin no subsystem registered.
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    // The foreign-origin frame (localhost) may be framed by the shell (127.0.0.1).
    FRAME_ANCESTORS: `http://127.0.0.1:${port}`,
  };
  const first = await startPrivateServer(port, 'history', environment);
  await first.stop();
  await register(dataDir, `http://127.0.0.1:${port}`, `http://localhost:${port}`);
  server = await startPrivateServer(port, 'history', environment);
});

test.afterAll(async () => {
  await server?.stop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

async function start(page: Page, language: Language) {
  await page.goto(`${server!.baseURL}/login`);
  await signIn(page, accounts.admin, language);
  await expect(page.getByRole('navigation', { name: text[language].mainMenu })).toBeVisible({
    timeout: 30_000,
  });
}

function frame(page: Page, title: string): FrameLocator {
  return page.frameLocator(`iframe[title="${title}"]`);
}

for (const language of ['zh-CN', 'en'] as const) {
  const l = text[language];

  test.describe(`a framed subsystem's own token (${language})`, () => {
    test.use({ locale: l.locale });

    test('the frame carries the subsystem’s JWT, verified by the demo page and renewed by postMessage', async ({
      page,
    }) => {
      await start(page, language);
      const session = await page.evaluate(() => window.localStorage.getItem('token'));
      expect(session).toBeTruthy();
      const menu = page.getByRole('navigation', { name: l.mainMenu });
      await menu.getByRole('menuitem', { name: l.command }).click();
      await menu.getByRole('menuitem', { name: l.eventDispatch }).click();

      const element = page.locator(`iframe[title="${l.eventDispatch}"]`);
      await expect(element).toBeVisible();
      const src = new URL((await element.getAttribute('src'))!);
      const token = src.searchParams.get('token')!;
      expect(token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
      expect(token).not.toBe(session);
      expect(token).not.toContain(session!);
      const { header, claims } = decodeJwt(token);
      expect(header).toMatchObject({ alg: 'ES256', typ: 'JWT' });
      expect(claims).toMatchObject({
        iss: server!.baseURL,
        aud: 'demo-subsystem',
        preferred_username: 'admin',
      });
      // The spec's other parameters stay.
      expect(src.searchParams.get('user')).toBe('admin');
      expect(src.searchParams.get('embed')).toBe('true');
      expect(src.searchParams.get('system')).toBe('event_dispatch');
      // The platform session token is in no frame's address.
      const addresses = await page
        .locator('iframe')
        .evaluateAll((all) => all.map((node) => node.getAttribute('src') ?? ''));
      expect(addresses.filter((address) => address.includes(session!))).toEqual([]);

      const demo = frame(page, l.eventDispatch);
      await expect(demo.getByRole('status').first()).toHaveText(l.verified);
      const verifiedClaims = demo.getByRole('definition').filter({ hasText: 'demo-subsystem' });
      await expect(verifiedClaims).toHaveCount(2); // aud and azp
      await expect(demo.getByRole('heading', { name: l.claims })).toBeVisible();
      await expectAccessible(page, `the verified frame token (${language})`);

      // The page asks the shell for a new token; the shell answers it alone, with a new JWT.
      await demo.locator('body').evaluate(() => {
        const seen: unknown[] = [];
        (window as unknown as { seen: unknown[] }).seen = seen;
        window.addEventListener('message', (event) => seen.push(event.data));
      });
      await demo.getByRole('button', { name: l.refresh }).click();
      await expect(demo.getByRole('status').nth(1)).toHaveText(l.renewed);
      await expect(demo.getByRole('status').first()).toHaveText(l.verified);
      const answers = await demo
        .locator('body')
        .evaluate(() => (window as unknown as { seen: unknown[] }).seen);
      const answer = answers.find(
        (data) => (data as { type?: string }).type === 'cityops:token',
      ) as { token: string; expiresIn: number };
      expect(answer.expiresIn).toBe(300);
      expect(answer.token).not.toBe(token);
      expect(answer.token).not.toBe(session);
      expect(decodeJwt(answer.token).claims).toMatchObject({ aud: 'demo-subsystem' });
      expect(decodeJwt(answer.token).claims.jti).not.toBe(claims.jti);
    });

    test('a frame on an origin no subsystem registered gets no token and nothing of the user', async ({
      page,
    }) => {
      await start(page, language);
      const session = await page.evaluate(() => window.localStorage.getItem('token'));
      await page
        .getByRole('navigation', { name: l.mainMenu })
        .getByRole('menuitem', { name: l.evaluation })
        .click();
      const element = page.locator(`iframe[title="${l.evaluation}"]`);
      await expect(element).toBeVisible();
      const src = new URL((await element.getAttribute('src'))!);
      expect(src.host).toBe(`localhost:${new URL(server!.baseURL).port}`);
      for (const key of ['token', 'user', 'id', 'roleIds']) {
        expect(src.searchParams.get(key)).toBeNull();
      }
      expect(src.href).not.toContain(session!);
      await expect(frame(page, l.evaluation).getByRole('status').first()).toHaveText(l.noToken);
    });

    test('opened on its own, the demo signs in with the platform by code + PKCE and signs out', async ({
      page,
    }) => {
      await start(page, language);
      await page.goto(`${server!.baseURL}/demo-subsystem.html`);
      await page.getByRole('button', { name: l.signIn }).click();
      // Signed in to the platform already: not asked again, straight back with a code.
      await expect(page.getByRole('status').first()).toHaveText(l.signedIn, { timeout: 30_000 });
      expect(new URL(page.url()).search).toBe('');
      await expect(page.getByRole('definition').filter({ hasText: /^admin$/ })).not.toHaveCount(0);
      await expectAccessible(page, `the demo page signed in (${language})`);

      await page.getByRole('link', { name: l.signOut }).click();
      // The platform asks for the sign-out to be confirmed (its own page, no script), in the
      // person's language and the platform's look (issue 32).
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(l.signOutPage);
      await expect(page.locator('html')).toHaveAttribute('lang', language);
      await expect(page.getByText(l.signOutQuestion)).toBeVisible();
      const confirm = page.getByRole('button', { name: l.platformSignOut, exact: true });
      await expect(confirm).toHaveCSS('background-color', 'rgb(22, 104, 220)');
      await expectAccessible(page, `the provider's sign-out page (${language})`);
      await confirm.click();
      await expect(page.getByRole('status').first()).toHaveText(l.signedOut);
      await expect(page.getByRole('button', { name: l.signIn })).toBeVisible();
    });

    test('a subsystem asking for a fresh sign-in (prompt=login) has the person sign in again, told why, and goes on to it', async ({
      page,
    }) => {
      await start(page, language);
      // The demo page asks with prompt=login, as a subsystem guarding a sensitive step would.
      await page.route(/\/oidc\/auth\?/, (route) => {
        const url = new URL(route.request().url());
        url.searchParams.set('prompt', 'login');
        return route.continue({ url: url.href });
      });
      await page.goto(`${server!.baseURL}/demo-subsystem.html`);
      await page.getByRole('button', { name: l.signIn }).click();
      // Signed in to the platform, yet asked again: the sign-in page says why.
      await expect(page.getByRole('status').filter({ hasText: l.signInAgain })).toBeVisible({
        timeout: 30_000,
      });
      await signIn(page, accounts.admin, language);
      // The fresh sign-in goes on to the subsystem, signed in.
      await expect(page.getByRole('status').first()).toHaveText(l.signedIn, { timeout: 30_000 });
    });
  });
}
