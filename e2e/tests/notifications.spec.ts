import { type Browser, type Page, expect as baseExpect, test } from '@playwright/test';
import { expectAccessible } from '../support/axe';
import { usePrivateServer } from '../support/private-server';
import { accounts, appPath, signIn } from '../support/session';

// A whole 2 x 2 PNG: uploads are decoded and encoded again, so a broken one is refused.
const avatarPng = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAYAAABytg0kAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEUlEQVQImWOQqzjxH4QZYAwAT0AJddjuTxMAAAAASUVORK5CYII=',
  'base64',
);

// Sign-in (argon2) and live updates take longer on a loaded machine.
const expect = baseExpect.configure({ timeout: 20_000 });

// These tests empty inboxes and rename accounts: they run away from the suite's servers,
// in order, on the server of the 'default' group (support/private-server.ts), whose other
// files touch neither the operator's nor stale's inbox.
// Under load a server start and these multi-step flows take longer than the default.
test.describe.configure({ mode: 'serial', timeout: 120_000 });

const own = usePrivateServer(40, {}, { group: 'default' });

async function signedIn(
  browser: Browser,
  account: { username: string; password: string },
  language: 'zh-CN' | 'en' = 'zh-CN',
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

const bell = (page: Page, count: number, language: 'zh-CN' | 'en' = 'zh-CN') =>
  page.getByRole('button', {
    name: language === 'en' ? `Message notification, ${count} unread` : `消息通知，${count} 条未读`,
    exact: true,
  });

test('a message sent by the administrator arrives live in the user’s bell', async ({ browser }) => {
  const operator = await signedIn(browser, accounts.operator);
  await expect(bell(operator, 13)).toBeVisible();

  const admin = await signedIn(browser, accounts.admin);
  await bell(admin, 13).click();
  const adminPanel = admin.getByRole('dialog', { name: '消息通知' });
  await expect(adminPanel.getByRole('listitem')).toHaveCount(10);
  await adminPanel.getByRole('button', { name: '发送消息' }).click();
  const compose = admin.getByRole('dialog', { name: '发送消息' });
  await expect(compose).toBeVisible();
  await compose.getByRole('button', { name: '发送' }).click();
  await expect(compose.getByText('请输入标题')).toBeVisible();
  // The pointer off the button: axe would measure its hover colour.
  await admin.mouse.move(0, 0);
  await expectAccessible(admin, 'send a message (zh-CN)');
  await compose.getByLabel('标题').fill('紧急通知：滨江路积水');
  await compose.getByLabel('内容').fill('滨江路段积水约 20 厘米，请绕行。');
  // Accounts are found on the server as the start of a name is typed (issue 33).
  await compose.getByRole('combobox', { name: '用户' }).fill('operator');
  await admin.getByTitle(/\(operator\)$/).click();
  await compose.getByRole('button', { name: '发送' }).click();
  await expect(admin.getByText('已发送给 1 人')).toBeVisible();

  // No reload: the count and the list follow the server.
  await expect(bell(operator, 14)).toBeVisible();
  await bell(operator, 14).click();
  const panel = operator.getByRole('dialog', { name: '消息通知' });
  const newest = panel.getByRole('listitem').first();
  await expect(newest).toContainText('紧急通知');
  await expect(newest).toContainText('紧急通知：滨江路积水');
  await expect(newest).toContainText('滨江路段积水约 20 厘米，请绕行。');
  await expectAccessible(operator, 'message notification (zh-CN)');
  await admin.context().close();
  await operator.context().close();
});

test('load more, click to read and open the linked menu, then all read', async ({ browser }) => {
  const page = await signedIn(browser, accounts.operator);
  await bell(page, 14).click();
  const panel = page.getByRole('dialog', { name: '消息通知' });
  await expect(panel.getByRole('listitem')).toHaveCount(10);
  await panel.getByRole('button', { name: '加载更多' }).click();
  await expect(panel.getByRole('listitem')).toHaveCount(14);
  await expect(panel.getByRole('button', { name: '加载更多' })).toHaveCount(0);

  // A plain message: read and gone, the count follows.
  await panel.getByRole('button', { name: /系统维护通知/ }).click();
  await expect(panel.getByRole('listitem')).toHaveCount(13);
  await expect(bell(page, 13)).toBeVisible();

  // A json message linking into command coordination opens it.
  const linked = panel.getByRole('button', { name: /事件调度：新派遣任务/ });
  await expect(linked).toContainText('江城大道与滨江路交叉口发现占道经营');
  await linked.click();
  await expect(bell(page, 12)).toBeVisible();
  const menu = page.getByRole('navigation', { name: '主菜单' });
  await expect(menu.getByRole('menuitem', { name: '指挥协调' })).toHaveClass(/selected/);
  // The command coordination child with that address shows in the frame.
  const frame = page.locator('iframe[title="事件调度"]');
  await expect(frame).toBeVisible();
  await expect(frame).toHaveAttribute('src', /\/demo-subsystem\.html\?.*system=event_dispatch/);
  await expect(frame).toHaveAttribute('src', /embed=true/);

  // The list survives the reload of page 1; "All read" empties it.
  await bell(page, 12).click();
  const again = page.getByRole('dialog', { name: '消息通知' });
  await again.getByRole('button', { name: '全部已读' }).click();
  await expect(bell(page, 0)).toBeVisible();
  await expect(again.getByText('暂无未读消息')).toBeVisible();
  await expect(again.getByRole('button', { name: '全部已读' })).toHaveCount(0);
  await expectAccessible(page, 'empty message notification');

  // After a reload the server still says 0.
  await page.reload();
  await expect(bell(page, 0)).toBeVisible();
  await page.context().close();
});

test('the bell in English', async ({ browser }) => {
  const page = await signedIn(browser, accounts.stale, 'en');
  await bell(page, 13, 'en').click();
  const panel = page.getByRole('dialog', { name: 'Message notification' });
  await expect(panel.getByRole('button', { name: 'Load more' })).toBeVisible();
  await expect(panel.getByRole('button', { name: 'All read' })).toBeVisible();
  await expectAccessible(page, 'message notification (en)');
  await page.context().close();
});

test('staff change their avatar; the other fields are disabled', async ({ browser }) => {
  const page = await signedIn(browser, accounts.operator);
  await page.getByRole('button', { name: '用户菜单' }).click();
  await page.getByRole('menuitem', { name: '修改头像' }).click();
  const dialog = page.getByRole('dialog', { name: '个人信息' });
  await expect(dialog.getByLabel('用户名')).toHaveValue('operator');
  await expect(dialog.getByLabel('用户名')).toBeDisabled();
  await expect(dialog.getByLabel('姓名')).toHaveValue('张伟');
  await expect(dialog.getByLabel('姓名')).toBeDisabled();
  await expect(dialog.getByLabel('手机号码')).toBeDisabled();
  await expect(dialog.getByText('江城市城市管理局')).toBeVisible();
  await expect(dialog.getByText('市容环卫科')).toBeVisible();
  await expectAccessible(page, 'personal info (zh-CN)');

  await dialog.locator('input[type="file"]').setInputFiles({
    name: 'me.png',
    mimeType: 'image/png',
    buffer: avatarPng,
  });
  await expect(dialog.locator('.ant-upload-list-item-done')).toHaveCount(1);
  await dialog.getByRole('button', { name: '保存' }).click();
  await expect(page.getByText('修改成功')).toBeVisible();
  await expect(dialog).toBeHidden();
  const headerAvatar = page.getByRole('button', { name: '用户菜单' }).locator('img');
  await expect(headerAvatar).toHaveAttribute('src', /\/api\/file-go-fastdfs\/files\/.+\.png$/);
  // The image is really there.
  const src = await headerAvatar.getAttribute('src');
  const served = await page.request.get(src!);
  expect(served.headers()['content-type']).toBe('image/png');
  await page.context().close();
});

test('an administrator sees the same disabled fields: accounts change in the console', async ({
  browser,
}) => {
  const page = await signedIn(browser, accounts.admin, 'en');
  await page.getByRole('button', { name: 'User menu' }).click();
  await page.getByRole('menuitem', { name: 'Change avatar' }).click();
  const dialog = page.getByRole('dialog', { name: 'Personal info' });
  await expect(dialog.getByLabel('username')).toHaveValue('admin');
  for (const label of ['username', 'Mobile']) {
    await expect(dialog.getByLabel(label)).toBeDisabled();
  }
  await expect(dialog.getByLabel('Name', { exact: true })).toBeDisabled();
  await expectAccessible(page, 'personal info (en)');
  // Saving sends the fields as they are: nothing changes, nobody is signed out.
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Modified successfully')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('button', { name: 'User menu' })).toBeVisible();
  await page.context().close();
});
