import { type FrameLocator, type Page, expect, test } from '@playwright/test';
import { expectAccessible } from '../support/axe';
import { savedState } from '../support/auth';
import { appPath } from '../support/session';

/** The texts each screen shows, per language. */
const text = {
  'zh-CN': {
    locale: 'zh-CN',
    mainMenu: '主菜单',
    openPages: '已打开的页面',
    home: '首页',
    command: '指挥协调',
    eventDispatch: '事件调度',
    industry: '行业应用',
    sanitation: '市容环卫',
    dataExchange: '数据交换',
    dataPlatform: '数据共享交换平台',
    businessGuide: '业务指导',
    guideDocuments: '指导文件',
    notes: '工作记录',
    openMap: '在平台中打开地图编辑',
    mapTab: '地图编辑',
    user: '用户',
    tokenReceived: /^已收到/,
    embedYes: '是',
    closeOthers: '关闭其他',
    closeAll: '关闭全部',
    close: (title: string) => `关闭${title}`,
    settings: '布局设置',
    tagsSwitch: '以标签页打开页面',
    fixedHeader: '固定页头',
    logoSwitch: '侧边栏标志',
    dark: '深色',
    small: '小',
    closeSettings: '关闭布局设置',
    openMenu: '打开菜单',
    collapseSidebar: '收起侧边栏',
    expandSidebar: '展开侧边栏',
    weather: /江城天气：多云，18 °C/,
    login: { account: '用户名' },
  },
  en: {
    locale: 'en-US',
    mainMenu: 'Main menu',
    openPages: 'Open pages',
    home: 'Home',
    command: 'Command coordination',
    eventDispatch: 'Event dispatch',
    industry: 'Industry applications',
    sanitation: 'City appearance and sanitation',
    dataExchange: 'Data exchange',
    dataPlatform: 'Data sharing and exchange platform',
    businessGuide: 'Business guidance',
    guideDocuments: 'Guidance documents',
    notes: 'Work notes',
    openMap: 'Open the map editor in the platform',
    mapTab: 'Map editing',
    user: 'User',
    tokenReceived: /^received/,
    embedYes: 'yes',
    closeOthers: 'Close others',
    closeAll: 'Close all',
    close: (title: string) => `Close ${title}`,
    settings: 'Layout settings',
    tagsSwitch: 'Open pages as tabs',
    fixedHeader: 'Fixed header',
    logoSwitch: 'Sidebar logo',
    dark: 'Dark',
    small: 'Small',
    closeSettings: 'Close layout settings',
    openMenu: 'Open menu',
    collapseSidebar: 'Collapse sidebar',
    expandSidebar: 'Expand sidebar',
    weather: /Weather in Jiangcheng: Cloudy, 18 °C/,
    login: { account: 'Username' },
  },
} as const;

type Language = keyof typeof text;

test.use({ storageState: savedState('admin') });

/** The home page, signed in as the administrator (the saved sign-in, support/auth.ts). */
async function start(page: Page, mode: string, language: Language) {
  await page.goto(appPath(mode, '/'));
  await expect(page.getByRole('navigation', { name: text[language].mainMenu })).toBeVisible({
    timeout: 30_000,
  });
}

function tabsBar(page: Page, language: Language) {
  return page.getByRole('navigation', { name: text[language].openPages });
}

function frame(page: Page, title: string): FrameLocator {
  return page.frameLocator(`iframe[title="${title}"]`);
}

for (const language of ['zh-CN', 'en'] as const) {
  const l = text[language];

  test.describe(`the shell in ${language}`, () => {
    test.use({ locale: l.locale });
    // Long flows with an axe check on each screen.
    test.describe.configure({ timeout: 180_000 });

    test('subsystems open in tabs that keep their state and do not reload', async ({
      page,
    }, testInfo) => {
      const mode = testInfo.project.name;
      await start(page, mode, language);
      // The header's weather in words is a component test (weather-badge.test.tsx); the
      // narrow header's below shows it comes from the server.
      const menu = page.getByRole('navigation', { name: l.mainMenu });

      // Command coordination: the children menu lists its pages under it.
      await menu.getByRole('menuitem', { name: l.command }).click();
      await menu.getByRole('menuitem', { name: l.eventDispatch }).click();
      const dispatch = frame(page, l.eventDispatch);
      await expect(
        dispatch.getByRole('heading', { level: 1, name: l.eventDispatch }),
      ).toBeVisible();
      const received = dispatch.getByRole('definition');
      await expect(received.nth(0)).toHaveText('admin');
      await expect(received.nth(2)).toHaveText('admin');
      await expect(received.nth(3)).toHaveText(l.embedYes);
      await expect(received.nth(4)).toHaveText(l.tokenReceived);
      const src = await page.locator(`iframe[title="${l.eventDispatch}"]`).getAttribute('src');
      expect(new URL(src!).searchParams.get('system')).toBe('event_dispatch');
      expect(new URL(src!).searchParams.get('embed')).toBe('true');
      await dispatch.getByLabel(l.notes).fill('night shift: 3 open events');
      const instance = await dispatch.locator('#instance').textContent();
      await expectAccessible(page, `event dispatch frame (${language})`);

      // A second subsystem opens in its own tab; the panel lists its pages.
      await menu.getByRole('menuitem', { name: l.industry }).click();
      await page.getByRole('main').getByRole('button', { name: l.sanitation }).click();
      await expect(
        frame(page, l.sanitation).getByRole('heading', { level: 1, name: l.sanitation }),
      ).toBeVisible();
      await expect(page.locator(`iframe[title="${l.eventDispatch}"]`)).toBeHidden();
      const bar = tabsBar(page, language);
      await expect(bar.getByRole('button', { name: l.eventDispatch, exact: true })).toBeVisible();
      await expectAccessible(page, `two tabs (${language})`);

      // Back to the first tab: typed text is there and the page did not reload.
      await bar.getByRole('button', { name: l.eventDispatch, exact: true }).click();
      await expect(dispatch.getByLabel(l.notes)).toHaveValue('night shift: 3 open events');
      await expect(dispatch.locator('#instance')).toHaveText(instance!);
      await expect(bar.getByRole('button', { name: l.eventDispatch, exact: true })).toHaveAttribute(
        'aria-current',
        'page',
      );

      // The embedded page asks the shell for one of its own pages: it opens as a route tab.
      await dispatch.getByRole('button', { name: l.openMap }).click();
      await expect(page).toHaveURL(/\/amap$/);
      await expect(bar.getByRole('button', { name: l.mapTab, exact: true })).toHaveAttribute(
        'aria-current',
        'page',
      );
      await expect(page.locator(`iframe[title="${l.eventDispatch}"]`)).toBeHidden();
      await bar.getByRole('button', { name: l.eventDispatch, exact: true }).click();
      // Its tab is the current one before the map's is closed: a hidden frame keeps its
      // text too, and closing the current tab would open its neighbour (the sanitation's).
      await expect(bar.getByRole('button', { name: l.eventDispatch, exact: true })).toHaveAttribute(
        'aria-current',
        'page',
      );
      await expect(dispatch.getByLabel(l.notes)).toHaveValue('night shift: 3 open events');
      await expect(dispatch.locator('#instance')).toHaveText(instance!);
      await bar.getByRole('button', { name: l.close(l.mapTab) }).click();

      // The home tab shows the pages of the subsystem last shown, the frames stay mounted.
      await bar.getByRole('button', { name: l.home, exact: true }).click();
      await expect(
        page.getByRole('main').getByRole('button', { name: l.eventDispatch }),
      ).toBeVisible();
      await expect(page.locator('iframe')).toHaveCount(2);
      await expectAccessible(page, `home with open tabs (${language})`);

      // A reload of the browser tab keeps the open tabs.
      await bar.getByRole('button', { name: l.eventDispatch, exact: true }).click();
      await page.reload();
      await expect(bar.getByRole('button', { name: l.sanitation, exact: true })).toBeVisible();
      await expect(bar.getByRole('button', { name: l.eventDispatch, exact: true })).toHaveAttribute(
        'aria-current',
        'page',
      );
      await expect(
        dispatch.getByRole('heading', { level: 1, name: l.eventDispatch }),
      ).toBeVisible();

      // Close one, then the others, then all.
      await bar.getByRole('button', { name: l.close(l.sanitation) }).click();
      await expect(bar.getByRole('button', { name: l.sanitation, exact: true })).toHaveCount(0);
      await menu.getByRole('menuitem', { name: l.industry }).click();
      await page.getByRole('main').getByRole('button', { name: l.sanitation }).click();
      await expect(bar.getByRole('listitem')).toHaveCount(3);
      await bar.getByRole('button', { name: l.closeOthers }).click();
      await expect(bar.getByRole('listitem')).toHaveCount(2);
      await expect(bar.getByRole('button', { name: l.sanitation, exact: true })).toBeVisible();
      await expect(page.locator(`iframe[title="${l.eventDispatch}"]`)).toHaveCount(0);
      await bar.getByRole('button', { name: l.closeAll }).click();
      await expect(bar.getByRole('listitem')).toHaveCount(1);
      await expect(page.locator('iframe')).toHaveCount(0);
      await expect(bar.getByRole('button', { name: l.home, exact: true })).toHaveAttribute(
        'aria-current',
        'page',
      );
    });

    test('an integrated system frames its page, activates business guide and opens its own window', async ({
      page,
    }, testInfo) => {
      await start(page, testInfo.project.name, language);
      const menu = page.getByRole('navigation', { name: l.mainMenu });
      const popupPromise = page.waitForEvent('popup');
      await menu.getByRole('menuitem', { name: l.dataExchange }).click();
      const popup = await popupPromise;
      await expect(popup).toHaveURL(
        /demo-subsystem\.html\?system=data_sharing_platform&window=own/,
      );
      await expect(
        frame(page, l.dataPlatform).getByRole('heading', { level: 1, name: l.dataPlatform }),
      ).toBeVisible();
      await expect(menu.getByRole('menuitem', { name: l.businessGuide })).toHaveClass(
        /ant-menu-item-selected/,
      );
      await expectAccessible(page, `integrated system (${language})`);
      await expectAccessible(popup, `integrated system own window (${language})`);

      // The business guide's own pages open embedded (embed=true) in the frame.
      await tabsBar(page, language).getByRole('button', { name: l.home, exact: true }).click();
      await page.getByRole('main').getByRole('button', { name: l.guideDocuments }).click();
      const guide = page.locator(`iframe[title="${l.guideDocuments}"]`);
      await expect(guide).toBeVisible();
      expect(new URL((await guide.getAttribute('src'))!).href).toContain('embed=true');
      await expect(
        frame(page, l.guideDocuments).getByRole('navigation', { name: l.mainMenu }),
      ).toHaveCount(0);
    });

    test('layout settings apply at once and persist', async ({ page }, testInfo) => {
      await start(page, testInfo.project.name, language);
      await page.getByRole('button', { name: l.settings }).click();
      const drawer = page.getByRole('dialog', { name: l.settings });
      await expect(drawer).toBeVisible();
      await expectAccessible(page, `settings drawer (${language})`);

      await drawer.getByRole('switch', { name: l.tagsSwitch }).click();
      await expect(tabsBar(page, language)).toHaveCount(0);
      await drawer.getByRole('switch', { name: l.fixedHeader }).click();
      await drawer.getByRole('switch', { name: l.logoSwitch }).click();
      await drawer.getByRole('radio', { name: l.dark }).check();
      await drawer.getByRole('radio', { name: l.small, exact: true }).check();
      await expect(page.locator('.ant-menu-dark')).toBeVisible();
      await drawer.getByRole('button', { name: l.closeSettings }).click();
      await expect(drawer).toBeHidden();
      await expectAccessible(page, `dark menu, small size (${language})`);

      await page.reload();
      await expect(page.getByRole('navigation', { name: l.mainMenu })).toBeVisible();
      await expect(tabsBar(page, language)).toHaveCount(0);
      await expect(page.locator('.ant-menu-dark')).toBeVisible();
      await page.getByRole('button', { name: l.settings }).click();
      const again = page.getByRole('dialog', { name: l.settings });
      await expect(again.getByRole('switch', { name: l.tagsSwitch })).not.toBeChecked();
      await expect(again.getByRole('switch', { name: l.fixedHeader })).toBeChecked();
      await expect(again.getByRole('switch', { name: l.logoSwitch })).not.toBeChecked();
      await expect(again.getByRole('radio', { name: l.small, exact: true })).toBeChecked();
    });

    test('a narrow window turns the sidebar into a drawer', async ({ page }, testInfo) => {
      await start(page, testInfo.project.name, language);
      await page.setViewportSize({ width: 600, height: 900 });
      const menu = page.getByRole('navigation', { name: l.mainMenu });
      await expect(menu).toBeHidden();
      await expect(page.getByRole('status', { name: l.weather })).toBeVisible();
      await expectAccessible(page, `mobile header (${language})`);

      await page.getByRole('button', { name: l.openMenu }).click();
      await expect(menu).toBeVisible();
      await expectAccessible(page, `mobile menu drawer (${language})`);
      await menu.getByRole('menuitem', { name: l.industry }).click();
      await expect(menu).toBeHidden();
      await expect(
        page.getByRole('main').getByRole('button', { name: l.sanitation }),
      ).toBeVisible();

      await page.setViewportSize({ width: 1280, height: 800 });
      await expect(menu).toBeVisible();
      // The drawer closing was not the person's choice: the desktop sidebar is open again.
      await expect(page.getByRole('button', { name: l.collapseSidebar })).toHaveAttribute(
        'aria-expanded',
        'true',
      );
      expect(await page.evaluate(() => localStorage.getItem('sidebarStatus'))).not.toBe('0');
    });

    test("a narrow window leaves the person's own sidebar choice alone", async ({
      page,
    }, testInfo) => {
      await page.setViewportSize({ width: 1440, height: 900 });
      await start(page, testInfo.project.name, language);
      const menu = page.getByRole('navigation', { name: l.mainMenu });

      // 900 px and back: the sidebar left open is open again.
      await page.setViewportSize({ width: 900, height: 900 });
      await expect(page.getByRole('button', { name: l.openMenu })).toBeVisible();
      await page.setViewportSize({ width: 1440, height: 900 });
      await expect(page.getByRole('button', { name: l.collapseSidebar })).toBeVisible();
      expect(await page.evaluate(() => localStorage.getItem('sidebarStatus'))).not.toBe('0');

      // Collapsed by the person, then the drawer opened on a narrow window: still collapsed.
      await page.getByRole('button', { name: l.collapseSidebar }).click();
      await page.setViewportSize({ width: 900, height: 900 });
      await page.getByRole('button', { name: l.openMenu }).click();
      await expect(menu).toBeVisible();
      await page.setViewportSize({ width: 1440, height: 900 });
      await expect(page.getByRole('button', { name: l.expandSidebar })).toBeVisible();
      expect(await page.evaluate(() => localStorage.getItem('sidebarStatus'))).toBe('0');
    });
  });
}
