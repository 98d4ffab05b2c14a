import { expect as baseExpect, test } from '@playwright/test';
import { savedState } from '../support/auth';
import { appPath } from '../support/session';

// The console loads antd's tables and trees: slow on a busy two-core machine.
const expect = baseExpect.configure({ timeout: 15_000 });

test.describe('the console in plain Chinese (issue 24)', () => {
  test.use({ storageState: savedState('admin') });

  test('menus: icons by name, switches explained, a new entry last and who sees it; settings say whose the rules are', async ({
    page,
  }, testInfo) => {
    test.setTimeout(180_000);
    const mode = testInfo.project.name;
    await page.addInitScript(() => window.localStorage.setItem('language', 'zh-CN'));
    await page.goto(appPath(mode, '/system/menus'));
    const table = page.getByRole('table', { name: '菜单项' });
    await expect(table).toBeVisible();
    // An integrated subsystem's address is no longer joined into one with two "?".
    await expect(
      table.getByText('外部地址：/demo-subsystem.html?system=data_sharing_platform&window=own', {
        exact: true,
      }),
    ).toBeVisible();
    await expect(
      table.getByText('/demo-subsystem.html?system=data_sharing_platform', { exact: true }),
    ).toBeVisible();

    await page.getByRole('button', { name: '新增顶级菜单' }).click();
    const dialog = page.getByRole('dialog', { name: '新增菜单项' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('textbox', { name: '英文名称（选填）' })).toBeVisible();
    await expect(dialog.getByText('保存后仅系统管理员可见', { exact: false })).toBeVisible();
    const order = Number(await dialog.getByRole('spinbutton', { name: '排序' }).inputValue());
    expect(order).toBeGreaterThan(0);
    await dialog.getByRole('combobox', { name: '图标' }).click();
    await expect(page.getByTitle('地图定位 environment')).toBeVisible();
    await page.keyboard.press('Escape');
    await dialog.getByRole('switch', { name: '集成子系统' }).click();
    await expect(
      dialog.getByText('在其自己的窗口中打开“外部地址”', { exact: false }),
    ).toBeVisible();
    await expect(
      dialog.getByText('下级菜单在侧边栏中作为二级菜单分组显示', { exact: false }),
    ).toBeVisible();
    await dialog.getByRole('button', { name: '取消' }).click();

    await page.goto(appPath(mode, '/system/settings'));
    await expect(page.getByText('登录规则、密码规则和会话规则由安全管理员设置')).toBeVisible();
  });
});
