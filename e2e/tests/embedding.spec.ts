import { constants, publicEncrypt } from 'node:crypto';
import { type Server, createServer } from 'node:http';
import { type APIRequestContext, type Page, expect as baseExpect, test } from '@playwright/test';
import { createAccount } from '../support/accounts';
import { expectAccessible } from '../support/axe';
import { accounts, appPath } from '../support/session';

// The machine running these is shared and slow: framed screens get more time to appear.
const expect = baseExpect.configure({ timeout: 20_000 });
test.setTimeout(180_000);

/**
 * The addresses an embedding site gives the product: the query where any page has it
 * (`/?token=…`). A hash-mode server must take it there too, with or without the
 * router's `#/` after it, as well as inside the hash (`/#/?token=…`).
 */
function embeddingAddresses(mode: string, query: string): string[] {
  return mode === 'hash' ? [`/?${query}`, `/?${query}#/`, `/#/?${query}`] : [`/?${query}`];
}

/**
 * A page on another origin (its own port) that frames the product, as a portal would:
 * `/0`, `/1` … frame the product addresses given, in that order (`/` the first).
 */
async function startPortal(port: number, productUrls: string[]): Promise<Server> {
  const server = createServer((request, response) => {
    const index = Number((request.url ?? '/').slice(1) || '0');
    response.setHeader('content-type', 'text/html; charset=utf-8');
    response.end(`<!doctype html><html lang="en"><head><title>portal</title></head><body>
<h1>City portal</h1><p id="received">none</p>
<iframe title="operations platform" src="${productUrls[index] ?? ''}" width="1400" height="700"></iframe>
<script>
window.addEventListener('message', function (event) {
  document.getElementById('received').textContent = JSON.stringify(event.data);
});
</script></body></html>`);
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return server;
}

/** The product's frame inside the portal, once it has an address of the product's server. */
async function productFrame(page: Page, base: string) {
  await expect.poll(() => page.frames().some((f) => f.url().startsWith(base))).toBe(true);
  return page.frames().find((f) => f.url().startsWith(base))!;
}

test.describe('embedding', () => {
  test('another origin frames the product with ?token=&user=&embed=, and hears 040005 when the token is refused', async ({
    page,
    request,
  }, testInfo) => {
    const mode = testInfo.project.name;
    const portBase = Number(process.env.E2E_PORT_BASE ?? 4310);
    // An allowed origin (FRAME_ANCESTORS in playwright.config.ts); each mode gets its own port.
    const allowedPort = portBase + (mode === 'hash' ? 21 : 20);
    const account = await createAccount(request, { prefix: 'embed' });
    const login = await apiLogin(request, account.username, account.password);
    const base = testInfo.project.use.baseURL!;
    const addresses = embeddingAddresses(
      mode,
      `token=${login.token}&user=${account.username}&embed=true`,
    );
    const portal = await startPortal(
      allowedPort,
      addresses.map((address) => `${base}${address}`),
    );
    try {
      for (const [index, address] of addresses.entries()) {
        await test.step(address, async () => {
          await page.goto(`http://127.0.0.1:${allowedPort}/${index}`);
          const frame = page.frameLocator('iframe[title="operations platform"]');
          await expect(frame.getByRole('heading', { level: 2 })).toContainText(account.username);
          // Embedded layout: no sidebar navigation and no header.
          await expect(frame.getByRole('navigation')).toHaveCount(0);
          const inner = await productFrame(page, base);
          await expect.poll(() => inner.url()).not.toContain('token=');
          // The same site keeps its storage: the token was stored there.
          expect(await inner.evaluate(() => window.localStorage.getItem('token'))).toBe(
            login.token,
          );
          if (index === 0) await expectAccessible(page, 'portal framing the product');
          // The next address starts from nothing stored.
          await inner.evaluate(() => window.localStorage.clear());
          await page.context().clearCookies();
        });
      }

      // The session ends elsewhere: the next call of the framed page is refused and the parent is told.
      await page.goto(`http://127.0.0.1:${allowedPort}/0`);
      const frame = page.frameLocator('iframe[title="operations platform"]');
      await expect(frame.getByRole('heading', { level: 2 })).toContainText(account.username);
      await request.post('/api/authorization-server/oauth/logout', {
        headers: { authorization: `Bearer ${login.token}` },
      });
      const inner = await productFrame(page, base);
      await inner.evaluate(() => window.location.reload());
      await expect(page.locator('#received')).toHaveText('{"code":"040005"}');
    } finally {
      portal.close();
    }
  });

  test("another site frames the product under Chromium's default settings (third-party storage refused)", async ({
    page,
    request,
  }, testInfo) => {
    const mode = testInfo.project.name;
    const portBase = Number(process.env.E2E_PORT_BASE ?? 4310);
    // localhost is another site than 127.0.0.1: the framed product is third-party there,
    // its cookies are not kept and its local and session storage throw SecurityError.
    const portalPort = portBase + (mode === 'hash' ? 25 : 24);
    const login = await apiLogin(request, accounts.operator.username, accounts.operator.password);
    const base = testInfo.project.use.baseURL!;
    const addresses = embeddingAddresses(
      mode,
      `token=${login.token}&user=${accounts.operator.username}&embed=true`,
    );
    const portal = await startPortal(
      portalPort,
      addresses.map((address) => `${base}${address}`),
    );
    let apiCalls: { url: string; authorization: string | undefined; status: number }[] = [];
    page.on('response', async (response) => {
      if (!response.url().startsWith(`${base}/api/`)) return;
      const headers = await response.request().allHeaders();
      apiCalls.push({
        url: response.url(),
        authorization: headers['authorization'],
        status: response.status(),
      });
    });
    try {
      for (const [index, address] of addresses.entries()) {
        await test.step(address, async () => {
          apiCalls = [];
          await page.goto(`http://localhost:${portalPort}/${index}`);
          const inner = await productFrame(page, base);
          // The premise: this browser refuses the frame its storage.
          expect(
            await inner.evaluate(() => {
              try {
                window.localStorage.getItem('token');
                return 'allowed';
              } catch (error) {
                return (error as Error).name;
              }
            }),
          ).toBe('SecurityError');

          const frame = page.frameLocator('iframe[title="operations platform"]');
          // Greeted by name (the user info was loaded), and the menu answered.
          await expect(frame.getByRole('heading', { level: 2 })).toContainText('张伟');
          await expect(frame.getByRole('button', { name: '业务指导' })).toBeVisible();
          await expect(frame.getByText('您的账号尚未分配任何子系统。')).toHaveCount(0);
          // Embedded there is no sidebar: the page points at the subsystems below instead.
          await expect(frame.getByText('请在下方选择子系统开始工作。')).toBeVisible();
          await expect(frame.getByText('请在左侧菜单中选择子系统开始工作。')).toHaveCount(0);
          await expect.poll(() => inner.url()).not.toContain('token=');
          // Every call, the menu's and the later ones after the address lost the token, carries it.
          await frame.getByRole('button', { name: '业务指导' }).click();
          await expect.poll(() => apiCalls.length).toBeGreaterThan(2);
          expect(apiCalls.map((call) => call.url)).toContainEqual(
            expect.stringContaining('/userSysModel'),
          );
          for (const call of apiCalls) {
            expect(call, call.url).toMatchObject({
              authorization: `Bearer ${login.token}`,
              status: 200,
            });
          }
        });
      }
    } finally {
      portal.close();
    }
  });

  test('another site frames the product with a refused token: the parent hears 040005', async ({
    page,
  }, testInfo) => {
    const mode = testInfo.project.name;
    const portBase = Number(process.env.E2E_PORT_BASE ?? 4310);
    const portalPort = portBase + (mode === 'hash' ? 27 : 26);
    const base = testInfo.project.use.baseURL!;
    const addresses = embeddingAddresses(
      mode,
      `token=not-a-token&user=${accounts.operator.username}&embed=true`,
    );
    const portal = await startPortal(
      portalPort,
      addresses.map((address) => `${base}${address}`),
    );
    try {
      for (const [index, address] of addresses.entries()) {
        await test.step(address, async () => {
          await page.goto(`http://localhost:${portalPort}/${index}`);
          await expect(page.locator('#received')).toHaveText('{"code":"040005"}');
          const frame = page.frameLocator('iframe[title="operations platform"]');
          await expect(frame.getByRole('button', { name: '登录', exact: true })).toBeVisible();
        });
      }
    } finally {
      portal.close();
    }
  });

  test('an origin that is not allowed cannot frame it', async ({ page }, testInfo) => {
    const portBase = Number(process.env.E2E_PORT_BASE ?? 4310);
    const otherPort = portBase + 22 + (testInfo.project.name === 'hash' ? 1 : 0);
    const base = testInfo.project.use.baseURL!;
    const portal = await startPortal(otherPort, [
      `${base}${appPath(testInfo.project.name, '/login')}`,
    ]);
    try {
      const refused = page.waitForEvent('console', (message) =>
        message.text().includes('frame-ancestors'),
      );
      await page.goto(`http://127.0.0.1:${otherPort}/`);
      await refused;
      const frame = page.frameLocator('iframe[title="operations platform"]');
      await expect(frame.getByRole('button', { name: '登录', exact: true })).toHaveCount(0);
    } finally {
      portal.close();
    }
  });
});

async function apiLogin(request: APIRequestContext, username: string, password: string) {
  const key = (await (await request.post('/api/authorization-server/oauth/pubKey')).json()).data;
  const cipher = publicEncrypt(
    { key: key.publicKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
    Buffer.from(password, 'utf8'),
  ).toString('base64');
  const response = await request.post('/api/authorization-server/oauth/token', {
    headers: {
      authorization: `Basic ${Buffer.from('cityops-web:cityops-web-public-client').toString('base64')}`,
    },
    form: {
      grant_type: 'password',
      username,
      password: cipher,
      keyId: key.keyId,
      scope: 'read',
      appId: 'PC',
    },
  });
  const body = await response.json();
  return { token: body.data.access_token as string };
}
