import { type APIRequestContext, type Page, type Request, expect, test } from '@playwright/test';
import { createAccount, uniqueMobile } from '../support/accounts';
import { type PrivateServer, startPrivateServer } from '../support/private-server';
import { accounts, signIn } from '../support/session';

/**
 * Signing in, recovery and the password change under the 国密 profile (CRYPTO_PROFILE=gm,
 * docs/cryptography.md): every password leaves the browser as an SM2 cipher, and
 * sm-crypto-v2 is fetched only once the key answer names SM2, never with the sign-in page
 * itself. A server of its own: the suite's servers run the default profile.
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
  en: {
    navigation: 'Main menu',
    account: 'Username',
    forgot: 'Forgot password?',
    mobile: 'Mobile number',
    smsCode: 'SMS code',
    getCode: 'Get code',
    next: 'Next',
    newPassword: 'New password',
    confirmPassword: 'Confirm password',
    resetSubmit: 'Reset password',
    recovered: 'Password reset, please log in with the new password',
    userMenu: 'User menu',
    changeTitle: 'Change password',
    oldPassword: 'Old password',
    save: 'Save',
    changed: 'Password changed, please log in again',
  },
  'zh-CN': {
    navigation: '主菜单',
    account: '用户名',
    forgot: '忘记密码？',
    mobile: '手机号码',
    smsCode: '短信验证码',
    getCode: '获取验证码',
    next: '下一步',
    newPassword: '新密码',
    confirmPassword: '确认密码',
    resetSubmit: '重置密码',
    recovered: '密码已重置，请使用新密码登录',
    userMenu: '用户菜单',
    changeTitle: '修改密码',
    oldPassword: '旧密码',
    save: '保存',
    changed: '密码已修改，请重新登录',
  },
} as const;

/** An SM2 cipher of `password` as sm-crypto-v2 writes it: C1 (64 bytes), C3 (32), C2, in hex. */
function expectSm2Cipher(sent: string, password: string) {
  expect(sent).toMatch(/^[0-9a-f]+$/);
  expect(sent).toHaveLength((64 + 32 + Buffer.byteLength(password)) * 2);
}

/** The algorithm of every `oauth/pubKey` answer the page receives. */
function keyAlgorithmsOf(page: Page): string[] {
  const algorithms: string[] = [];
  page.on('response', async (response) => {
    if (response.url().endsWith('/oauth/pubKey'))
      algorithms.push(((await response.json()) as { data: { algorithm: string } }).data.algorithm);
  });
  return algorithms;
}

/** The new password's cipher in a JSON request's body (`find_pwd`, `ret`). */
const cipherOf = (request: Request) =>
  (request.postDataJSON() as { newPasswordCipher: string }).newPasswordCipher;

/** The code the development SMS provider recorded for a number. */
async function smsCode(request: APIRequestContext, mobile: string): Promise<string> {
  let sms = '';
  await expect
    .poll(
      async () => {
        const response = await request.get(`/api/test-hooks/sms/latest?mobile=${mobile}`);
        sms = response.ok()
          ? ((await response.json()) as { data: { text: string } }).data.text
          : '';
        return sms;
      },
      { timeout: 20_000 },
    )
    .toMatch(/\d{6}/);
  return /(\d{6})/.exec(sms)![1]!;
}

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
    // Never the password itself.
    expectSm2Cipher(sent, accounts.admin.password);
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

for (const language of ['zh-CN', 'en'] as const) {
  test(`recovers a password and changes it, each new password sent by SM2 (${language})`, async ({
    page,
    playwright,
  }) => {
    const t = text[language];
    const request = await playwright.request.newContext({ baseURL: server!.baseURL });
    const mobile = uniqueMobile();
    // The number is sealed with SM4 and found by its HMAC-SM3 blind index under this profile.
    const account = await createAccount(request, { prefix: 'gm', mobile });
    await page.addInitScript((value) => localStorage.setItem('language', value), language);
    const algorithms = keyAlgorithmsOf(page);

    // Recovery: the SMS code, then the new password.
    await page.goto(`${server!.baseURL}/login`);
    await page.getByRole('link', { name: t.forgot }).click();
    await page.getByLabel(t.mobile, { exact: true }).fill(mobile);
    await page.getByRole('button', { name: t.getCode }).click();
    await page.getByLabel(t.smsCode, { exact: true }).fill(await smsCode(request, mobile));
    await page.getByRole('button', { name: t.next }).click();
    const recovered = 'Found#2026gm';
    await page.getByLabel(t.newPassword, { exact: true }).fill(recovered);
    await page.getByLabel(t.confirmPassword, { exact: true }).fill(recovered);
    const found = page.waitForRequest((r) => r.url().endsWith('/organization/user/find_pwd'));
    await page.getByRole('button', { name: t.resetSubmit }).click();
    expectSm2Cipher(cipherOf(await found), recovered);
    await expect(page.getByText(t.recovered)).toBeVisible();

    // The recovered password signs in; then the change from the user menu.
    await signIn(page, { username: account.username, password: recovered }, language);
    await page.getByRole('button', { name: t.userMenu }).click();
    await page.getByRole('menuitem', { name: t.changeTitle }).click();
    const dialog = page.getByRole('dialog', { name: t.changeTitle });
    const changed = 'Moved#2026gm';
    await dialog.getByLabel(t.oldPassword, { exact: true }).fill(recovered);
    await dialog.getByLabel(t.newPassword, { exact: true }).fill(changed);
    await dialog.getByLabel(t.confirmPassword, { exact: true }).fill(changed);
    const ret = page.waitForRequest((r) => r.url().endsWith('/organization/user/ret'));
    await dialog.getByRole('button', { name: t.save }).click();
    expectSm2Cipher(cipherOf(await ret), changed);
    await expect(page.getByText(t.changed)).toBeVisible();
    await expect(page).toHaveURL(/login/);

    // Only the changed password signs in now.
    const token = page.waitForRequest((r) => r.url().endsWith('/oauth/token'));
    await signIn(page, { username: account.username, password: changed }, language);
    const sent = new URLSearchParams((await token).postData() ?? '').get('password') ?? '';
    expectSm2Cipher(sent, changed);
    await expect(page.getByRole('navigation', { name: t.navigation })).toBeVisible({
      timeout: 30_000,
    });
    // Recovery, the sign-in with the recovered password, the change, the last sign-in.
    expect(algorithms.length).toBeGreaterThanOrEqual(4);
    expect(new Set(algorithms)).toEqual(new Set(['SM2']));
    await request.dispose();
  });
}
