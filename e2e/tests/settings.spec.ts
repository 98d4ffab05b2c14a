import { type Browser, type Page, expect as baseExpect, test } from '@playwright/test';
import { expectAccessible } from '../support/axe';
import { usePrivateServer } from '../support/private-server';
import { accounts, appPath, signIn } from '../support/session';

// Issue 13 item 6: a settings change (the system name) shows in the header without a
// restart. It renames the whole product, so it runs away from the suite's servers.
test.describe.configure({ mode: 'serial', timeout: 120_000 });
const expect = baseExpect.configure({ timeout: 15_000 });

const security = { username: 'security', password: 'Security@2026' };

const text = {
  'zh-CN': {
    userMenu: '用户菜单',
    general: '系统名称与嵌入',
    systemName: '系统名称',
    saveGeneral: '保存系统名称与嵌入',
    saved: '设置已保存，立即生效。',
    signIn: '登录规则',
    lockAfter: '锁定账号的失败次数',
    saveSignIn: '保存登录规则',
    session: '会话规则',
  },
  en: {
    userMenu: 'User menu',
    general: 'System name and embedding',
    systemName: 'System name',
    saveGeneral: 'Save System name and embedding',
    saved: 'The settings have been saved. They apply at once.',
    signIn: 'Sign-in rules',
    lockAfter: 'Lock the account after',
    saveSignIn: 'Save Sign-in rules',
    session: 'Session rules',
  },
} as const;
type Language = keyof typeof text;

// Renaming the system and changing the sign-in rules reach every page: these tests run
// away from the suite's servers, in order, on the server of the 'default' group
// (support/private-server.ts), whose other files neither rename the system nor sign in
// with a wrong password.
const own = usePrivateServer(40, {}, { group: 'default' });

async function signedIn(
  browser: Browser,
  account: { username: string; password: string },
  language: Language,
): Promise<Page> {
  const context = await browser.newContext({ baseURL: own.baseURL, locale: language });
  const page = await context.newPage();
  await page.goto(appPath(own.mode, '/login'));
  await signIn(page, account, language);
  await expect(page.getByRole('button', { name: text[language].userMenu })).toBeVisible({
    timeout: 45_000,
  });
  return page;
}

async function rename(page: Page, language: Language, name: string) {
  const l = text[language];
  await page.goto(appPath(own.mode, '/system/settings'));
  const general = page.getByRole('form', { name: l.general });
  const field = general.getByRole('textbox', { name: l.systemName });
  await expect(field).toBeVisible();
  await expectAccessible(page, `settings (${language})`);
  await field.fill(name);
  await general.getByRole('button', { name: l.saveGeneral }).click();
  await expect(page.getByText(l.saved)).toBeVisible();
}

for (const [language, name, before] of [
  ['zh-CN', '江城运行管理平台', '城市运行管理服务平台'],
  ['en', 'Jiangcheng Operations', '江城运行管理平台'],
] as const) {
  test(`the system administrator renames the system and the header follows at once (${language})`, async ({
    browser,
  }) => {
    const page = await signedIn(browser, accounts.admin, language);
    await expect(page.getByRole('heading', { level: 1, name: before })).toBeVisible();
    await rename(page, language, name);
    // This page's header, without a reload ...
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await expect(page).toHaveTitle(new RegExp(`^${name} - `));
    // ... a new page load, and another user's sign-in page, all without a restart.
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    const other = await browser.newContext({ baseURL: own.baseURL, locale: language });
    const login = await other.newPage();
    await login.goto(appPath(own.mode, '/login'));
    await expect(login.getByRole('heading', { level: 1, name })).toBeVisible();
    await other.close();
    // The system administrator has no say over the security rules.
    await expect(page.getByRole('form', { name: text[language].signIn })).toHaveCount(0);
    await page.context().close();
  });
}

for (const language of ['zh-CN', 'en'] as const) {
  test(`the security administrator sees and changes only the security rules (${language})`, async ({
    browser,
  }) => {
    const l = text[language];
    const page = await signedIn(browser, security, language);
    await page.goto(appPath(own.mode, '/system/settings'));
    const signInRules = page.getByRole('form', { name: l.signIn });
    await expect(signInRules.getByRole('spinbutton', { name: l.lockAfter })).toHaveValue(/\d+/);
    await expect(page.getByRole('form', { name: l.session })).toBeVisible();
    await expect(page.getByRole('form', { name: l.general })).toHaveCount(0);
    await expectAccessible(page, `security settings (${language})`);
    const lock = signInRules.getByRole('spinbutton', { name: l.lockAfter });
    await lock.fill(language === 'en' ? '8' : '7');
    await signInRules.getByRole('button', { name: l.saveSignIn }).click();
    await expect(page.getByText(l.saved)).toBeVisible();
    await page.context().close();
  });
}
