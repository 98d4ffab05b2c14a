import { type Page, expect, test } from '@playwright/test';
import { labels } from '../support/session';

const signInButton = (page: Page) =>
  page.getByRole('button', { name: labels['zh-CN'].submit, exact: true });

/** The root font size and the sign-in button's height and font size, in px. */
async function sizes(page: Page) {
  const button = signInButton(page);
  const root = await page.evaluate(() =>
    parseFloat(getComputedStyle(document.documentElement).fontSize),
  );
  const height = (await button.boundingBox())?.height ?? 0;
  const font = await button.evaluate((element) => parseFloat(getComputedStyle(element).fontSize));
  return { root, height, font };
}

const ratio = (a: number, b: number) => Math.round((a / b) * 100) / 100;

test('a primary button grows with the root font on a big screen', async ({ page }) => {
  await page.setViewportSize({ width: 1920, height: 1080 });
  await page.goto('/login');
  await expect(signInButton(page)).toBeVisible();
  const design = await sizes(page);
  expect(design.height).toBeGreaterThan(0);

  // A 4K screen: the root font grows with the width (resize debounced), and so do the
  // UI kit's controls, by the same ratio.
  await page.setViewportSize({ width: 3840, height: 2160 });
  await expect.poll(async () => ratio((await sizes(page)).root, design.root)).toBeGreaterThan(1);
  const rootGrowth = ratio((await sizes(page)).root, design.root);
  await expect.poll(async () => ratio((await sizes(page)).height, design.height)).toBe(rootGrowth);
  await expect.poll(async () => ratio((await sizes(page)).font, design.font)).toBe(rootGrowth);
});
