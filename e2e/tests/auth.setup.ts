import { readFileSync, writeFileSync } from 'node:fs';
import { expect, test as setup } from '@playwright/test';
import { type SavedAccount, savedAccounts, savedState } from '../support/auth';
import { signIn } from '../support/session';

/**
 * Signs each demo account of support/auth.ts in once, through the login page, and
 * saves the state for the tests that start signed in. The language a test wants is
 * its own choice, so the saved state keeps none.
 */
for (const name of Object.keys(savedAccounts) as SavedAccount[]) {
  setup(`sign in as ${name}`, async ({ page }) => {
    await page.goto('/login');
    await signIn(page, savedAccounts[name], 'zh-CN');
    // Sign-in hashes the password (argon2): slow on a busy machine.
    await expect(page.getByRole('button', { name: '用户菜单' })).toBeVisible({ timeout: 30_000 });
    const file = savedState(name);
    await page.context().storageState({ path: file });
    const state = JSON.parse(readFileSync(file, 'utf8')) as {
      origins: { localStorage: { name: string }[] }[];
    };
    for (const origin of state.origins) {
      origin.localStorage = origin.localStorage.filter((entry) => entry.name !== 'language');
    }
    writeFileSync(file, JSON.stringify(state, null, 2));
  });
}
