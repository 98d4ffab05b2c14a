/**
 * `npm run screenshots`: the README's pictures, taken from the real product. It starts
 * the built server (apps/server/dist, with the built web app) on a fresh in-memory
 * demo database, as the browser tests do (e2e/support/private-server.ts), drives the
 * system Chromium through the main screens in Chinese (and the sign-in page and the
 * shell in English too) and writes 1440x900 PNGs to docs/images/. It builds nothing:
 * the root script builds first. Not part of CI: run it when the screens change.
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

async function main() {
  await mkdir(outputDir, { recursive: true });
  const server = await startPrivateServer(port, 'history');
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--hide-scrollbars', '--font-render-hinting=none'],
  });
  try {
    const zh = await openPage(browser, server.baseURL, 'zh-CN');
    await signInPage(zh, 'zh-CN');
    await shellWithBell(zh, 'zh-CN');
    await guidance(zh);
    await mapEditor(zh);

    const en = await openPage(browser, server.baseURL, 'en');
    await signInPage(en, 'en');
    await shellWithBell(en, 'en');
  } finally {
    await browser.close();
    await server.stop();
  }
}

await main();
