import { type Browser, type Page, expect as baseExpect, test } from '@playwright/test';
import { choose } from '../support/choose';
import { type SavedAccount, savedSession } from '../support/auth';
import { appPath } from '../support/session';

// Sign-in hashes passwords (argon2) and the console loads antd's tables: slow on a busy machine.
const expect = baseExpect.configure({ timeout: 15_000 });

/** A demo account's saved sign-in (support/auth.ts) on `path`. */
async function session(
  browser: Browser,
  baseURL: string | undefined,
  mode: string,
  account: SavedAccount,
  path: string,
): Promise<Page> {
  const page = await savedSession(browser, baseURL, account, 'zh-CN');
  await page.goto(appPath(mode, path));
  await expect(page.getByRole('button', { name: '用户菜单' })).toBeVisible({ timeout: 20_000 });
  return page;
}

/**
 * Issue 24: the audit trail reads as Chinese, not as data. The auditor picks the person by
 * name, sees 姓名 beside the login name, and a record's detail names its fields, roles and
 * units (角色 工作人员, not `roleIds ["staff"]`), with the stored record a click away.
 */
test('the auditor reads who did what in words: 操作人 by name, 姓名, and a detail with names for ids', async ({
  browser,
}, testInfo) => {
  test.setTimeout(240_000);
  const mode = testInfo.project.name;
  const baseURL = testInfo.project.use.baseURL;
  const username = `e2e.words.${Date.now().toString(36)}${process.pid % 100}`;

  const admin = await session(browser, baseURL, mode, 'admin', '/system/users');
  await admin.getByRole('button', { name: '新增用户' }).click();
  const dialog = admin.getByRole('dialog', { name: '新增用户' });
  await dialog.getByLabel('用户名', { exact: true }).fill(username);
  await dialog.getByLabel('姓名', { exact: true }).fill('词语测试');
  await dialog.getByLabel('手机号码', { exact: true }).fill('13900005555');
  await choose(admin, dialog, '单位', '江城市应急管理局');
  await choose(admin, dialog, '角色', '工作人员');
  await dialog.getByRole('button', { name: '保存' }).click();
  const issued = admin.getByRole('dialog', { name: '用户已创建' });
  await expect(issued).toBeVisible();
  await issued.getByRole('button', { name: '我已记下' }).click();
  await admin.context().close();

  const auditor = await session(browser, baseURL, mode, 'auditor', '/system/audit');
  await expect(auditor.getByRole('heading', { name: '审计日志' })).toBeVisible();

  // 操作人: typed by name, chosen from the accounts found.
  const actor = auditor.getByLabel('操作人', { exact: true });
  await actor.click();
  await actor.fill('系统');
  await auditor.getByTitle('系统管理员（admin）', { exact: true }).click();
  await auditor.getByLabel('操作对象', { exact: true }).fill(username);
  await auditor.getByRole('button', { name: '查询', exact: true }).click();

  const table = auditor.getByRole('table', { name: '审计记录列表' });
  await expect(table.getByRole('columnheader', { name: '姓名' })).toBeVisible();
  const row = table.getByRole('row').filter({ hasText: '新增用户' });
  await expect(row).toHaveCount(1);
  await expect(row.getByRole('cell', { name: '系统管理员', exact: true })).toBeVisible();
  await expect(row).toContainText(`用户 · ${username}`);
  await expect(row).not.toContainText('#');

  await row.getByRole('button').click();
  const drawer = auditor.getByRole('dialog');
  await expect(drawer.getByText(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/)).toBeVisible();
  await expect(drawer).not.toContainText('GMT');
  const changes = drawer.getByRole('table', { name: '变更内容' });
  const roleRow = changes.getByRole('row').filter({ hasText: '角色' });
  await expect(roleRow).toContainText('工作人员');
  await expect(changes).not.toContainText('roleIds');
  await expect(changes).not.toContainText('["staff"]');
  await expect(changes.getByRole('row').filter({ hasText: '单位' })).toContainText(
    '江城市应急管理局',
  );
  await expect(changes.getByRole('row').filter({ hasText: '手机号码' })).toContainText(
    '139****5555',
  );
  // The record as stored, for the assessor, one click away.
  await drawer.getByRole('button', { name: /原始数据/ }).click();
  await expect(drawer.getByLabel('原始数据')).toContainText('"roleIds": [');
  await auditor.context().close();
});
