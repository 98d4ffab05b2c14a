import { type Page, expect as baseExpect, test } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { createAccount } from '../support/accounts';
import { expectAccessible } from '../support/axe';
import { usePrivateServer } from '../support/private-server';
import { accounts, appPath, signIn } from '../support/session';

// Sign-in hashes passwords (argon2): slow on a busy two-core machine.
const expect = baseExpect.configure({ timeout: 20_000 });

const text = {
  'zh-CN': {
    userMenu: '用户菜单',
    twoStep: '双因素认证',
    setUp: '立即设置',
    appCode: '动态验证码',
    confirm: '确认',
    recovery: '恢复码',
    saved: '我已妥善保存',
    close: '关闭',
    logout: '退出登录',
    logoutOk: '确定',
    loginCode: '动态验证码',
    verify: '验证并登录',
    enrolledNote: /已于 .+ 开启双因素认证，剩余恢复码 10 个/,
    wrongCode: '验证码错误或已使用，如多次失败请重新登录',
    copyAll: '复制全部',
    download: '下载为文本文件',
  },
  en: {
    userMenu: 'User menu',
    twoStep: 'Two-step verification',
    setUp: 'Set up',
    appCode: 'Code from the app',
    confirm: 'Confirm',
    recovery: 'Your recovery codes',
    saved: 'I have saved them',
    close: 'Close',
    logout: 'Log out',
    logoutOk: 'Confirm',
    loginCode: 'Verification code',
    verify: 'Verify and sign in',
    enrolledNote: /Two-step verification is on since .+ Recovery codes left: 10/,
    wrongCode: 'The code is wrong or has been used; sign in again if it keeps failing',
    copyAll: 'Copy all',
    download: 'Download as a text file',
  },
} as const;

const PERIOD_MS = 30_000;
const stepOf = (at: number) => Math.floor(at / PERIOD_MS);

/** What the authenticator app would show now. */
const codeOf = (secret: string) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate();

/** Each code is good once: waits for the app's next code after the step already used. */
async function nextStep(page: Page, used: number) {
  while (stepOf(Date.now()) <= used) await page.waitForTimeout(1_000);
}

for (const language of ['zh-CN', 'en'] as const) {
  const t = text[language];

  test(`an auditor enrols a second factor with the QR code and signs in with password and code (${language})`, async ({
    browser,
    request,
  }, testInfo) => {
    test.setTimeout(240_000);
    const mode = testInfo.project.name;
    // An auditor of its own: the demo auditor's sign-in stays password-only for the other tests.
    const account = await createAccount(request, { prefix: 'e2e.tfa.', roleIds: ['auditor'] });
    const context = await browser.newContext({
      baseURL: testInfo.project.use.baseURL,
      locale: language,
    });
    const page = await context.newPage();
    await page.addInitScript((value) => window.localStorage.setItem('language', value), language);
    await page.goto(appPath(mode, '/login'));
    await signIn(page, account, language);
    const userMenu = page.getByRole('button', { name: t.userMenu });
    await expect(userMenu).toBeVisible();

    await userMenu.click();
    await page.getByRole('menuitem', { name: t.twoStep }).click();
    const dialog = page.getByRole('dialog', { name: t.twoStep });
    await dialog.getByRole('button', { name: t.setUp }).click();
    await expect(
      dialog.getByRole('img', {
        name: language === 'en' ? 'QR code for your authenticator app' : '供身份验证器扫描的二维码',
      }),
    ).toBeVisible();
    await expectAccessible(page, `second factor enrolment (${language})`);
    // The key is shown in groups of four, as authenticator apps print it (issue 24).
    const shown = (await dialog.getByTestId('second-factor-secret').textContent())!.trim();
    expect(shown).toMatch(/^(?:[A-Z2-7]{4} )+[A-Z2-7]{1,4}$/);
    const secret = shown.replace(/\s/g, '');
    // A wrong code is said at the field.
    await dialog
      .getByLabel(t.appCode, { exact: true })
      .fill(codeOf(secret) === '000000' ? '111111' : '000000');
    await dialog.getByRole('button', { name: t.confirm }).click();
    await expect(dialog.getByText(t.wrongCode)).toBeVisible();
    await expect(dialog.getByRole('textbox', { name: t.appCode })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    const enrolledStep = stepOf(Date.now());
    await dialog.getByLabel(t.appCode, { exact: true }).fill(codeOf(secret));
    await dialog.getByRole('button', { name: t.confirm }).click();
    await expect(dialog.getByRole('heading', { name: t.recovery })).toBeVisible();
    await expect(dialog.getByTestId('recovery-code')).toHaveCount(10);
    await expect(dialog.getByRole('button', { name: t.copyAll })).toBeVisible();
    const download = page.waitForEvent('download');
    await dialog.getByRole('button', { name: t.download }).click();
    expect((await download).suggestedFilename()).toBe('recovery-codes.txt');
    await dialog.getByRole('button', { name: t.saved }).click();
    await expect(dialog.getByText(t.enrolledNote)).toBeVisible();
    await dialog.getByRole('button', { name: t.close }).first().click();

    await userMenu.click();
    await page.getByRole('menuitem', { name: t.logout }).click();
    await page.getByRole('dialog').getByRole('button', { name: t.logoutOk }).click();
    await expect(page).toHaveURL(/login/);

    // The password alone now asks for the code.
    await signIn(page, account, language);
    const code = page.getByLabel(t.loginCode, { exact: true });
    await expect(code).toBeFocused();
    await expectAccessible(page, `second sign-in step (${language})`);
    await nextStep(page, enrolledStep);
    await code.fill(codeOf(secret));
    await page.getByRole('button', { name: t.verify }).click();
    await expect(userMenu).toBeVisible();
    await context.close();
  });
}

// With SECOND_FACTOR_ENFORCED (on in production), an administrator without a factor
// gets nothing but the set-up: no menu, no page, the dialog cannot be closed, only
// left by signing out. On a server of its own: the demo auditor is enrolled here.
test.describe('with the second factor enforced', () => {
  const own = usePrivateServer(50, { SECOND_FACTOR_ENFORCED: 'true' });

  test('the auditor sees only the set-up until a factor is confirmed, then the console', async ({
    browser,
  }) => {
    test.setTimeout(180_000);
    const t = text['zh-CN'];
    const context = await browser.newContext({ baseURL: own.baseURL, locale: 'zh-CN' });
    const page = await context.newPage();
    await page.goto(appPath(own.mode, '/login'));
    await signIn(page, accounts.auditor, 'zh-CN');

    const dialog = page.getByRole('dialog', { name: t.twoStep });
    await expect(dialog).toBeVisible();
    const menu = page.getByRole('navigation', { name: '主菜单' });
    await expect(menu.getByRole('menuitem')).toHaveCount(0);
    // No way around it: no close button, Escape does nothing; only signing out.
    await expect(dialog.getByRole('button', { name: t.close })).toHaveCount(0);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('button', { name: '退出登录' })).toBeVisible();
    await expectAccessible(page, 'enforced second factor set-up');

    await dialog.getByRole('button', { name: t.setUp }).click();
    const secret = (await dialog.getByTestId('second-factor-secret').textContent())!.replace(
      /\s/g,
      '',
    );
    await dialog.getByLabel(t.appCode, { exact: true }).fill(codeOf(secret));
    await dialog.getByRole('button', { name: t.confirm }).click();
    await expect(dialog.getByTestId('recovery-code')).toHaveCount(10);
    // The codes are shown before the console opens: the dialog stays until they are seen.
    await expect(menu.getByRole('menuitem')).toHaveCount(0);
    await dialog.getByRole('button', { name: t.saved }).click();

    await expect(dialog).toBeHidden();
    await expect(menu.getByRole('menuitem').first()).toBeVisible();
    await expect(page.getByRole('button', { name: t.userMenu })).toBeVisible();
    await context.close();
  });
});
