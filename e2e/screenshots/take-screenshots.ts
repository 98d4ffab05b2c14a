/**
 * `npm run screenshots`: the README's pictures, taken from the real product. It starts
 * the built server (apps/server/dist, with the built web app) on a fresh in-memory
 * demo database, as the browser tests do (e2e/support/private-server.ts), drives the
 * system Chromium through the main screens in Chinese (and the sign-in page and the
 * shell in English too) and writes 1440x900 PNGs to docs/images/, and the console's
 * pictures of docs/administration.md and docs/audit.md at 1366x768. Names given
 * (`npm run screenshots -w @cityops/e2e -- district-users audit-subsystem-detail`) take
 * only those (`readme`: the README's). It builds nothing: the root script builds first.
 * Not part of CI: run it when the screens change.
 */
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser, type Page, chromium, expect } from '@playwright/test';
import sharp from 'sharp';
import { startPrivateServer } from '../support/private-server';
import { accounts, signIn } from '../support/session';

type Language = 'zh-CN' | 'en';

const outputDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../docs/images');
// Away from the browser tests' ports (E2E_PORT_BASE and the few above it).
const port = Number(process.env.SCREENSHOTS_PORT ?? Number(process.env.E2E_PORT_BASE ?? 4310) + 40);
const viewport = { width: 1440, height: 900 };
// The sign-in and the map's first load are slow on a busy machine.
const slow = { timeout: 60_000 };

const text = {
  'zh-CN': {
    userMenu: '用户菜单',
    bell: /^消息通知/,
    panel: '消息通知',
    mainMenu: '主菜单',
  },
  en: {
    userMenu: 'User menu',
    bell: /^message notification/i,
    panel: /^message notification/i,
    mainMenu: 'Main menu',
  },
} as const;

async function openPage(browser: Browser, baseURL: string, language: Language) {
  const context = await browser.newContext({
    baseURL,
    viewport,
    deviceScaleFactor: 1,
    locale: language === 'en' ? 'en-US' : 'zh-CN',
    timezoneId: 'Asia/Shanghai',
  });
  return context.newPage();
}

async function save(page: Page, name: string) {
  // A settled page: no spinner, no progress bar, the caret hidden.
  await expect(page.locator('.ant-spin-spinning')).toHaveCount(0, slow);
  await expect(page.locator('#nprogress')).toHaveCount(0, slow);
  const file = path.join(outputDir, `${name}.png`);
  const shot = await page.screenshot({ animations: 'disabled', caret: 'hide' });
  // A palette of 256 colours at the quantiser's best quality keeps a screen (the sign-in
  // page's gradient too) under 300 KB for the README without visible banding.
  await sharp(shot).png({ palette: true, quality: 100, effort: 10 }).toFile(file);
  process.stdout.write(`wrote ${path.relative(process.cwd(), file)}\n`);
}

async function signInPage(page: Page, language: Language) {
  await page.goto('/login');
  await expect(page.getByRole('button', { name: /^(登录|log in)$/i })).toBeVisible(slow);
  await save(page, `sign-in.${language}`);
}

async function shellWithBell(page: Page, language: Language) {
  await signIn(page, accounts.admin, language);
  await expect(page.getByRole('button', { name: text[language].userMenu })).toBeVisible(slow);
  await expect(page.getByRole('navigation', { name: text[language].mainMenu })).toBeVisible(slow);
  await page.getByRole('button', { name: text[language].bell }).click();
  const panel = page.getByRole('dialog', { name: text[language].panel });
  await expect(panel.getByRole('listitem').first()).toBeVisible(slow);
  await save(page, `shell-notifications.${language}`);
  await page.keyboard.press('Escape');
}

async function guidance(page: Page) {
  await page.goto('/business_guide/table');
  await expect(page.getByRole('heading', { name: '业务指导列表' })).toBeVisible(slow);
  await expect(page.getByRole('link', { name: /^编辑正文: \p{Script=Han}/u }).first()).toBeVisible(
    slow,
  );
  await save(page, 'guide-list.zh-CN');

  await page
    .getByRole('link', { name: /^编辑正文: \p{Script=Han}/u })
    .first()
    .click();
  await expect(page.getByRole('heading', { name: '业务指导正文' })).toBeVisible(slow);
  await expect(page.getByRole('textbox', { name: '文章正文' })).toBeVisible(slow);
  await save(page, 'guide-editor.zh-CN');
}

async function mapEditor(page: Page) {
  await page.goto('/amap');
  await expect(page.getByRole('application')).toBeVisible(slow);
  await expect(page.getByRole('toolbar', { name: '编辑工具' })).toBeVisible(slow);
  await page.waitForLoadState('networkidle');
  await save(page, 'map-editor.zh-CN');
}

/**
 * The console at the size the city's civil servants work at (issue 31): 1366x768, in
 * Chinese, in a context of its own so that the README's pictures keep theirs.
 */
async function consolePage(
  browser: Browser,
  baseURL: string,
  account: keyof typeof consoleAccounts,
) {
  const context = await browser.newContext({
    baseURL,
    viewport: { width: 1366, height: 768 },
    deviceScaleFactor: 1,
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
  });
  const page = await context.newPage();
  await page.addInitScript(() => window.localStorage.setItem('language', 'zh-CN'));
  await page.goto('/login');
  await signIn(page, consoleAccounts[account], 'zh-CN');
  await expect(page.getByRole('button', { name: text['zh-CN'].userMenu })).toBeVisible(slow);
  return page;
}

const consoleAccounts = {
  ...accounts,
  jiangbei: { username: 'jiangbei', password: 'Jiangbei@2026' },
} as const;

/**
 * The district administrator's user list in the shell's frame (docs/administration.md),
 * with a system administrator stationed in the district: a row it may not act on.
 */
async function districtUsers(browser: Browser, baseURL: string) {
  const admin = await consolePage(browser, baseURL, 'admin');
  const token = (await admin.context().cookies()).find((cookie) => cookie.name === 'token')!;
  const headers = { authorization: `Bearer ${token.value}` };
  type Unit = { id: number; name: string; children: Unit[] };
  const find = (list: Unit[]): Unit | undefined =>
    list
      .map((unit) => (unit.name === '江北区城市管理局' ? unit : find(unit.children)))
      .find(Boolean);
  const units = (await (await admin.request.get('/api/system/units', { headers })).json()) as {
    data: Unit[];
  };
  const created = await admin.request.post('/api/system/users', {
    headers,
    data: {
      username: 'jb_sysadmin',
      name: '赵磊',
      mobile: '13900007777',
      organizationId: find(units.data)!.id,
      roleIds: ['admin'],
    },
  });
  if (!created.ok()) throw new Error(await created.text());
  await admin.context().close();

  const page = await consolePage(browser, baseURL, 'jiangbei');
  await page
    .getByRole('navigation', { name: text['zh-CN'].mainMenu })
    .getByRole('menuitem', { name: '系统管理' })
    .click();
  await page.getByRole('main').getByRole('button', { name: '用户管理', exact: true }).click();
  const frame = page.frameLocator('iframe[title="用户管理"]');
  const table = frame.getByRole('table', { name: '用户列表' });
  await expect(table.getByText('无权操作').first()).toBeVisible(slow);
  await expect(frame.locator('.ant-spin-spinning')).toHaveCount(0, slow);
  // Away from the headings: no sort hint over the picture.
  await page.mouse.move(1300, 740);
  await expect(frame.getByRole('tooltip')).toHaveCount(0, slow);
  await save(page, 'district-users.zh-CN');
  await page.context().close();
}

/** A subsystem registered by the administrator, then its record in the trail (docs/audit.md). */
async function subsystemRecord(browser: Browser, baseURL: string) {
  const clientId = 'jiangcheng-sanitation';
  const admin = await consolePage(browser, baseURL, 'admin');
  await admin.goto('/system/subsystems');
  await admin.getByRole('button', { name: '登记子系统' }).click();
  const dialog = admin.getByRole('dialog', { name: '登记子系统' });
  await dialog.getByLabel('客户端标识', { exact: true }).fill(clientId);
  await dialog.getByLabel('中文名称', { exact: true }).fill('环卫调度系统');
  await dialog.getByLabel('允许的来源', { exact: true }).fill('https://hw.jiangcheng.gov.cn');
  await dialog
    .getByLabel('回调地址', { exact: true })
    .fill('https://hw.jiangcheng.gov.cn/oidc/callback');
  await dialog.getByRole('button', { name: /^保\s*存$/ }).click();
  await admin
    .getByRole('dialog', { name: '客户端密钥' })
    .getByRole('button', { name: '我已保存' })
    .click();
  await admin.context().close();

  const auditor = await consolePage(browser, baseURL, 'auditor');
  await auditor.goto('/system/audit');
  await auditor.getByLabel('操作对象', { exact: true }).fill(clientId);
  await auditor.getByRole('button', { name: '查询', exact: true }).click();
  const row = auditor
    .getByRole('table', { name: '审计记录列表' })
    .getByRole('row')
    .filter({ hasText: '登记子系统' });
  await row.getByRole('button').click();
  const drawer = auditor.getByRole('dialog');
  await expect(drawer.getByRole('table', { name: '变更内容' })).toBeVisible(slow);
  await save(auditor, 'audit-subsystem-detail.zh-CN');
  await auditor.context().close();
}

/** The pictures by name: `npm run screenshots -- district-users` takes only those named. */
type Picture = 'readme' | 'district-users' | 'audit-subsystem-detail';

async function main() {
  await mkdir(outputDir, { recursive: true });
  const server = await startPrivateServer(port, 'history');
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--hide-scrollbars', '--font-render-hinting=none'],
  });
  const named = process.argv.slice(2);
  const wanted = (name: Picture) => named.length === 0 || named.includes(name);
  try {
    if (wanted('readme')) {
      const zh = await openPage(browser, server.baseURL, 'zh-CN');
      await signInPage(zh, 'zh-CN');
      await shellWithBell(zh, 'zh-CN');
      await guidance(zh);
      await mapEditor(zh);

      const en = await openPage(browser, server.baseURL, 'en');
      await signInPage(en, 'en');
      await shellWithBell(en, 'en');
    }
    if (wanted('district-users')) await districtUsers(browser, server.baseURL);
    if (wanted('audit-subsystem-detail')) await subsystemRecord(browser, server.baseURL);
  } finally {
    await browser.close();
    await server.stop();
  }
}

await main();
