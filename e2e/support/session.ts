import type { Page } from '@playwright/test';

/** The demo accounts of the README. */
export const accounts = {
  admin: { username: 'admin', password: 'Admin@2026' },
  operator: { username: 'operator', password: 'Operator@2026' },
  stale: { username: 'stale', password: 'Stale@2026a' },
  newhire: { username: 'newhire', password: 'Newhire@2026' },
  security: { username: 'security', password: 'Security@2026' },
  auditor: { username: 'auditor', password: 'Auditor@2026' },
} as const;

export const labels = {
  en: { account: 'Username', password: 'Password', submit: 'Log in' },
  'zh-CN': { account: '用户名', password: '密码', submit: '登录' },
} as const;

/** Fills the login form as a person would and submits it. */
export async function signIn(
  page: Page,
  account: { username: string; password: string },
  language: keyof typeof labels = 'zh-CN',
): Promise<void> {
  const text = labels[language];
  await page.getByLabel(text.account, { exact: true }).fill(account.username);
  await page.getByLabel(text.password, { exact: true }).fill(account.password);
  await page.getByRole('button', { name: text.submit, exact: true }).click();
}

/** A path in the app's own router mode: `/x` in history mode, `/#/x` in hash mode. */
export function appPath(mode: string, path: string): string {
  return mode === 'hash' ? `/#${path}` : path;
}
