import type { QrCodeTicket } from '@cityops/contract';
import { type Browser, type Page, expect as baseExpect, test } from '@playwright/test';
import { expectAccessible } from '../support/axe';
import { accounts, signIn } from '../support/session';

// The machine running these is shared and slow: screens get more time to appear.
const expect = baseExpect.configure({ timeout: 20_000 });
test.setTimeout(180_000);

type Language = 'en' | 'zh-CN';

/** The texts these tests read, in both languages. */
const text = {
  en: {
    qrTab: 'QR login',
    qrTitle: 'Sign in with your phone',
    image: 'QR code for signing in with your phone',
    waiting: 'Waiting for the scan',
    scanned: 'Scanned, please confirm on your phone',
    success: 'Login successful',
    refused: 'The sign-in was refused on the phone',
    refresh: 'Refresh the code',
    signInFirst: 'Sign in on this phone to confirm the sign-in on the computer.',
    confirm: 'Confirm sign-in',
    refuse: 'Refuse',
    confirmedOnPhone: 'The computer is signed in. You can close this page.',
    refusedOnPhone: 'Sign-in refused.',
    device: 'Chrome on Linux',
  },
  'zh-CN': {
    qrTab: '扫码登录',
    qrTitle: '扫码登录',
    image: '手机扫码登录的二维码',
    waiting: '等待扫码',
    scanned: '已扫码，请在手机上确认',
    success: '登录成功',
    refused: '已在手机上拒绝登录',
    refresh: '刷新二维码',
    signInFirst: '请先在手机上登录，再确认电脑端的登录。',
    confirm: '确认登录',
    refuse: '拒绝',
    confirmedOnPhone: '电脑端已登录，可以关闭本页。',
    refusedOnPhone: '已拒绝登录。',
    device: 'Linux 上的 Chrome',
  },
} as const;

/** Opens the QR tab on a desktop browser; answers the page and the ticket it was given. */
async function openQrTab(
  browser: Browser,
  baseURL: string,
  language: Language,
): Promise<{ pc: Page; ticket: QrCodeTicket }> {
  const context = await browser.newContext({ baseURL, locale: language });
  const pc = await context.newPage();
  await pc.goto('/login');
  const answer = pc.waitForResponse(
    (response) =>
      response.url().endsWith('/api/authorization-server/oauth/qrCode') &&
      response.request().method() === 'POST',
  );
  await pc.getByRole('button', { name: text[language].qrTab }).click();
  const body = (await (await answer).json()) as { data: QrCodeTicket };
  await expect(pc.getByRole('img', { name: text[language].image })).toBeVisible();
  await expect(pc.getByRole('status')).toHaveText(text[language].waiting);
  // The page is headed for the QR method, not for the password form.
  await expect(pc.getByRole('heading', { level: 2 })).toHaveText(text[language].qrTitle);
  return { pc, ticket: body.data };
}

/** A phone-sized browser opening the address the code holds, signed in as the operator. */
async function phoneAt(browser: Browser, address: string, language: Language): Promise<Page> {
  const context = await browser.newContext({
    locale: language,
    viewport: { width: 390, height: 844 },
  });
  const phone = await context.newPage();
  await phone.goto(address);
  await expect(phone.getByText(text[language].signInFirst)).toBeVisible();
  return phone;
}

for (const language of ['en', 'zh-CN'] as const) {
  test(`QR login: the phone confirms and the PC lands on the shell (${language})`, async ({
    browser,
  }, testInfo) => {
    const t = text[language];
    const baseURL = testInfo.project.use.baseURL ?? '';
    const { pc, ticket } = await openQrTab(browser, baseURL, language);
    // The code encodes the product's own mobile page on this server.
    expect(ticket.content).toBe(`${baseURL}/m/qr-login?ticket=${ticket.ticket}`);
    expect(ticket.svg).toContain('<svg');
    await expectAccessible(pc, `QR tab (${language})`);

    const phone = await phoneAt(browser, ticket.content, language);
    await expectAccessible(phone, `mobile sign-in (${language})`);
    await signIn(phone, accounts.operator, language);
    await expect(phone.getByRole('button', { name: t.confirm })).toBeVisible();
    // The computer that asks is described, not shown as its raw user-agent.
    await expect(phone.getByRole('definition').first()).toHaveText(t.device);
    await expectAccessible(phone, `mobile confirm (${language})`);
    await expect(pc.getByRole('status')).toHaveText(t.scanned);

    await phone.getByRole('button', { name: t.confirm }).click();
    await expect(phone.getByRole('status')).toHaveText(t.confirmedOnPhone);
    await expect(pc.getByText(t.success).first()).toBeVisible();
    await expect(pc.getByRole('navigation').first()).toBeVisible();
    await expect(pc).toHaveURL(`${baseURL}/`);
    // Replaced, not pushed: Back does not return to the login page.
    expect(await pc.evaluate(() => window.history.length)).toBeLessThanOrEqual(2);
    await phone.context().close();
    await pc.context().close();
  });
}

test('QR login: refusing on the phone shows refused on the PC, and a new code can be asked for', async ({
  browser,
}, testInfo) => {
  const language = 'en';
  const t = text[language];
  const baseURL = testInfo.project.use.baseURL ?? '';
  const { pc, ticket } = await openQrTab(browser, baseURL, language);
  const phone = await phoneAt(browser, ticket.content, language);
  await signIn(phone, accounts.operator, language);
  await phone.getByRole('button', { name: t.refuse }).click();
  await expect(phone.getByRole('status')).toHaveText(t.refusedOnPhone);

  await expect(pc.getByRole('status')).toHaveText(t.refused);
  await expect(pc).toHaveURL(/\/login$/);
  const fresh = pc.waitForResponse((response) =>
    response.url().endsWith('/api/authorization-server/oauth/qrCode'),
  );
  await pc.getByRole('button', { name: t.refresh }).click();
  const next = ((await (await fresh).json()) as { data: QrCodeTicket }).data;
  expect(next.ticket).not.toBe(ticket.ticket);
  await expect(pc.getByRole('status')).toHaveText(t.waiting);
  await phone.context().close();
  await pc.context().close();
});
