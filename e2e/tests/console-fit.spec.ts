import {
  type APIRequestContext,
  type Browser,
  type FrameLocator,
  type Locator,
  type Page,
  expect as baseExpect,
  test,
} from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { createAccount, uniqueMobile } from '../support/accounts';
import { expectAccessible } from '../support/axe';
import { type SavedAccount, bearerHeaders, savedSession } from '../support/auth';
import { appPath, signIn } from '../support/session';

// The console loads antd's tables and trees in the frame: slow on a busy two-core machine.
const expect = baseExpect.configure({ timeout: 20_000 });

/**
 * The console at 1366x768 in the shell's frame, in both languages (issue 31): each list's
 * last action in view (the registry's 生成新密钥 / 删除 sat behind a hidden scrollbar, the
 * user list's columns under the fixed 操作 column), every dialog's buttons in view and its
 * labels on their own line above the fields, never broken mid-word ("客户端\n标识"): each
 * list's create dialog, the user's edit, import and issued-password dialogs, the unit's and
 * department's edit dialogs, the registry's and the personal area's (the settings screens
 * open none); and the district administrator's screens offer nothing that is refused. Each
 * screen is loaded once, from the saved sign-ins (support/auth.ts).
 */

const SIZE = { width: 1366, height: 768 } as const;

const text = {
  'zh-CN': {
    mainMenu: '主菜单',
    system: '系统管理',
    userMenu: '用户菜单',
    save: /^保\s*存$/,
    cancel: /^取\s*消$/,
    close: /^关\s*闭$/,
    screens: {
      users: { card: '用户管理', table: '用户列表', create: '新增用户', dialog: '新增用户' },
      roles: { card: '角色管理', table: '角色列表', create: '新增角色', dialog: '新增角色' },
      units: { card: '单位与部门', table: '单位与部门', create: '新增单位', dialog: '新增单位' },
      menus: { card: '菜单管理', table: '菜单项', create: '新增顶级菜单', dialog: '新增菜单项' },
      subsystems: {
        card: '子系统接入',
        table: '已登记的子系统',
        create: '登记子系统',
        dialog: '登记子系统',
      },
      sessions: { card: '在线用户', table: '在线会话', create: null, dialog: null },
    },
    vendorSettings: '接入信息',
    keyword: '关键字',
    search: /^查\s*询$/,
    importUsers: ['导入', '导入用户'],
    editUser: '编辑用户',
    editOf: /^编辑 /,
    resetOf: /^重置密码：/,
    resetOk: '重置密码',
    issuedReset: '密码已重置',
    editUnit: [/^编辑单位 /, '编辑单位'],
    editDepartment: [/^编辑部门 /, '编辑部门'],
    editSubsystem: (name: string) => `编辑${name}`,
    profile: ['修改头像', '个人信息'],
    changePassword: '修改密码',
    resetTitle: '重置密码',
    twoStep: '双因素认证',
    setUp: '立即设置',
    appCode: '动态验证码',
    confirm: '确认',
    recovery: '恢复码',
    signOut: '退出登录',
    noActions: '无权操作',
    noChanges: '无权修改',
    noDelete: '无权删除',
    ownRole: 'district_admin',
    ownRoleReason: '不能修改本人所持有的角色',
    ownRootReason: '您所管辖范围的顶层单位只能由上级管理员移动或删除',
    topLevel: '无（顶级单位）',
    parent: '上级单位',
    districtRoot: '江北区城市管理局',
    deleteUnit: (name: string) => `删除单位 ${name}`,
    role: '角色',
    outsideRoles: ['系统管理员', '安全管理员', '安全审计员'],
  },
  en: {
    mainMenu: 'Main menu',
    system: 'System administration',
    userMenu: 'User menu',
    save: /^Save$/,
    cancel: /^Cancel$/,
    close: /^Close$/,
    screens: {
      users: { card: 'Users', table: 'Users', create: 'New user', dialog: 'New user' },
      roles: { card: 'Roles', table: 'Roles', create: 'New role', dialog: 'New role' },
      units: {
        card: 'Units and departments',
        table: 'Units and departments',
        create: 'New unit',
        dialog: 'New unit',
      },
      menus: {
        card: 'Menus',
        table: 'Menu entries',
        create: 'New top-level entry',
        dialog: 'New menu entry',
      },
      subsystems: {
        card: 'Subsystems',
        table: 'Registered subsystems',
        create: 'Register a subsystem',
        dialog: 'Register a subsystem',
      },
      sessions: { card: 'Online users', table: 'Live sessions', create: null, dialog: null },
    },
    vendorSettings: 'Vendor settings',
    keyword: 'Keyword',
    search: /^Search$/,
    importUsers: ['Import', 'Import users'],
    editUser: 'Edit user',
    editOf: /^Edit /,
    resetOf: /^Reset password of /,
    resetOk: 'Reset password',
    issuedReset: 'Password reset',
    editUnit: [/^Edit unit /, 'Edit unit'],
    editDepartment: [/^Edit department /, 'Edit department'],
    editSubsystem: (name: string) => `Edit ${name}`,
    profile: ['Change avatar', 'Personal info'],
    changePassword: 'Change password',
    resetTitle: 'Reset password',
    twoStep: 'Two-step verification',
    setUp: 'Set up',
    appCode: 'Code from the app',
    confirm: 'Confirm',
    recovery: 'Your recovery codes',
    signOut: 'Sign out',
    noActions: 'Not yours to manage',
    noChanges: 'Not yours to change',
    noDelete: 'Not yours to delete',
    ownRole: 'district_admin',
    ownRoleReason: 'You cannot change a role you hold yourself',
    ownRootReason:
      'The top unit of those you manage is moved or deleted only by an administrator above you',
    topLevel: 'None (top level)',
    parent: 'Parent unit',
    districtRoot: 'Jiangbei District Urban Management Bureau',
    deleteUnit: (name: string) => `Delete unit ${name}`,
    role: 'Roles',
    outsideRoles: ['System administrator', 'Security administrator', 'Security auditor'],
  },
} as const;

type Language = keyof typeof text;
type Screen = keyof (typeof text)[Language]['screens'];

/** A saved sign-in in `language` at 1366x768, on the shell's home page. */
async function home(
  browser: Browser,
  baseURL: string | undefined,
  account: SavedAccount,
  language: Language,
): Promise<Page> {
  const page = await savedSession(browser, baseURL, account, language);
  await page.setViewportSize(SIZE);
  await page.goto('/');
  await expect(page.getByRole('navigation', { name: text[language].mainMenu })).toBeVisible({
    timeout: 30_000,
  });
  return page;
}

/** Opens a console screen as a person does: 系统管理 in the sidebar, then its card, in the frame. */
async function openScreen(page: Page, language: Language, screen: Screen): Promise<FrameLocator> {
  const l = text[language];
  const { card } = l.screens[screen];
  await page
    .getByRole('navigation', { name: l.mainMenu })
    .getByRole('menuitem', { name: l.system })
    .click();
  await page.getByRole('main').getByRole('button', { name: card, exact: true }).click();
  const frame = page.frameLocator(`iframe[title="${card}"]`);
  await expect(frame.getByRole('table', { name: l.screens[screen].table })).toBeVisible();
  // Wait for the rows: the table is drawn before its data arrives.
  await expect(
    frame
      .getByRole('table', { name: l.screens[screen].table })
      .locator('tbody tr.ant-table-row')
      .first(),
  ).toBeVisible();
  await expect(frame.locator('.ant-spin-spinning')).toHaveCount(0);
  return frame;
}

/** Its tab closed: the next screen opens in a frame of its own. */
async function closeScreen(page: Page, language: Language, screen: Screen) {
  const { card } = text[language].screens[screen];
  const tabs = page.getByRole('navigation', {
    name: language === 'en' ? 'Open pages' : '已打开的页面',
  });
  await tabs
    .getByRole('button', { name: language === 'en' ? `Close ${card}` : `关闭${card}` })
    .click();
}

/**
 * Whether the element shows whole where it is: its text does not overflow it, and
 * neither its window (the frame's) nor an ancestor that clips (a scrolling table) hides
 * a part of it.
 */
function shownWhole(locator: Locator): Promise<boolean> {
  return locator.evaluate((element) => {
    if (element.scrollWidth > element.clientWidth + 0.5) return false;
    const rect = element.getBoundingClientRect();
    const inside = (outer: { left: number; right: number; top: number; bottom: number }) =>
      rect.left >= outer.left - 0.5 &&
      rect.right <= outer.right + 0.5 &&
      rect.top >= outer.top - 0.5 &&
      rect.bottom <= outer.bottom + 0.5;
    if (!inside({ left: 0, top: 0, right: window.innerWidth, bottom: window.innerHeight })) {
      return false;
    }
    for (let node = element.parentElement; node; node = node.parentElement) {
      const style = getComputedStyle(node);
      if (style.overflowX !== 'visible' || style.overflowY !== 'visible') {
        if (!inside(node.getBoundingClientRect())) return false;
      }
    }
    return true;
  });
}

/** Within the browser's window (a frame's content measured in the page's coordinates). */
async function expectInWindow(locator: Locator, what: string) {
  const box = await locator.boundingBox();
  expect(box, `${what} is drawn`).not.toBeNull();
  expect(box!.x, `${what}: left edge in the window`).toBeGreaterThanOrEqual(0);
  expect(box!.y, `${what}: top edge in the window`).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width, `${what}: right edge in the window`).toBeLessThanOrEqual(SIZE.width);
  expect(box!.y + box!.height, `${what}: bottom edge in the window`).toBeLessThanOrEqual(
    SIZE.height,
  );
}

/**
 * The table as wide as its page (nothing behind a scrollbar), no column under another
 * (a fixed one), and the last row's last action whole and in the window.
 */
async function expectListFits(table: Locator, what: string) {
  const layout = await table.evaluate((element) => {
    const scroller = element.querySelector('.ant-table-content, .ant-table-body') ?? element;
    const heads = [...element.querySelectorAll('thead th')].map((cell) => {
      const rect = cell.getBoundingClientRect();
      return { text: cell.textContent ?? '', left: rect.left, right: rect.right };
    });
    return { client: scroller.clientWidth, scroll: scroller.scrollWidth, heads };
  });
  expect(layout.scroll, `${what}: no columns behind a scrollbar`).toBeLessThanOrEqual(
    layout.client + 1,
  );
  for (let index = 1; index < layout.heads.length; index += 1) {
    const [before, column] = [layout.heads[index - 1]!, layout.heads[index]!];
    expect(
      column.left,
      `${what}: “${column.text}” starts where “${before.text}” ends`,
    ).toBeGreaterThanOrEqual(before.right - 1);
  }
  const last = table.locator('tbody tr:has(button)').last().getByRole('button').last();
  await last.scrollIntoViewIfNeeded();
  const name = (await last.getAttribute('aria-label')) ?? (await last.textContent());
  expect(await shownWhole(last), `${what}: the last action (${name}) shows whole`).toBe(true);
  await expectInWindow(last, `${what}: the last action (${name})`);
}

/**
 * A dialog fits: its footer's buttons in the window (the last enabled one takes a click there),
 * every label on its own line above its field, whole and unbroken.
 */
async function expectDialogFits(page: Page, dialog: Locator, what: string) {
  await expect(dialog).toBeVisible();
  const buttons = dialog.locator('.ant-modal-footer button');
  // Measured once the dialog's opening animation has settled: two readings alike.
  let previous = '';
  await expect
    .poll(
      async () => {
        const now = JSON.stringify(await buttons.last().boundingBox());
        const settled = now === previous;
        previous = now;
        return settled;
      },
      { intervals: [250] },
    )
    .toBe(true);
  const count = await buttons.count();
  expect(count, `${what}: buttons below the dialog`).toBeGreaterThan(0);
  for (let index = 0; index < count; index += 1) {
    await expectInWindow(buttons.nth(index), `${what}: ${await buttons.nth(index).textContent()}`);
  }
  // The last that takes a click (a dialog's start waits for its file until then).
  await dialog
    .locator('.ant-modal-footer button:enabled')
    .last()
    .click({ trial: true, timeout: 5_000 });

  const labels = await dialog.evaluate((element) =>
    [...element.querySelectorAll('.ant-form-item')]
      .filter((item) => (item as HTMLElement).offsetParent !== null)
      .flatMap((item) => {
        const label = item.querySelector(':scope > .ant-row > .ant-form-item-label label');
        const control = item.querySelector(':scope > .ant-row > .ant-form-item-control');
        if (!label || !control || !label.textContent?.trim()) return [];
        const range = document.createRange();
        range.selectNodeContents(label);
        // The lines the label's words take (an icon beside them sits a little higher).
        const step = (parseFloat(getComputedStyle(label).lineHeight) || 22) * 0.6;
        const tops = [...range.getClientRects()]
          .filter((rect) => rect.width > 0)
          .map((rect) => rect.top)
          .sort((a, b) => a - b);
        const lines =
          1 + tops.filter((top, index) => index > 0 && top - tops[index - 1]! > step).length;
        const labelBox = label.getBoundingClientRect();
        const controlBox = control.getBoundingClientRect();
        return [
          {
            text: label.textContent.trim(),
            lines,
            above: labelBox.bottom <= controlBox.top + 1,
            cut: label.scrollWidth > label.clientWidth + 0.5,
          },
        ];
      }),
  );
  for (const label of labels) {
    expect(label.above, `${what}: “${label.text}” above its field`).toBe(true);
    expect(label.lines, `${what}: “${label.text}” on one line`).toBe(1);
    expect(label.cut, `${what}: “${label.text}” whole`).toBe(false);
  }
}

/**
 * A row the policy refuses says so (`label`) and why, in a tooltip the mouse and the
 * keyboard reach; `reason` when the test knows its words.
 */
async function expectRefusalShown(
  frame: FrameLocator,
  row: Locator,
  label: string,
  reason?: string,
) {
  const note = row.getByText(label, { exact: true });
  await expect(note).toBeVisible();
  await expect(note).toHaveAttribute('tabindex', '0');
  const why = (await note.getAttribute('aria-label'))!;
  if (reason) expect(why).toBe(reason);
  else expect(why.length).toBeGreaterThan(0);
  await note.hover();
  // Its reason, not the sort hint a heading may still show.
  await expect(frame.getByRole('tooltip').filter({ hasText: why })).toBeVisible();
}

/** Closes a dialog by its cancel or close button (or its last, as 我已记下). */
async function dismiss(dialog: Locator, language: Language) {
  const l = text[language];
  const footer = dialog.locator('.ant-modal-footer');
  const cancel = footer.getByRole('button', { name: l.cancel });
  const close = footer.getByRole('button', { name: l.close });
  if (await cancel.count()) await cancel.click();
  else if (await close.count()) await close.click();
  else await footer.getByRole('button').last().click();
  await expect(dialog).toBeHidden();
}

/**
 * A system administrator stationed in the Jiangbei district: an account in the district
 * administrator's units that it may not act on (stronger than it), so its row says why.
 */
async function stationAdministrator(request: APIRequestContext): Promise<string> {
  const units = await request.get('/api/system/units', { headers: bearerHeaders('admin') });
  expect(units.ok(), await units.text()).toBe(true);
  type Unit = { id: number; name: string; children?: Unit[] };
  const find = (list: Unit[]): Unit | undefined =>
    list
      .map((unit) => (unit.name === '江北区城市管理局' ? unit : find(unit.children ?? [])))
      .find(Boolean);
  const district = find(((await units.json()) as { data: Unit[] }).data)!;
  const username = `e2e.fitadm.${Date.now().toString(36)}${process.pid % 100}`;
  const created = await request.post('/api/system/users', {
    headers: bearerHeaders('admin'),
    data: {
      username,
      name: '江北驻区管理员',
      mobile: uniqueMobile(),
      organizationId: district.id,
      roleIds: ['admin'],
    },
  });
  expect(created.ok(), await created.text()).toBe(true);
  return username;
}

/** A confidential subsystem of the test's own: its row offers 生成新密钥 and 删除. */
async function registerSubsystem(request: APIRequestContext, suffix: string): Promise<string> {
  const name = `布局测试子系统${suffix}`;
  const nameEn = `Layout test subsystem ${suffix}`;
  const response = await request.post('/api/system/subsystems', {
    headers: bearerHeaders('admin'),
    data: {
      clientId: `fit-${suffix}-${Date.now().toString(36)}`,
      name,
      nameEn,
      kind: 'confidential',
      origins: ['https://fit.example.org'],
      redirectUris: ['https://fit.example.org/callback'],
    },
  });
  expect(response.ok(), await response.text()).toBe(true);
  // As the list shows it in the page's language.
  return suffix === 'en' ? nameEn : name;
}

for (const language of ['zh-CN', 'en'] as const) {
  const l = text[language];

  test(`the system administrator's lists and dialogs fit 1366x768 in the frame (${language})`, async ({
    browser,
    request,
  }, testInfo) => {
    test.setTimeout(300_000);
    const subsystem = await registerSubsystem(request, language === 'en' ? 'en' : 'zh');
    // An account of its own to edit and to reset the password of.
    const { username } = await createAccount(request, { prefix: 'e2e.fitusr.' });
    const page = await home(browser, testInfo.project.use.baseURL, 'admin', language);

    for (const screen of ['users', 'roles', 'units', 'menus', 'subsystems'] as const) {
      const s = l.screens[screen];
      const frame = await openScreen(page, language, screen);
      const table = frame.getByRole('table', { name: s.table });
      if (screen === 'subsystems') {
        // The registered one's row is the last: its 删除 the list's last action.
        await expect(table.getByRole('row').filter({ hasText: subsystem })).toBeVisible();
      }
      await expectListFits(table, `${language} ${screen}`);
      if (screen === 'users') await expectAccessible(page, `users at 1366x768 (${language})`);

      await frame.getByRole('button', { name: s.create!, exact: true }).click();
      const dialog = frame.getByRole('dialog', { name: s.dialog!, exact: true });
      await expectDialogFits(page, dialog, `${language} ${s.dialog}`);
      if (screen === 'subsystems') {
        await expectAccessible(page, `subsystem dialog at 1366x768 (${language})`);
      }
      await dismiss(dialog, language);

      if (screen === 'users') {
        const [importLabel, importTitle] = l.importUsers;
        await frame.getByRole('button', { name: importLabel, exact: true }).click();
        const importing = frame.getByRole('dialog', { name: importTitle });
        await expectDialogFits(page, importing, `${language} ${importTitle}`);
        await dismiss(importing, language);

        await frame.getByLabel(l.keyword, { exact: true }).fill(username);
        await frame.getByRole('button', { name: l.search }).click();
        const row = table.getByRole('row').filter({ hasText: username });
        await row.getByRole('button', { name: l.editOf }).click();
        const edit = frame.getByRole('dialog', { name: l.editUser });
        await expectDialogFits(page, edit, `${language} ${l.editUser}`);
        await dismiss(edit, language);

        // The issued password, after a reset.
        await row.getByRole('button', { name: l.resetOf }).click();
        await frame
          .getByRole('dialog')
          .getByRole('button', { name: l.resetOk, exact: true })
          .click();
        const issued = frame.getByRole('dialog', { name: l.issuedReset });
        await expectDialogFits(page, issued, `${language} ${l.issuedReset}`);
        await dismiss(issued, language);
      }
      if (screen === 'units') {
        // Several top units start closed (read a level at a time): the first is opened
        // onto its subunits and departments.
        await table
          .getByRole('button', { name: /^(展开行|Expand row)$/ })
          .first()
          .click();
        for (const [button, title] of [l.editUnit, l.editDepartment]) {
          await table.getByRole('button', { name: button }).first().click();
          const edit = frame.getByRole('dialog', { name: title });
          await expectDialogFits(page, edit, `${language} ${title}`);
          await dismiss(edit, language);
        }
      }
      if (screen === 'subsystems') {
        await table
          .getByRole('row')
          .filter({ hasText: subsystem })
          .getByRole('button', { name: l.editSubsystem(subsystem) })
          .click();
        const edit = frame.getByRole('dialog');
        await expectDialogFits(page, edit, `${language} edit subsystem`);
        await dismiss(edit, language);
        await frame.getByRole('button', { name: l.vendorSettings, exact: true }).click();
        const settings = frame.getByRole('dialog');
        await expectDialogFits(page, settings, `${language} vendor settings`);
        await dismiss(settings, language);
      }
      await closeScreen(page, language, screen);
    }

    // The personal area's dialogs, in the shell itself.
    for (const [item, title] of [l.profile, [l.changePassword, l.changePassword]] as const) {
      await page.getByRole('button', { name: l.userMenu }).click();
      await page.getByRole('menuitem', { name: item }).click();
      const dialog = page.getByRole('dialog', { name: title });
      await expectDialogFits(page, dialog, `${language} ${title}`);
      await dismiss(dialog, language);
    }
    await page.context().close();
  });

  test(`the security administrator's sessions fit 1366x768 in the frame (${language})`, async ({
    browser,
  }, testInfo) => {
    const page = await home(browser, testInfo.project.use.baseURL, 'security', language);
    const frame = await openScreen(page, language, 'sessions');
    // The saved sign-ins of the other accounts are sessions it may end.
    const table = frame.getByRole('table', { name: l.screens.sessions.table });
    await expect(table.getByRole('button').first()).toBeVisible();
    await expectListFits(table, `${language} sessions`);
    await page.context().close();
  });

  test(`the district administrator is offered nothing that is refused, at 1366x768 (${language})`, async ({
    browser,
    request,
  }, testInfo) => {
    test.setTimeout(180_000);
    const stronger = await stationAdministrator(request);
    const page = await home(browser, testInfo.project.use.baseURL, 'jiangbei', language);

    // Users: an account beyond its reach says why, to the mouse and the keyboard.
    const users = await openScreen(page, language, 'users');
    const userTable = users.getByRole('table', { name: l.screens.users.table });
    await expectListFits(userTable, `${language} district users`);
    await expectRefusalShown(
      users,
      userTable.getByRole('row').filter({ hasText: stronger }),
      l.noActions,
    );
    await users.getByRole('button', { name: l.screens.users.create, exact: true }).click();
    const newUser = users.getByRole('dialog', { name: l.screens.users.dialog, exact: true });
    await expectDialogFits(page, newUser, `${language} district new user`);
    // Only roles it may give: none of the three administrators'.
    await newUser.getByRole('combobox', { name: l.role }).click();
    for (const role of l.outsideRoles) {
      await expect(users.locator(`.ant-select-item-option[title="${role}"]`)).toHaveCount(0);
    }
    await page.keyboard.press('Escape');
    await dismiss(newUser, language);
    await closeScreen(page, language, 'users');

    // Roles: its own role is not its to change, and its row says why.
    const roles = await openScreen(page, language, 'roles');
    const roleTable = roles.getByRole('table', { name: l.screens.roles.table });
    await expectListFits(roleTable, `${language} district roles`);
    await expectRefusalShown(
      roles,
      roleTable.getByRole('row').filter({ hasText: l.ownRole }),
      l.noChanges,
      l.ownRoleReason,
    );
    await closeScreen(page, language, 'roles');

    // Units: its own top unit is not its to delete, and nothing is made at the top level.
    const units = await openScreen(page, language, 'units');
    const unitTable = units.getByRole('table', { name: l.screens.units.table });
    await expectListFits(unitTable, `${language} district units`);
    const root = unitTable.getByRole('row').filter({ hasText: l.districtRoot }).first();
    await expect(root).toBeVisible();
    await expect(unitTable.getByRole('button', { name: l.deleteUnit(l.districtRoot) })).toHaveCount(
      0,
    );
    await expectRefusalShown(units, root, l.noDelete, l.ownRootReason);
    await units.getByRole('button', { name: l.screens.units.create, exact: true }).click();
    const newUnit = units.getByRole('dialog', { name: l.screens.units.dialog, exact: true });
    await expectDialogFits(page, newUnit, `${language} district new unit`);
    await expect(newUnit.getByText(l.topLevel)).toHaveCount(0);
    await expectAccessible(page, `district new unit at 1366x768 (${language})`);
    await newUnit.getByRole('combobox', { name: l.parent }).click();
    // Its own units to choose from, the top level not among them.
    const options = units.locator('.ant-select-tree-title');
    await expect(options.filter({ hasText: l.districtRoot }).first()).toBeVisible();
    await expect(options.filter({ hasText: l.topLevel })).toHaveCount(0);
    await page.keyboard.press('Escape');
    await dismiss(newUnit, language);
    await page.context().close();
  });

  test(`the forced password change and the recovery codes keep their buttons in view, at 1366x768 (${language})`, async ({
    browser,
    request,
  }, testInfo) => {
    test.setTimeout(180_000);
    const baseURL = testInfo.project.use.baseURL;
    const signedIn = async (account: { username: string; password: string }) => {
      const context = await browser.newContext({ baseURL, locale: language, viewport: SIZE });
      const page = await context.newPage();
      await page.addInitScript((value) => window.localStorage.setItem('language', value), language);
      await page.goto(appPath('history', '/login'));
      await signIn(page, account, language);
      return page;
    };

    // A reset required: the dialog laid out as the others, its rule in whole sentences.
    const forced = await signedIn(
      await createAccount(request, { prefix: 'e2e.fitpw.', mustChangePassword: true }),
    );
    const reset = forced.getByRole('dialog', { name: l.resetTitle });
    await expectDialogFits(forced, reset, `${language} forced password change`);
    // The rule is a sentence of its own, ended (with the login-name rule on, a second follows).
    await expect(reset.locator('.ant-form-item-extra')).toHaveText(
      language === 'en' ? /space\.( It .*\.)?$/ : /中的一个。(不得包含登录账号。)?$/,
    );
    await forced.context().close();

    // The recovery codes: 关闭 stays in view below the ten codes.
    const page = await signedIn(
      await createAccount(request, { prefix: 'e2e.fittfa.', roleIds: ['auditor'] }),
    );
    await page.getByRole('button', { name: l.userMenu }).click();
    await page.getByRole('menuitem', { name: l.twoStep }).click();
    const dialog = page.getByRole('dialog', { name: l.twoStep });
    await dialog.getByRole('button', { name: l.setUp, exact: true }).click();
    const secret = (await dialog.getByTestId('second-factor-secret').textContent())!.replace(
      /\s/g,
      '',
    );
    const code = new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate();
    await dialog.getByLabel(l.appCode, { exact: true }).fill(code);
    await dialog.getByRole('button', { name: l.confirm, exact: true }).click();
    await expect(dialog.getByRole('heading', { name: l.recovery })).toBeVisible();
    await expect(dialog.getByTestId('recovery-code')).toHaveCount(10);
    await expectDialogFits(page, dialog, `${language} recovery codes`);
    await expect(
      dialog.locator('.ant-modal-footer').getByRole('button', { name: l.close }),
    ).toBeVisible();
    await page.context().close();
  });
}
