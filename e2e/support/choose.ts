import { type Locator, type Page, expect } from '@playwright/test';

/**
 * Chooses the option titled `title` in the select (or tree select) labelled `label`
 * inside `form`, as a person would: open the list, click the option, see it shown in
 * the field, close the list. On a loaded machine a click can land while the list is
 * still settling and be lost, leaving the list open over the next field (CI of stop
 * 19: four minutes of clicks refused by the unit list), so the choice is retried
 * until the field shows it; the list is closed before the next field is touched.
 */
export async function choose(
  page: Page,
  form: Locator,
  label: string,
  title: string,
): Promise<void> {
  const field = form.getByLabel(label, { exact: true });
  // The field shows a choice with its title; the open list is outside the form.
  const shown = form.getByTitle(title, { exact: true });
  await expect(async () => {
    if (await shown.isVisible()) return;
    if ((await field.getAttribute('aria-expanded')) !== 'true') {
      await field.click({ timeout: 5_000 });
    }
    await page.getByTitle(title, { exact: true }).click({ timeout: 5_000 });
    await expect(shown).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  // A single select closes on its own; a multiple one stays open until Escape.
  if ((await field.getAttribute('aria-expanded')) === 'true') await field.press('Escape');
  await expect(field).toHaveAttribute('aria-expanded', 'false');
}
