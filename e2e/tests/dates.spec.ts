import { type Locator, type Page, expect as baseExpect, test } from '@playwright/test';
import { type SavedAccount, savedState } from '../support/auth';
import { appPath } from '../support/session';

// The console loads antd's tables: slow on a busy two-core machine.
const expect = baseExpect.configure({ timeout: 15_000 });

/**
 * One date and time format (issue 31): `YYYY-MM-DD HH:mm` on every screen, to the second
 * in the audit trail, the same in both languages, at 1366x768.
 */
const MINUTES = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/;
const SECONDS = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;

/** The texts of a column's cells, found by its header. */
async function columnTexts(table: Locator, header: string): Promise<string[]> {
  const headers = await table.locator('thead th').allInnerTexts();
  const index = headers.findIndex((text) => text.trim() === header);
  expect(index, `a column "${header}" among ${headers.join(' | ')}`).toBeGreaterThanOrEqual(0);
  const cells = table.locator(`tbody tr.ant-table-row td:nth-child(${index + 1})`);
  await expect(cells.first()).toBeVisible();
  return (await cells.allInnerTexts()).map((text) => text.trim()).filter(Boolean);
}

const screens: {
  account: SavedAccount;
  path: string;
  table: Record<'zh-CN' | 'en', string>;
  column: Record<'zh-CN' | 'en', string>;
  format: RegExp;
}[] = [
  {
    account: 'admin',
    path: '/system/users',
    table: { 'zh-CN': '用户列表', en: 'Users' },
    column: { 'zh-CN': '创建时间', en: 'Created' },
    format: MINUTES,
  },
  {
    account: 'security',
    path: '/system/sessions',
    table: { 'zh-CN': '在线会话', en: 'Live sessions' },
    column: { 'zh-CN': '登录时间', en: 'Signed in' },
    format: MINUTES,
  },
  {
    account: 'auditor',
    path: '/system/audit',
    table: { 'zh-CN': '审计记录列表', en: 'Audit records' },
    column: { 'zh-CN': '时间', en: 'Time' },
    format: SECONDS,
  },
];

async function open(page: Page, mode: string, path: string, language: string) {
  await page.addInitScript((lang) => window.localStorage.setItem('language', lang), language);
  await page.goto(appPath(mode, path));
}

for (const language of ['zh-CN', 'en'] as const) {
  for (const screen of screens) {
    test.describe(`${screen.path} in ${language}`, () => {
      test.use({
        storageState: savedState(screen.account),
        viewport: { width: 1366, height: 768 },
      });

      test(`shows its times in the one format`, async ({ page }, testInfo) => {
        await open(page, testInfo.project.name, screen.path, language);
        const table = page.getByRole('table', { name: screen.table[language] });
        await expect(table).toBeVisible();
        const times = await columnTexts(table, screen.column[language]);
        expect(times.length).toBeGreaterThan(0);
        for (const time of times) expect(time).toMatch(screen.format);
      });
    });
  }
}
