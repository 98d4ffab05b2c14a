import { type APIRequestContext, expect, test } from '@playwright/test';
import { createAccount } from '../support/accounts';
import { expectAccessible } from '../support/axe';
import { appPath, signIn } from '../support/session';

/** A message stored as it is, the link unchecked: one saved before the server checked links. */
async function legacyMessage(
  request: APIRequestContext,
  username: string,
  title: string,
  fields: Record<string, string>,
) {
  const response = await request.post('/api/test-hooks/messages', {
    data: {
      username,
      title,
      type: 'json',
      content: JSON.stringify({ content: title, oneType: 'command_coordination', ...fields }),
    },
  });
  expect(response.ok()).toBe(true);
}

test.describe('message links in the bell', () => {
  test.describe.configure({ timeout: 120_000 });

  test('a link to another site never gets the reader’s token; a product page does', async ({
    page,
    request,
  }, testInfo) => {
    const account = await createAccount(request, { prefix: 'links' });
    await legacyMessage(request, account.username, 'Backslash trick', {
      pcRoute: '/\\evil.example/steal',
    });
    await legacyMessage(request, account.username, 'Userinfo trick', {
      pcUrl: 'https://127.0.0.1@evil.example/',
    });
    await legacyMessage(request, account.username, 'Dispatch task', {
      pcUrl: '/demo-subsystem.html',
      pcRoute: '?system=event_dispatch',
    });
    // Whatever the page does, nothing may reach the other site.
    const leaked: string[] = [];
    await page.context().route(/evil\.example/, async (route) => {
      leaked.push(route.request().url());
      await route.abort();
    });

    await page.goto(appPath(testInfo.project.name, '/login'));
    await signIn(page, account);
    const bell = (count: number) =>
      page.getByRole('button', { name: `消息通知，${count} 条未读`, exact: true });
    await bell(3).click();
    const panel = page.getByRole('dialog', { name: '消息通知' });
    await expect(panel.getByRole('listitem')).toHaveCount(3);
    await expectAccessible(page, 'the bell with message links');

    for (const [title, left] of [
      ['Backslash trick', 2],
      ['Userinfo trick', 1],
    ] as const) {
      await panel.getByRole('button', { name: new RegExp(title) }).click();
      // Read, and nothing framed: the shell stays on its home page.
      await expect(bell(left)).toBeVisible();
      await expect(page.locator('iframe[src*="evil.example"]')).toHaveCount(0);
      if (!(await panel.isVisible())) await bell(left).click();
    }
    const frames = await page
      .locator('iframe')
      .evaluateAll((all) => all.map((frame) => frame.getAttribute('src') ?? ''));
    expect(frames.filter((src) => src.includes('token='))).toEqual([]);

    await panel.getByRole('button', { name: /Dispatch task/ }).click();
    const frame = page.locator('iframe[title="事件调度"]');
    await expect(frame).toBeVisible();
    await expect(frame).toHaveAttribute('src', /\/demo-subsystem\.html\?.*system=event_dispatch/);
    const src = new URL((await frame.getAttribute('src'))!, page.url());
    expect(src.origin).toBe(new URL(page.url()).origin);
    expect(src.searchParams.get('token')).toBeTruthy();
    expect(leaked).toEqual([]);
  });
});
