import { type FrameLocator, type Locator, type Page, expect, test } from '@playwright/test';
import { savedState } from '../support/auth';

/**
 * The framed console fits the window (issue 24): the frame takes exactly the height
 * left below the second-factor reminder, the page inside has the shell's padding, the
 * user table keeps its row actions whole, the search buttons stay on one line, a
 * long system name is never cut silently and the home page marks no menu entry.
 */

const text = {
  'zh-CN': {
    locale: 'zh-CN',
    mainMenu: '主菜单',
    system: '系统管理',
    users: '用户管理',
    heading: '用户管理',
    search: '查询',
    reset: '重置',
    status: '状态',
    reminder: /尚未设置/,
  },
  en: {
    locale: 'en-US',
    mainMenu: 'Main menu',
    system: 'System administration',
    users: 'Users',
    heading: 'Users',
    search: 'Search',
    reset: 'Reset',
    status: 'Status',
    reminder: /not set one up/,
  },
} as const;

type Language = keyof typeof text;

test.use({ storageState: savedState('admin') });

const windows = [
  { width: 1440, height: 900 },
  { width: 1366, height: 768 },
] as const;

/** The home page, signed in as the administrator (the saved sign-in, support/auth.ts). */
async function start(page: Page, language: Language) {
  await page.goto('/');
  await expect(page.getByRole('navigation', { name: text[language].mainMenu })).toBeVisible({
    timeout: 30_000,
  });
}

/** Opens the user list from the 系统管理 card: in the frame, as a console user does. */
async function openUsers(page: Page, language: Language): Promise<FrameLocator> {
  const l = text[language];
  await page
    .getByRole('navigation', { name: l.mainMenu })
    .getByRole('menuitem', { name: l.system })
    .click();
  await page.getByRole('main').getByRole('button', { name: l.users, exact: true }).click();
  const frame = page.frameLocator(`iframe[title="${l.users}"]`);
  await expect(frame.getByRole('heading', { level: 2, name: l.heading })).toBeVisible({
    timeout: 20_000,
  });
  return frame;
}

async function box(locator: Locator) {
  const found = await locator.boundingBox();
  if (!found) throw new Error('not rendered');
  return found;
}

/**
 * Whether the element shows whole: its text does not overflow it, and no ancestor
 * that clips (a scrolling table, the frame's window) hides a part of it.
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

for (const size of windows) {
  test(`at ${size.width}x${size.height} the frame fills the window left below the two-step reminder`, async ({
    page,
  }) => {
    const l = text['zh-CN'];
    await page.setViewportSize(size);
    await start(page, 'zh-CN');
    // The administrator has no second factor yet: the reminder shows above every page.
    await expect(page.getByRole('status').filter({ hasText: l.reminder })).toBeVisible();
    const inner = await openUsers(page, 'zh-CN');

    const frame = await box(page.locator(`iframe[title="${l.users}"]`));
    const main = await box(page.getByRole('main'));
    const sidebar = await box(page.getByRole('navigation', { name: l.mainMenu }));
    // The shell's padding around its content, as a screen shown directly has it.
    const padding = main.x - (sidebar.x + sidebar.width);
    expect(padding).toBeGreaterThan(0);
    // Exactly the space left: to the window's bottom, less the shell's padding.
    expect(frame.y + frame.height).toBeLessThanOrEqual(size.height);
    expect(Math.abs(frame.y + frame.height - (size.height - padding))).toBeLessThanOrEqual(1);
    const scroll = await page.evaluate(() => ({
      height: document.documentElement.scrollHeight,
      width: document.documentElement.scrollWidth,
    }));
    expect(scroll.height).toBeLessThanOrEqual(size.height);
    expect(scroll.width).toBeLessThanOrEqual(size.width);

    // The page in the frame has the shell's padding, not its edges against the frame.
    const heading = await box(inner.getByRole('heading', { level: 2, name: l.heading }));
    expect(Math.abs(heading.x - frame.x - padding)).toBeLessThanOrEqual(1);
  });
}

for (const language of ['zh-CN', 'en'] as const) {
  const l = text[language];

  test.describe(`the user table in ${language}`, () => {
    test.use({ locale: l.locale });

    test('at 1366x768 shows every row action whole', async ({ page }) => {
      await page.setViewportSize({ width: 1366, height: 768 });
      await start(page, language);
      const inner = await openUsers(page, language);
      const table = inner.getByRole('table');
      await expect(table.getByRole('row').nth(3)).toBeVisible();
      let checked = 0;
      for (const row of (await table.getByRole('row').all()).slice(1, 6)) {
        for (const button of await row.getByRole('button').all()) {
          const name = await button.getAttribute('aria-label');
          // A row's cells wrap to fit the page (issue 31): a row may lie below the fold.
          await button.scrollIntoViewIfNeeded();
          expect(await shownWhole(button), `${name} shows whole`).toBe(true);
          checked += 1;
        }
      }
      // Edit, disable and reset password on the other accounts' rows at least.
      expect(checked).toBeGreaterThanOrEqual(6);
    });
  });
}

// In Chinese, the console's language: the English labels are longer and take two lines.
for (const language of ['zh-CN'] as const) {
  const l = text[language];

  test.describe(`the user search in ${language}`, () => {
    test.use({ locale: l.locale });

    test(`at 1440x900 keeps ${l.search} and ${l.reset} on one line with the last filter`, async ({
      page,
    }) => {
      await page.setViewportSize({ width: 1440, height: 900 });
      await start(page, language);
      const inner = await openUsers(page, language);
      const form = inner.getByRole('search');
      const search = form.getByRole('button', { name: l.search, exact: true });
      const reset = form.getByRole('button', { name: l.reset, exact: true });
      const status = await box(form.getByRole('combobox', { name: l.status }));
      const searchBox = await box(search);
      const resetBox = await box(reset);
      expect(await shownWhole(search)).toBe(true);
      expect(await shownWhole(reset)).toBe(true);
      expect(Math.abs(searchBox.y - resetBox.y)).toBeLessThanOrEqual(1);
      expect(resetBox.x).toBeGreaterThan(searchBox.x + searchBox.width);
      // Not a line of their own below the filters.
      const middle = (found: { y: number; height: number }) => found.y + found.height / 2;
      expect(Math.abs(middle(searchBox) - middle(status))).toBeLessThanOrEqual(4);
    });
  });
}

for (const name of [
  '江城市城市运行管理服务综合指挥调度与数据共享交换平台',
  'Jiangcheng City Operations Management and Service Platform',
]) {
  test(`a long system name in the sidebar is never cut silently: ${name}`, async ({ page }) => {
    await page.route('**/config.json', async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as Record<string, unknown>;
      await route.fulfill({ response, json: { ...body, systemName: name } });
    });
    await page.setViewportSize({ width: 1440, height: 900 });
    await start(page, 'zh-CN');
    const logo = page.getByRole('button', { name, exact: true });
    await expect(logo).toBeVisible();
    const shown = logo.getByText(name, { exact: true });
    const logoBox = await box(logo);
    const nameBox = await box(shown);
    // Within the sidebar's logo, not running past its edge.
    expect(nameBox.x + nameBox.width).toBeLessThanOrEqual(logoBox.x + logoBox.width + 0.5);
    expect(nameBox.y + nameBox.height).toBeLessThanOrEqual(logoBox.y + logoBox.height + 0.5);
    const whole = await shown.evaluate(
      (element) =>
        element.scrollHeight <= element.clientHeight + 0.5 &&
        element.scrollWidth <= element.clientWidth + 0.5,
    );
    // Whole on at most two lines, or shortened with the whole name in its title.
    if (!whole) await expect(shown).toHaveAttribute('title', name);
  });
}

test('the home page marks no sidebar entry until one is chosen', async ({ page }) => {
  const l = text['zh-CN'];
  await page.setViewportSize({ width: 1440, height: 900 });
  await start(page, 'zh-CN');
  const menu = page.getByRole('navigation', { name: l.mainMenu });
  const guide = menu.getByRole('menuitem', { name: '业务指导' });
  await expect(guide).toBeVisible();
  await expect(page.getByRole('heading', { level: 2 })).toBeVisible();
  for (const item of await menu.getByRole('menuitem').all()) {
    await expect(item).not.toHaveClass(/ant-menu-item-selected/);
  }
  // Chosen, it is marked.
  await guide.click();
  await expect(guide).toHaveClass(/ant-menu-item-selected/);
});
