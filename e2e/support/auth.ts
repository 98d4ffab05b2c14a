import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser, type Page } from '@playwright/test';
import { accounts } from './session';

/**
 * Saved sign-ins: tests/auth.setup.ts signs each of these demo accounts in once per
 * run through the login page (on the history-mode server) and saves the browser's
 * state (the token cookie and local storage); a test that is not about signing in
 * starts from that state instead of the login page (3.3-3.7 s a sign-in on a busy
 * machine). The server limits no account to a number of sessions (a sign-in adds one,
 * auth.service.ts `openSession`), so the saved sessions are never pushed out by other
 * sign-ins. Tests that end a session (sign-out, password change, ending sessions,
 * disabling, renaming) use an account or a sign-in of their own, never a saved one.
 */
export const savedAccounts = {
  admin: accounts.admin,
  operator: accounts.operator,
  security: accounts.security,
  auditor: accounts.auditor,
  editor: { username: 'editor', password: 'Editor@2026' },
  editor2: { username: 'editor2', password: 'Editor2@2026' },
  jiangbei: { username: 'jiangbei', password: 'Jiangbei@2026' },
} as const;

export type SavedAccount = keyof typeof savedAccounts;

const folder = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../.auth');

/** The file of an account's saved state. */
export function savedState(account: SavedAccount): string {
  return path.join(folder, `${account}.json`);
}

/**
 * A page in a new context signed in as `account` (its saved state), in `language`
 * (local storage, as the language switch keeps it). The page is blank: go where the
 * test starts.
 */
export async function savedSession(
  browser: Browser,
  baseURL: string | undefined,
  account: SavedAccount,
  language: 'zh-CN' | 'en' = 'zh-CN',
): Promise<Page> {
  const context = await browser.newContext({
    baseURL,
    locale: language,
    storageState: savedState(account),
  });
  const page = await context.newPage();
  await page.addInitScript((value) => window.localStorage.setItem('language', value), language);
  return page;
}

/** An account's bearer header, from its saved sign-in (for the API beside the pages). */
export function bearerHeaders(account: SavedAccount): Record<string, string> {
  const { cookies } = JSON.parse(readFileSync(savedState(account), 'utf8')) as {
    cookies: { name: string; value: string }[];
  };
  return { authorization: `Bearer ${cookies.find((cookie) => cookie.name === 'token')!.value}` };
}
