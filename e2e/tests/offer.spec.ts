import { type Browser, type Page, expect as baseExpect, test } from '@playwright/test';
import { expectAccessible } from '../support/axe';
import { type SavedAccount, savedSession } from '../support/auth';
import { appPath } from '../support/session';

// The console offers only what the server's access policy allows (issue 24): each of
// these was offered and then refused before. The rows' actions, the roles' actions,
// the data scopes and the grantable entries come with the server's answers.

const expect = baseExpect.configure({ timeout: 15_000 });

/** The district administrator of the Jiangbei district. */
const district = 'jiangbei';

/** A demo account's saved sign-in (support/auth.ts), in Chinese: a blank page to go from. */
async function signedIn(
  browser: Browser,
  baseURL: string | undefined,
  account: SavedAccount,
): Promise<Page> {
  return savedSession(browser, baseURL, account, 'zh-CN');
}

async function rolesTable(page: Page, mode: string) {
  await page.goto(appPath(mode, '/system/roles'));
  const table = page.getByRole('table', { name: '角色列表' });
  await expect(table.getByRole('row').filter({ hasText: '工作人员' })).toBeVisible();
  return table;
}

test.describe('the console offers only what works (zh-CN)', () => {
  test('a district administrator: no scope wider than its own, no role held outside it', async ({
    browser,
  }, testInfo) => {
    const page = await signedIn(browser, testInfo.project.use.baseURL, district);
    const table = await rolesTable(page, 'history');
    const staff = table.getByRole('row').filter({ hasText: '工作人员' });
    await expect(staff.getByRole('button', { name: '查看用户：工作人员' })).toBeVisible();
    await expect(staff.getByRole('button', { name: '编辑 工作人员' })).toHaveCount(0);
    // Held by the city's administrator, outside the district: counted, not hidden.
    await table.getByRole('button', { name: '查看用户：系统管理员' }).click();
    const drawer = page.getByRole('dialog', { name: '持有“系统管理员”的用户' });
    await expect(drawer.getByText(/不在您管理的单位范围内/)).toBeVisible();
    await expectAccessible(page, 'role holders outside the scope');
    await drawer.getByRole('button', { name: /关闭|Close/ }).click();

    await page.getByRole('button', { name: '新增角色' }).click();
    const dialog = page.getByRole('dialog', { name: '新增角色' });
    await dialog.getByRole('combobox', { name: '数据范围' }).click();
    // antd draws every option of a short list; its accessible listbox names a few only.
    const option = (title: string) => page.locator(`.ant-select-item-option[title="${title}"]`);
    await expect(option('本单位及下级单位')).toHaveCount(1);
    await expect(option('全部数据')).toHaveCount(0);
    await page.context().close();
  });

  test('the system administrator: fixed roles not editable, the administrator role reaches all data, no other administrator’s rights to grant', async ({
    browser,
  }, testInfo) => {
    const page = await signedIn(browser, testInfo.project.use.baseURL, 'admin');
    const table = await rolesTable(page, 'history');
    const admin = table.getByRole('row').filter({ hasText: '系统管理员' });
    await expect(admin).toContainText('全部数据');
    const auditor = table.getByRole('row').filter({ hasText: '安全审计员' });
    await expect(auditor.getByRole('button', { name: '编辑 安全审计员' })).toHaveCount(0);
    await expect(
      table
        .getByRole('row')
        .filter({ hasText: '工作人员' })
        .getByRole('button', { name: '编辑 工作人员' }),
    ).toBeVisible();

    await page.getByRole('button', { name: '新增角色' }).click();
    const tree = page
      .getByRole('dialog', { name: '新增角色' })
      .getByRole('group', { name: '菜单权限' });
    // The tree draws what is in view: scroll to its end, where the console's entries are.
    const last = tree.getByRole('treeitem', { name: /^查看服务状态/ });
    await tree.hover();
    for (let turn = 0; turn < 30 && (await last.count()) === 0; turn += 1) {
      await page.mouse.wheel(0, 600);
    }
    await expect(tree.getByRole('treeitem', { name: /^消息管理 页面/ })).toBeVisible();
    await expect(tree.getByRole('treeitem', { name: /^审计日志/ })).toHaveCount(0);
    await expect(tree.getByRole('treeitem', { name: /^在线用户/ })).toHaveCount(0);
    await expectAccessible(page, 'role dialog without reserved entries');
    await page.context().close();
  });

  test('the security administrator: a second factor shown, its reset only where one is set up; its own session marked and not ended', async ({
    browser,
  }, testInfo) => {
    const page = await signedIn(browser, testInfo.project.use.baseURL, 'security');
    await page.goto(appPath('history', '/system/users'));
    const users = page.getByRole('table', { name: '用户列表' });
    await expect(users.getByRole('columnheader', { name: '双因素认证' })).toBeVisible();
    // Found by the search, as a person would: other tests' accounts fill the first page.
    const search = async (keyword: string) => {
      await page.getByRole('textbox', { name: '关键字' }).fill(keyword);
      await page.getByRole('button', { name: '查询', exact: true }).click();
    };
    await search('operator');
    const operator = users.getByRole('row').filter({ hasText: 'operator' });
    await expect(operator).toContainText('未绑定');
    await expect(operator.getByRole('button', { name: /重置双因素/ })).toHaveCount(0);
    // The other administrators' accounts are not the security administrator's to manage.
    await search('admin');
    const adminRow = users.getByRole('row').filter({ hasText: /^admin\b/ });
    await expect(adminRow).toContainText('系统管理员');
    await expect(adminRow.getByRole('button')).toHaveCount(0);
    await expectAccessible(page, 'users as the security administrator');

    await page.goto(appPath('history', '/system/sessions'));
    const sessions = page.getByRole('table', { name: '在线会话' });
    // Found by the search too: other tests' sessions fill the first page.
    await page.getByRole('textbox', { name: '账号' }).fill('security');
    await page.getByRole('button', { name: '查询', exact: true }).click();
    const own = sessions.getByRole('row').filter({ hasText: '当前会话' });
    await expect(own).toHaveCount(1);
    await expect(own).toContainText('security');
    await expect(own.getByRole('button', { name: /强制下线/ })).toHaveCount(0);
    await expectAccessible(page, 'sessions with the current one marked');
    await page.context().close();
  });
});
