import { expect as baseExpect, test } from '@playwright/test';
import { expectAccessible } from '../support/axe';
import { accounts, appPath, signIn } from '../support/session';

// A sign-in hashes the password (argon2) and the shell's code loads after it: on the
// shared two-core machine that has taken over 10 s under the suite's load.
const expect = baseExpect.configure({ timeout: 20_000 });

test.describe('sign-in and the shell', () => {
  test('admin and operator see the menus the server gives each', async ({ page }, testInfo) => {
    const mode = testInfo.project.name;
    await page.goto(appPath(mode, '/login'));
    await expectAccessible(page, 'login (zh-CN)');
    await signIn(page, accounts.admin);
    const menu = page.getByRole('navigation', { name: '主菜单' });
    await expect(menu.getByRole('menuitem', { name: '数据交换' })).toBeVisible();
    await expect(menu.getByRole('menuitem', { name: '业务指导' })).toBeVisible();
    await expect(page).toHaveTitle('城市运行管理服务平台 - 首页');
    await expectAccessible(page, 'home as admin (zh-CN)');

    const other = await page
      .context()
      .browser()!
      .newContext({ baseURL: testInfo.project.use.baseURL, locale: 'zh-CN' });
    const operatorPage = await other.newPage();
    await operatorPage.goto(appPath(mode, '/login'));
    await signIn(operatorPage, accounts.operator);
    const operatorMenu = operatorPage.getByRole('navigation', { name: '主菜单' });
    await expect(operatorMenu.getByRole('menuitem', { name: '业务指导' })).toBeVisible();
    await expect(operatorMenu.getByRole('menuitem', { name: '指挥协调' })).toBeVisible();
    await expect(operatorMenu.getByRole('menuitem', { name: '数据交换' })).toHaveCount(0);
    await expect(operatorMenu.getByRole('menuitem', { name: '综合评价' })).toHaveCount(0);
    await other.close();
  });

  test('a wrong password shows the server message and stays on the login page', async ({
    page,
  }, testInfo) => {
    await page.goto(appPath(testInfo.project.name, '/login'));
    await signIn(page, { username: 'operator', password: 'Wrong@2026' });
    await expect(page.getByText('用户名或密码错误')).toBeVisible();
    await expect(page.getByRole('button', { name: '登录', exact: true })).toBeEnabled();
    await expect(page).toHaveURL(/login/);
  });

  test('the form names empty fields before calling the server', async ({ page }, testInfo) => {
    await page.goto(appPath(testInfo.project.name, '/login'));
    await page.getByRole('button', { name: '登录', exact: true }).click();
    await expect(page.getByText('用户名不能为空！')).toBeVisible();
    await expect(page.getByText('请输入密码')).toBeVisible();
    await expect(page.getByLabel('用户名', { exact: true })).toBeFocused();
    await expectAccessible(page, 'login with errors');
  });

  test('a signed-out visit to a protected address loads no file the login page does not', async ({
    browser,
  }, testInfo) => {
    const mode = testInfo.project.name;
    /** The scripts and styles one fresh signed-out visit receives before the form shows. */
    const filesOf = async (address: string) => {
      const context = await browser.newContext({ locale: 'zh-CN' });
      const page = await context.newPage();
      const files = new Set<string>();
      page.on('response', (response) => {
        const type = response.request().resourceType();
        if (type === 'script' || type === 'stylesheet') files.add(new URL(response.url()).pathname);
      });
      await page.goto(appPath(mode, address), { waitUntil: 'networkidle' });
      await expect(page.getByRole('button', { name: '登录', exact: true })).toBeVisible();
      await context.close();
      return files;
    };
    const login = await filesOf('/login');
    expect(login.size).toBeGreaterThan(0);
    for (const address of ['/', '/business_guide/table', '/amap']) {
      const extra = [...(await filesOf(address))].filter((file) => !login.has(file));
      expect(extra, `${address} loads more than /login`).toEqual([]);
    }
  });

  test('a signed-out visit to /amap goes to /login and returns there after sign-in', async ({
    page,
  }, testInfo) => {
    const mode = testInfo.project.name;
    await page.goto(appPath(mode, '/amap?layer=roads'));
    await expect(page).toHaveURL(/login\?redirect=%2Famap%3Flayer%3Droads/);
    await expect(page).toHaveTitle('城市运行管理服务平台 - 登录');
    await signIn(page, accounts.operator);
    await expect(page).toHaveURL(
      mode === 'hash' ? /#\/amap\?layer=roads$/ : /\/amap\?layer=roads$/,
    );
    await expect(page).toHaveTitle('城市运行管理服务平台 - 地图编辑');
    // The sidebar marks the entry of the page showing, not the default business guide.
    const menu = page.getByRole('navigation', { name: '主菜单' });
    await expect(menu.getByRole('menuitem', { name: '地图编辑' })).toHaveClass(
      /ant-menu-item-selected/,
    );
    await expect(menu.getByRole('menuitem', { name: '业务指导' })).not.toHaveClass(
      /ant-menu-item-selected/,
    );
  });

  test('switching the language changes the shell and the menu titles', async ({
    page,
  }, testInfo) => {
    await page.goto(appPath(testInfo.project.name, '/login'));
    await signIn(page, accounts.admin);
    const menu = page.getByRole('navigation', { name: '主菜单' });
    await expect(menu.getByRole('menuitem', { name: '指挥协调' })).toBeVisible();

    await page.getByRole('button', { name: 'English' }).click();
    const englishMenu = page.getByRole('navigation', { name: 'Main menu' });
    await expect(englishMenu.getByRole('menuitem', { name: 'Command coordination' })).toBeVisible();
    await expect(englishMenu.getByRole('menuitem', { name: 'Business guidance' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Welcome, 系统管理员' })).toBeVisible();
    await expect(page).toHaveTitle('城市运行管理服务平台 - Home');
    await expectAccessible(page, 'home (en)');

    // The choice is kept across a reload.
    await page.reload();
    await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeVisible();
    await page.getByRole('button', { name: '中文' }).click();
    await expect(menu.getByRole('menuitem', { name: '业务指导' })).toBeVisible();
  });

  test('log out asks first, then returns to the login page', async ({ page }, testInfo) => {
    const mode = testInfo.project.name;
    await page.goto(appPath(mode, '/login'));
    await signIn(page, accounts.operator);
    await page.getByRole('button', { name: '用户菜单' }).click();
    await page.getByRole('menuitem', { name: '退出登录' }).click();
    const dialog = page.getByRole('dialog', { name: '确认退出登录吗？' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: '取消' }).click();
    await expect(page.getByRole('navigation', { name: '主菜单' })).toBeVisible();

    await page.getByRole('button', { name: '用户菜单' }).click();
    await page.getByRole('menuitem', { name: '退出登录' }).click();
    await page.getByRole('dialog').getByRole('button', { name: '确定' }).click();
    await expect(page).toHaveURL(/login/);
    // The token is gone: the shell is out of reach.
    await page.goto(appPath(mode, '/'));
    await expect(page).toHaveURL(/login/);
  });

  test('the sidebar collapses and stays collapsed after a reload; the logo goes home', async ({
    page,
  }, testInfo) => {
    const mode = testInfo.project.name;
    await page.goto(appPath(mode, '/login?redirect=%2Famap'));
    await signIn(page, accounts.operator);
    await expect(page).toHaveTitle(/地图编辑/);
    await page.getByRole('button', { name: '收起侧边栏' }).click();
    await page.reload();
    await expect(page.getByRole('button', { name: '展开侧边栏' })).toBeVisible();
    await page.getByRole('button', { name: '返回首页' }).click();
    await expect(page).toHaveTitle('城市运行管理服务平台 - 首页');
  });

  test('an unknown address needs a token, then shows the 404 page', async ({ page }, testInfo) => {
    const mode = testInfo.project.name;
    // Only /login, /auth-redirect and /404 need no token.
    await page.goto(appPath(mode, '/no/such/page'));
    await expect(page).toHaveURL(/login/);
    await signIn(page, accounts.operator);
    await expect(page.getByText('抱歉，您访问的页面不存在。')).toBeVisible();
    await expect(page).toHaveTitle('城市运行管理服务平台 - 页面不存在');
    await expectAccessible(page, '404');
  });

  test('/404 itself needs no token', async ({ page }, testInfo) => {
    await page.goto(appPath(testInfo.project.name, '/404'));
    await expect(page.getByText('抱歉，您访问的页面不存在。')).toBeVisible();
  });
});

test('going back from / to /login with a token asks first', async ({ page }, testInfo) => {
  const mode = testInfo.project.name;
  await page.goto(appPath(mode, '/login'));
  await signIn(page, accounts.operator);
  await expect(page).toHaveTitle('城市运行管理服务平台 - 首页');

  await page.goBack();
  const dialog = page.getByRole('dialog', { name: '当前操作将返回登录页，是否继续？' });
  await expect(dialog).toBeVisible();
  await expectAccessible(page, 'leave confirmation');
  await dialog.getByRole('button', { name: '关闭' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('navigation', { name: '主菜单' })).toBeVisible();
  await expect(page).toHaveTitle('城市运行管理服务平台 - 首页');

  await page.goBack();
  await page
    .getByRole('dialog', { name: '当前操作将返回登录页，是否继续？' })
    .getByRole('button', { name: '确认退出' })
    .click();
  await expect(page.getByRole('button', { name: '登录', exact: true })).toBeVisible();
  // Token and state were cleared: the shell is out of reach.
  await page.goto(appPath(mode, '/'));
  await expect(page).toHaveURL(/login/);
});

test('typing #/login in the address bar with a token asks first (hash mode)', async ({
  page,
}, testInfo) => {
  // In history mode an address typed in the bar loads a new page: no navigation from / to ask about.
  test.skip(testInfo.project.name !== 'hash', 'only hash mode stays on the page');
  await page.goto('/#/login');
  await signIn(page, accounts.operator);
  await expect(page).toHaveTitle('城市运行管理服务平台 - 首页');

  // The address bar's own navigation: a same-page entry the router did not make.
  await page.goto('/#/login');
  const dialog = page.getByRole('dialog', { name: '当前操作将返回登录页，是否继续？' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: '关闭' }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/#\/$/);
  await expect(page.getByRole('navigation', { name: '主菜单' })).toBeVisible();

  await page.goto('/#/login');
  await page
    .getByRole('dialog', { name: '当前操作将返回登录页，是否继续？' })
    .getByRole('button', { name: '确认退出' })
    .click();
  await expect(page.getByRole('button', { name: '登录', exact: true })).toBeVisible();
  await expect(page).toHaveURL(/#\/login$/);
  // Token and state were cleared: the shell is out of reach.
  await page.goto('/#/');
  await expect(page).toHaveURL(/login/);
});
