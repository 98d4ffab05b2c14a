import {
  type FrameLocator,
  type Locator,
  type Page,
  expect as baseExpect,
  test,
} from '@playwright/test';
import { createAccount } from '../support/accounts';
import { expectAccessible } from '../support/axe';
import { appPath, signIn } from '../support/session';

// Sign-in hashes passwords and the console loads antd's tables and trees: slow on a
// busy two-core machine.
const expect = baseExpect.configure({ timeout: 20_000 });

/**
 * The console's dialogs fit the window (issue 24): with the two-step notice above the
 * shell's frame, the frame reached 74 px below the window and the role and menu dialogs
 * put 保存 out of sight (y 1081 of 768). Now a dialog keeps its title and buttons within
 * what the window shows and scrolls its body.
 */

/** Opens a console screen as a person does: 系统管理 in the sidebar, then its card. */
async function openInFrame(page: Page, title: string): Promise<FrameLocator> {
  await page
    .getByRole('navigation', { name: '主菜单' })
    .getByRole('menuitem', { name: '系统管理' })
    .click();
  await page.getByRole('main').getByRole('button', { name: title, exact: true }).click();
  return page.frameLocator(`iframe[title="${title}"]`);
}

/** 保存 lies wholly inside the window and takes a click there (nothing covers it). */
async function expectSaveInView(page: Page, dialog: Locator) {
  const save = dialog.getByRole('button', { name: /^保\s*存$/ });
  await expect(save).toBeVisible();
  // Measured once the dialog's opening animation has settled: two readings alike.
  let previous = '';
  await expect
    .poll(
      async () => {
        const now = JSON.stringify(await save.boundingBox());
        const settled = now === previous;
        previous = now;
        return settled;
      },
      { intervals: [250] },
    )
    .toBe(true);
  const box = (await save.boundingBox())!;
  const window = page.viewportSize()!;
  expect(box.y).toBeGreaterThanOrEqual(0);
  expect(box.y + box.height, '保存 within the window').toBeLessThanOrEqual(window.height);
  // A trial click checks that the button is the element hit at its centre, without saving.
  await save.click({ trial: true, timeout: 5_000 });
}

for (const size of [
  { width: 1366, height: 768 },
  { width: 1440, height: 900 },
]) {
  test(`the role and menu dialogs keep 保存 in view at ${size.width}x${size.height}, under the two-step notice`, async ({
    page,
    request,
  }) => {
    test.setTimeout(180_000);
    // An administrator of its own, without a second factor: the notice shows on every page.
    const account = await createAccount(request, { prefix: 'e2e.fit.', roleIds: ['admin'] });
    await page.setViewportSize(size);
    await page.addInitScript(() => window.localStorage.setItem('language', 'zh-CN'));
    await page.goto(appPath('history', '/login'));
    await signIn(page, account);
    await expect(page.getByRole('button', { name: '用户菜单' })).toBeVisible();
    await expect(
      page.getByRole('status').filter({ hasText: '您的角色要求登录时进行双因素认证' }),
    ).toBeVisible();

    const roles = await openInFrame(page, '角色管理');
    await roles
      .getByRole('table', { name: '角色列表' })
      .getByRole('button', { name: '编辑 工作人员' })
      .click();
    const roleDialog = roles.getByRole('dialog', { name: '编辑角色' });
    await expect(roleDialog.getByRole('group', { name: '菜单权限' })).toBeVisible();
    await expectSaveInView(page, roleDialog);
    if (size.width === 1366) await expectAccessible(page, 'role dialog in the frame');
    await roleDialog.getByRole('button', { name: /^取\s*消$/ }).click();
    await expect(roleDialog).toBeHidden();

    // Closing the screen's tab leaves 系统管理's list of screens.
    await page
      .getByRole('navigation', { name: '已打开的页面' })
      .getByRole('button', { name: '关闭角色管理' })
      .click();
    const menus = await openInFrame(page, '菜单管理');
    await menus
      .getByRole('table', { name: '菜单项' })
      .getByRole('button', { name: '编辑 业务指导', exact: true })
      .click();
    const menuDialog = menus.getByRole('dialog', { name: '编辑菜单项' });
    await expect(menuDialog.getByRole('textbox', { name: '英文名称（选填）' })).toBeVisible();
    await expectSaveInView(page, menuDialog);
    await menuDialog.getByRole('button', { name: /^取\s*消$/ }).click();
    await expect(menuDialog).toBeHidden();
  });
}
