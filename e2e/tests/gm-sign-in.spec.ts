import { type Page, expect, test } from '@playwright/test';
import { type PrivateServer, startPrivateServer } from '../support/private-server';
import { accounts, signIn } from '../support/session';

/**
 * Signing in under the 国密 profile (CRYPTO_PROFILE=gm, docs/cryptography.md): the
 * password leaves the browser as an SM2 cipher, and sm-crypto-v2 is fetched only once
 * the key answer names SM2, never with the sign-in page itself. A server of its own:
 * the suite's servers run the default profile.
 */
const OFFSET = 70;

test.describe.configure({ mode: 'serial', timeout: 180_000 });

let server: PrivateServer | undefined;

// eslint-disable-next-line no-empty-pattern -- Playwright passes testInfo second; no fixture is needed
test.beforeAll(async ({}, testInfo) => {
  testInfo.setTimeout(300_000);
  const port = Number(process.env.E2E_PORT_BASE ?? 4310) + OFFSET;
  server = await startPrivateServer(port, 'history', { CRYPTO_PROFILE: 'gm' });
});

test.afterAll(async () => {
  await server?.stop();
});

const text = {
  en: { navigation: 'Main menu', account: 'Username' },
  'zh-CN': { navigation: '主菜单', account: '用户名' },
} as const;

/** The script files the page has fetched so far. */
function scriptsOf(page: Page): Set<string> {
  const scripts = new Set<string>();
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script')
      scripts.add(new URL(response.url()).pathname);
  });
  return scripts;
}

for (const language of ['zh-CN', 'en'] as const) {
  test(`signs in with the password encrypted by SM2 (${language})`, async ({ page }) => {
    await page.addInitScript((value) => localStorage.setItem('language', value), language);
    const scripts = scriptsOf(page);
    await page.goto(`${server!.baseURL}/login`);
    await expect(page.getByLabel(text[language].account, { exact: true })).toBeVisible();
    await page.waitForLoadState('networkidle');
    const beforeSubmit = new Set(scripts);

    const key = page.waitForResponse((r) => r.url().endsWith('/oauth/pubKey'));
    const token = page.waitForRequest((r) => r.url().endsWith('/oauth/token'));
    await signIn(page, accounts.admin, language);

    const answer = (await (await key).json()) as { data: { algorithm: string; publicKey: string } };
    expect(answer.data.algorithm).toBe('SM2');
    expect(answer.data.publicKey).toMatch(/^04[0-9a-f]{128}$/);
    const sent = new URLSearchParams((await token).postData() ?? '').get('password') ?? '';
    // C1 (64 bytes), C3 (32) and C2 (the password's 10 bytes), in hex: never the password.
    expect(sent).toMatch(/^[0-9a-f]+$/);
    expect(sent).toHaveLength((64 + 32 + accounts.admin.password.length) * 2);
    await expect(page.getByRole('navigation', { name: text[language].navigation })).toBeVisible({
      timeout: 30_000,
    });

    // sm-crypto-v2 (its generateKeyPairHex) was fetched after the sign-in page, which
    // did not hold it: the international profile's page never downloads it.
    const holdsSm2 = async (script: string) =>
      (await (await page.request.get(`${server!.baseURL}${script}`)).text()).includes(
        'generateKeyPairHex',
      );
    const fetchedForSm2 = [...scripts].filter((script) => !beforeSubmit.has(script));
    expect(
      (await Promise.all(fetchedForSm2.map(holdsSm2))).some(Boolean),
      fetchedForSm2.join(', '),
    ).toBe(true);
    expect((await Promise.all([...beforeSubmit].map(holdsSm2))).some(Boolean)).toBe(false);
  });
}
