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
  language: Language = 'zh-CN',
): Promise<Page> {
  const page = await savedSession(browser, baseURL, account, language);
  await page.goto(appPath(mode, path));
  await expect(page.getByRole('button', { name: text[language].userMenu })).toBeVisible({
    timeout: 20_000,
  });
  return page;
}

/** The trail's words a person reads, in each language. */
const text = {
  'zh-CN': {
    userMenu: '用户菜单',
    table: '审计记录列表',
    target: '操作对象',
    search: '查询',
    action: '操作类型',
    changes: '变更内容',
    registered: '登记子系统',
  },
  en: {
    userMenu: 'User menu',
    table: 'Audit records',
    target: 'Target',
    search: 'Search',
    action: 'Action',
    changes: 'Changes',
    registered: 'Subsystem registered',
  },
} as const;

type Language = keyof typeof text;

/**
 * A field's label that is a stored key (clientId, minLength, department_id): a word
 * beginning in lower case without a space, or, in Chinese, Latin letters alone.
 */
function rawLabel(label: string, language: Language): boolean {
  return /^[a-z][A-Za-z0-9_.]*$/.test(label) || (language === 'zh-CN' && /^[A-Za-z]+$/.test(label));
}

/**
 * Opens the detail of each kind of record on the trail's newest page (the auditor's page,
 * on /system/audit) and returns the labels and values shown raw: a key for a label, a
 * stored code or JSON for a value. The newest page must hold this run's `registered`
 * record (a subsystem registration).
 */
async function rawOnNewestPage(auditor: Page, language: Language): Promise<string[]> {
  const l = text[language];
  const table = auditor.getByRole('table', { name: l.table });
  const drawer = auditor.getByRole('dialog');
  const changes = drawer.getByRole('table', { name: l.changes });
  await auditor.getByLabel(l.target, { exact: true }).fill('');
  await auditor.getByRole('button', { name: l.search, exact: true }).click();
  // The newest page holds this test's registration; viewing the trail is not a record of
  // its own on every search, so it is not waited for.
  await expect(table.getByRole('row').filter({ hasText: l.registered }).first()).toBeVisible();
  const headers = await table.getByRole('columnheader').allTextContents();
  const actionColumn = headers.indexOf(l.action);
  expect(actionColumn).toBeGreaterThan(0);
  const rows = table.locator('tbody tr.ant-table-row');
  const seen = new Set<string>();
  const raw: string[] = [];
  for (let index = 0; index < (await rows.count()); index += 1) {
    const current = rows.nth(index);
    const action = (await current.locator('td').nth(actionColumn).textContent()) ?? '';
    if (seen.has(action)) continue;
    seen.add(action);
    await current.getByRole('button').click();
    await expect(drawer.getByText(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/)).toBeVisible();
    if (await changes.count()) {
      const labels = await changes.locator('tbody tr td:first-child').allTextContents();
      const values = await changes.locator('tbody tr td:not(:first-child)').allTextContents();
      for (const label of labels) {
        if (rawLabel(label, language)) raw.push(`${language} ${action}: ${label}`);
      }
      for (const value of values) {
        if (/^[[{]|"|^(true|false)$/.test(value)) raw.push(`${language} ${action}: ${value}`);
      }
    }
    await drawer.locator('.ant-drawer-close').click();
    await expect(drawer).toBeHidden();
  }
  // At least 登记子系统 and 新增用户 or 校验审计日志链, whatever else ran before.
  expect(seen.size, `${language}: kinds of record walked`).toBeGreaterThanOrEqual(2);
  return raw;
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

/**
 * Issue 31: every record in words. A subsystem registration's detail reads 客户端类型 机密客户端,
 * 令牌有效期 5 分钟 and its addresses as links; then the detail of each kind of record on the
 * trail's newest page (what the suite and the demo wrote) has no key for a label and no
 * stored code or JSON for a value, in Chinese and in English.
 */
test('the detail of every kind of record reads in words, a subsystem registration too', async ({
  browser,
}, testInfo) => {
  test.setTimeout(300_000);
  const mode = testInfo.project.name;
  const baseURL = testInfo.project.use.baseURL;
  const clientId = `e2e-words-${Date.now().toString(36)}${process.pid % 100}`;

  const admin = await session(browser, baseURL, mode, 'admin', '/system/subsystems');
  await admin.getByRole('button', { name: '登记子系统' }).click();
  const dialog = admin.getByRole('dialog', { name: '登记子系统' });
  await dialog.getByLabel('客户端标识', { exact: true }).fill(clientId);
  await dialog.getByLabel('中文名称', { exact: true }).fill('词语子系统');
  await dialog.getByLabel('允许的来源', { exact: true }).fill('https://words.example.gov.cn');
  await dialog
    .getByLabel('回调地址', { exact: true })
    .fill('https://words.example.gov.cn/callback');
  await dialog.getByRole('button', { name: '保存' }).click();
  const issued = admin.getByRole('dialog', { name: '客户端密钥' });
  await expect(issued).toBeVisible();
  await issued.getByRole('button', { name: '我已保存' }).click();
  await admin.context().close();

  const auditor = await session(browser, baseURL, mode, 'auditor', '/system/audit');
  const table = auditor.getByRole('table', { name: '审计记录列表' });
  await auditor.getByLabel('操作对象', { exact: true }).fill(clientId);
  await auditor.getByRole('button', { name: '查询', exact: true }).click();
  const row = table.getByRole('row').filter({ hasText: '登记子系统' });
  await expect(row).toHaveCount(1);
  await row.getByRole('button').click();
  const drawer = auditor.getByRole('dialog');
  const changes = drawer.getByRole('table', { name: '变更内容' });
  const field = (label: string) =>
    changes
      .getByRole('row')
      .filter({ has: auditor.getByRole('cell', { name: label, exact: true }) });
  await expect(field('客户端类型')).toContainText('机密客户端');
  await expect(field('令牌有效期')).toContainText('5 分钟');
  await expect(field('已启用')).toContainText('是');
  await expect(field('客户端密钥')).toContainText('已隐去');
  await expect(
    field('回调地址').getByRole('link', { name: 'https://words.example.gov.cn/callback' }),
  ).toBeVisible();
  await expect(changes).not.toContainText('confidential');
  await expect(changes).not.toContainText('tokenLifetime');
  await drawer.locator('.ant-drawer-close').click();
  await expect(drawer).toBeHidden();

  // Every kind of record on the newest page, in both languages: no key, no stored code,
  // no JSON.
  const raw = await rawOnNewestPage(auditor, 'zh-CN');
  await auditor.context().close();
  const auditorEn = await session(browser, baseURL, mode, 'auditor', '/system/audit', 'en');
  raw.push(...(await rawOnNewestPage(auditorEn, 'en')));
  expect(raw).toEqual([]);
  await auditorEn.context().close();
});
