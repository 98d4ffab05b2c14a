import AxeBuilder from '@axe-core/playwright';
import { type Page, expect } from '@playwright/test';

/**
 * Checks the screen as it stands with axe-core: no serious or critical
 * violation of WCAG 2.1 A/AA. Every browser test calls it on each screen it visits.
 */
export async function expectAccessible(page: Page, context = ''): Promise<void> {
  // Colours measured mid-animation (a dialog fading in) are not what the user reads.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        // A spinner turns forever; waiting for it would never end.
        .filter((animation) => animation.effect?.getTiming().iterations !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  const blocking = results.violations.filter(
    (violation) => violation.impact === 'serious' || violation.impact === 'critical',
  );
  const summary = blocking.map(
    (violation) =>
      `${violation.id} (${violation.impact}): ${violation.help}\n` +
      violation.nodes.map((node) => `    ${node.target.join(' ')}`).join('\n'),
  );
  expect(summary, `accessibility of ${context || page.url()}`).toEqual([]);
}
