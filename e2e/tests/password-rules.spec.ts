import { type Browser, type Page, expect as baseExpect, test } from '@playwright/test';
import { expectAccessible } from '../support/axe';
import { usePrivateServer } from '../support/private-server';
import { accounts, appPath, signIn } from '../support/session';

// Issue 24: the security administrator's password rules (least length, no login name)
// beside the spec's fixed classes, and a new password held to them before it is sent.
// It changes the rules for every account, so it runs away from the suite's servers, in
// order, on the server of the 'default' group (support/private-server.ts), whose other
// files change no password.
test.describe.configure({ mode: 'serial', timeout: 150_000 });
const expect = baseExpect.configure({ timeout: 15_000 });

const own = usePrivateServer(40, {}, { group: 'default' });

async function signedIn(
  browser: Browser,
  account: { username: string; password: string },
): Promise<Page> {
  const context = await browser.newContext({ baseURL: own.baseURL, locale: 'zh-CN' });
  const page = await context.newPage();
  await page.addInitScript(() => window.localStorage.setItem('language', 'zh-CN'));
  await page.goto(appPath(own.mode, '/login'));
  await signIn(page, account);
  await expect(page.getByRole('button', { name: '用户菜单' })).toBeVisible({ timeout: 45_000 });
  return page;
}

test('the security administrator raises the least length and forbids the login name; the password dialog holds to them', async ({
  browser,
}) => {
  const security = await signedIn(browser, accounts.security);
  await security.goto(appPath(own.mode, '/system/settings'));
  const rules = security.getByRole('form', { name: '密码规则' });
  await expect(rules.getByText('字符类别：始终必须包含')).toBeVisible();
  await expectAccessible(security, 'password rules');
  await rules.getByRole('spinbutton', { name: '密码最短长度' }).fill('12');
  await rules.getByRole('switch', { name: '密码不得包含登录账号' }).click();
  await rules.getByRole('button', { name: '保存密码规则' }).click();
  await expect(security.getByText('设置已保存，立即生效。')).toBeVisible();
  await security.context().close();

  const page = await signedIn(browser, accounts.operator);
  await page.getByRole('button', { name: '用户菜单' }).click();
  await page.getByRole('menuitem', { name: '修改密码' }).click();
  const dialog = page.getByRole('dialog', { name: '修改密码' });
  await expect(dialog.getByText(/^12-18位，.*不得包含登录账号。$/)).toBeVisible();
  await dialog.getByLabel('旧密码', { exact: true }).fill(accounts.operator.password);
  const fresh = dialog.getByLabel('新密码', { exact: true });
  await fresh.fill('Next#2026ab');
  await dialog.getByLabel('确认密码', { exact: true }).fill('Next#2026ab');
  await dialog.getByRole('button', { name: /保\s*存/ }).click();
  await expect(
    dialog.getByText('密码需为12-18位，必须包含大小写字母、数字和特殊字符！'),
  ).toBeVisible();
  await fresh.fill('My#Operator2026');
  await expect(dialog.getByText('密码不能包含登录账号')).toBeVisible();
  await expectAccessible(page, 'password dialog with the rules');
  await page.context().close();
});
