import { type Browser, type Page, expect as baseExpect, test } from '@playwright/test';
import { expectAccessible } from '../support/axe';
import { choose } from '../support/choose';
import { usePrivateServer } from '../support/private-server';
import { accounts, appPath, signIn } from '../support/session';

// Issue 13 item 7: the administrator sends a message to a unit, sees who read it, and
// withdraws it from the inboxes of those who have not. It changes inboxes, so it runs
// away from the suite's servers, in order, on the server of the 'default' group
// (support/private-server.ts): the Jiangbei officer's inbox is no other file's.
test.describe.configure({ mode: 'serial', timeout: 150_000 });
const expect = baseExpect.configure({ timeout: 15_000 });

const officer = { username: 'jb_officer', password: 'Officer@2026' };

const own = usePrivateServer(40, {}, { group: 'default' });

async function signedIn(
  browser: Browser,
  account: { username: string; password: string },
  language: 'zh-CN' | 'en',
): Promise<Page> {
  const context = await browser.newContext({ baseURL: own.baseURL, locale: language });
  const page = await context.newPage();
  await page.goto(appPath(own.mode, '/login'));
  await signIn(page, account, language);
  await expect(
    page.getByRole('button', { name: language === 'en' ? 'User menu' : '用户菜单' }),
  ).toBeVisible({ timeout: 45_000 });
  return page;
}

/** The bell's unread count, from its accessible name. */
async function unread(page: Page): Promise<number> {
  const bell = page.getByRole('button', { name: /^消息通知，\d+ 条未读$/ });
  await expect(bell).toBeVisible();
  const name = (await bell.getAttribute('aria-label')) ?? '';
  return Number(/(\d+)/.exec(name)?.[1] ?? Number.NaN);
}

test('the administrator sends to a unit, sees the reads and withdraws the unread copies', async ({
  browser,
}) => {
  const reader = await signedIn(browser, officer, 'zh-CN');
  // The demo's messages reach everyone: wait for the bell's count to arrive.
  await expect.poll(() => unread(reader)).toBeGreaterThan(0);
  const before = await unread(reader);

  const admin = await signedIn(browser, accounts.admin, 'zh-CN');
  await admin.goto(appPath(own.mode, '/system/messages'));
  const table = admin.getByRole('table', { name: '已发送的消息' });
  await expect(admin.getByRole('heading', { name: '消息管理' })).toBeVisible();
  await expectAccessible(admin, 'messages (zh-CN)');

  await admin.getByRole('button', { name: '发送消息' }).click();
  const dialog = admin.getByRole('dialog', { name: '发送消息' });
  await dialog.getByRole('textbox', { name: '标题' }).fill('江北区防汛值班通知');
  await dialog.getByRole('textbox', { name: '内容' }).fill('今晚起进入防汛二级响应，请按时到岗。');
  await choose(admin, dialog, '单位', '江北区城市管理局');
  await expectAccessible(admin, 'send dialog');
  await dialog.getByRole('button', { name: '发送' }).click();
  await expect(admin.getByText(/^已发送给 \d+ 人$/)).toBeVisible();

  // The reader's bell hears it live.
  await expect(
    reader.getByRole('button', { name: `消息通知，${before + 1} 条未读` }),
  ).toBeVisible();

  const row = table.getByRole('row').filter({ hasText: '江北区防汛值班通知' });
  await expect(row).toContainText('已送达');
  await row.getByRole('button', { name: '查看“江北区防汛值班通知”的接收人' }).click();
  const drawer = admin.getByRole('dialog').filter({ hasText: '接收人: 江北区防汛值班通知' });
  await expect(drawer.getByRole('row').filter({ hasText: 'jb_officer' })).toContainText('未读');
  await expectAccessible(admin, 'recipients');
  await drawer.getByRole('button', { name: '关闭' }).click();

  await row.getByRole('button', { name: '撤回“江北区防汛值班通知”' }).click();
  const confirm = admin.getByRole('dialog').filter({ hasText: '确定撤回“江北区防汛值班通知”吗？' });
  await confirm.getByRole('button', { name: '撤回' }).click();
  await expect(admin.getByText(/^已从 \d+ 个收件箱撤回。$/)).toBeVisible();
  await expect(row).toContainText('已撤回');

  // Gone from the reader's bell, live, without a reload.
  await expect(reader.getByRole('button', { name: `消息通知，${before} 条未读` })).toBeVisible();
  await reader.context().close();
  await admin.context().close();
});

test('the list reads in English too', async ({ browser }) => {
  const admin = await signedIn(browser, accounts.admin, 'en');
  await admin.goto(appPath(own.mode, '/system/messages'));
  const table = admin.getByRole('table', { name: 'Sent messages' });
  await expect(table.getByRole('row').filter({ hasText: '江北区防汛值班通知' })).toContainText(
    'Withdrawn',
  );
  await expectAccessible(admin, 'messages (en)');
  await admin.context().close();
});
