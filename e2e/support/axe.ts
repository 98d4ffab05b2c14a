import { createHash } from 'node:crypto';
import { existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { type Page, expect, test } from '@playwright/test';

/**
 * Checks the screen as it stands with axe-core: no serious or critical
 * violation of WCAG 2.1 A/AA. Every browser test calls it on each screen it visits.
 *
 * One check per distinct screen and run: a check costs 1-3 s on a busy machine and
 * many tests pass the same screen (the role dialog, the users page, the login page in
 * both router modes). The screen is known by `screenKey` below: the route of the page
 * and of each frame in it (query parameters by name only; a frame by its title too),
 * the dialogs, drawers and pop-overs open, the language, form errors shown, an alert or
 * notice shown, the narrow (mobile) layout, the dark menu, the number of form fields
 * shown, the roles signed in, and `variant` for a state the page cannot tell (a hovered
 * button). A screen checked
 * and passed anywhere in the run (any worker: the registry is a folder made by
 * support/global-setup.ts) is not checked again; a failed check is not recorded, so a
 * retry checks again. E2E_AXE_EVERY=1 checks every call. The screens and dialogs of a
 * run are listed in test-results/axe-screens.txt (support/global-teardown.ts); the list
 * of the suite is in docs/testing.md, "Browser suite".
 */
export async function expectAccessible(
  page: Page,
  context = '',
  options: { variant?: string } = {},
): Promise<void> {
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
  const key = await screenKey(page, options.variant);
  const record = recordFile(key);
  if (record && existsSync(record)) {
    test.info().annotations.push({ type: 'axe', description: `already checked: ${key}` });
    return;
  }
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
  expect(summary, `accessibility of ${context || page.url()} [${key}]`).toEqual([]);
  if (record) writeFileSync(record, JSON.stringify({ key, context, test: test.info().title }));
}

/** Where a passed check of `key` is recorded; none when every call is to be checked. */
function recordFile(key: string): string | undefined {
  const folder = process.env.E2E_AXE_REGISTRY;
  if (!folder || process.env.E2E_AXE_EVERY === '1') return undefined;
  return path.join(folder, `${createHash('sha1').update(key).digest('hex')}.json`);
}

/** What makes one screen differ from another for an accessibility check. */
async function screenKey(page: Page, variant?: string): Promise<string> {
  const parts: string[] = [];
  for (const frame of page.frames()) {
    const part = await frame
      .evaluate(() => {
        const visible = (element: Element) => {
          const box = element.getBoundingClientRect();
          return (
            box.width > 0 && box.height > 0 && getComputedStyle(element).visibility !== 'hidden'
          );
        };
        const nameOf = (element: Element) => {
          const labelledBy = element.getAttribute('aria-labelledby');
          const label =
            element.getAttribute('aria-label') ??
            (labelledBy
              ? labelledBy
                  .split(' ')
                  .map((id) => document.getElementById(id)?.textContent ?? '')
                  .join(' ')
              : (element.querySelector('.ant-modal-title, .ant-drawer-title, h1, h2, h3')
                  ?.textContent ?? ''));
          return label.trim().replace(/\s+/g, ' ').slice(0, 60);
        };
        // The same screen in either router mode: /#/x and /x are one route; ids are one.
        // The names of the query's parameters stay (?embed= shows the page without the shell).
        const [path, query = ''] = (
          location.hash.startsWith('#/')
            ? location.hash.slice(1)
            : location.pathname + location.search
        ).split('?');
        const route =
          path!.replace(/\/(\d+|[0-9a-f-]{16,})(?=\/|$)/gi, '/:id') +
          (query ? `?${[...new URLSearchParams(query).keys()].sort().join(',')}` : '');
        // Who is signed in: the roles decide the actions a screen offers.
        let roles = '';
        try {
          const user = JSON.parse(localStorage.getItem('userData') ?? 'null') as {
            roleIds?: string[];
          } | null;
          roles = user?.roleIds ? `roles:${[...user.roleIds].sort().join(',')}` : '';
        } catch {
          // no user, or another site's storage
        }
        const overlays = [
          ...document.querySelectorAll(
            '[role="dialog"], [role="alertdialog"], .ant-drawer-open, .ant-popover:not(.ant-popover-hidden), .ant-dropdown:not(.ant-dropdown-hidden)',
          ),
        ]
          .filter(visible)
          .map(
            (element) =>
              `${element.getAttribute('role') ?? element.className.split(' ')[0]}:${nameOf(element)}`,
          )
          .sort();
        const flags = [
          document.querySelector('[aria-invalid="true"], .ant-form-item-has-error') ? 'errors' : '',
          [
            ...document.querySelectorAll(
              '[role="alert"], [role="status"], .ant-message-notice, .ant-notification-notice',
            ),
          ].some(visible)
            ? 'notice'
            : '',
          document.querySelector('.ant-menu-dark') ? 'dark' : '',
          // A form with another field (the captcha of the login form) is another screen.
          `fields:${[...document.querySelectorAll('input, textarea, select')].filter(visible).length}`,
          roles,
        ].filter(Boolean);
        return [route, document.documentElement.lang, ...overlays, ...flags].join(' | ');
      })
      .catch(() => 'detached');
    // A frame by its title too (the subsystem it shows): one page, many subsystems.
    const title =
      frame === page.mainFrame()
        ? ''
        : await frame
            .frameElement()
            .then((element) => element.getAttribute('title'))
            .catch(() => null);
    parts.push(title ? `[${title}] ${part}` : part);
  }
  const width = page.viewportSize()?.width ?? 1280;
  if (width < 768) parts.push('narrow');
  if (variant) parts.push(variant);
  return parts.join(' || ');
}
