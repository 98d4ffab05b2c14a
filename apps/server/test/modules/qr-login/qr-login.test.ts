import { ErrorCode } from '@cityops/contract';
import QRCode from 'qrcode';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import {
  type TestApp,
  auditEvents,
  bearer,
  createTestApp,
  secondInstance,
} from '../../helpers/test-app.js';

// One app for the file: each test follows tickets of its own.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

async function newTicket() {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/authorization-server/oauth/qrCode',
    headers: { 'user-agent': 'Mozilla/5.0 (X11) Chrome/140 PC', host: 'ops.example:8080' },
    payload: { appId: 'PC', timeStamp: String(Date.now()) },
  });
  expect(response.json().code).toBe('000000');
  return response.json().data as {
    ticket: string;
    secret: string;
    content: string;
    svg: string;
    scanUrl: string;
    confirmUrl: string;
    expiresIn: number;
  };
}

const status = (ticket: string, secret: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/authorization-server/oauth/qrCode/status',
    payload: { ticket, secret },
  });

/** Calls a helper the way the spec says: the path after "/api" of its full URL. */
const helper = (fullUrl: string, token: string, payload: Record<string, unknown>) =>
  t.app.inject({
    method: 'POST',
    url: `/api${fullUrl.slice(fullUrl.indexOf('/api/') + 4)}`,
    headers: { ...bearer(token), 'accept-language': 'en' },
    payload,
  });

type Ticket = Awaited<ReturnType<typeof newTicket>>;

/** What the PC reads when it follows its ticket. */
const statusOf = async (pc: Ticket) => (await status(pc.ticket, pc.secret)).json().data;

/** The phone accepts or refuses the ticket through the confirm URL the ticket gave. */
const answer = (pc: Ticket, token: string, confirm: boolean | string) =>
  helper(pc.confirmUrl, token, { ticket: pc.ticket, confirm });

describe('QR login', () => {
  it('waiting, scanned, confirmed: the PC collects a working session once', async () => {
    const pc = await newTicket();
    expect(pc.content).toBe(`http://ops.example:8080/m/qr-login?ticket=${pc.ticket}`);
    expect(pc.scanUrl).toBe('http://ops.example:8080/api/authorization-server/oauth/qrCode/scan');
    expect(pc.expiresIn).toBe(120);
    // The code image is drawn on the server and encodes exactly the mobile page's address.
    expect(pc.svg).toMatch(/^<svg [^>]*viewBox/);
    expect(pc.svg).toBe(
      await QRCode.toString(pc.content, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 }),
    );
    expect(await statusOf(pc)).toEqual({
      status: 'waiting',
      login: null,
    });

    const phone = await t.login('operator', 'Operator@2026');
    const scanned = await helper(pc.scanUrl, phone.access_token, { ticket: pc.ticket });
    expect(scanned.json().data).toMatchObject({
      status: 'scanned',
      appId: 'PC',
      browser: 'Mozilla/5.0 (X11) Chrome/140 PC',
    });
    expect((await statusOf(pc)).status).toBe('scanned');

    const confirmed = await answer(pc, phone.access_token, 'true');
    expect(confirmed.json().code).toBe('000000');
    const collected = await statusOf(pc);
    expect(collected.status).toBe('confirmed');
    expect(collected.login).toMatchObject({ username: 'operator', token_type: 'bearer' });
    const menu = await t.app.inject({
      method: 'GET',
      url: '/api/organization/user/isPassword',
      headers: bearer(collected.login.access_token),
    });
    expect(menu.json().code).toBe('000000');

    // Handed out once only.
    expect(await statusOf(pc)).toEqual({
      status: 'confirmed',
      login: null,
    });
    // Confirmed twice: refused.
    const again = await answer(pc, phone.access_token, true);
    expect(again.json()).toMatchObject({
      code: ErrorCode.CONFLICT,
      msg: 'This QR code has already been used',
    });
    const events = await auditEvents(t.app, 10);
    expect(events).toEqual(
      expect.arrayContaining(['auth.qr.confirm/success', 'auth.qr.login/success']),
    );
  });

  it('refuses an expired ticket', async () => {
    const pc = await newTicket();
    const phone = await t.login('operator', 'Operator@2026');
    t.clock.advance(121_000);
    expect((await statusOf(pc)).status).toBe('expired');
    const late = await answer(pc, phone.access_token, true);
    expect(late.json()).toMatchObject({
      code: ErrorCode.CONFLICT,
      msg: 'This QR code has expired, please refresh it',
    });
  });

  it('a refused ticket cannot be confirmed afterwards', async () => {
    const pc = await newTicket();
    const phone = await t.login('operator', 'Operator@2026');
    await answer(pc, phone.access_token, false);
    expect(await statusOf(pc)).toEqual({
      status: 'refused',
      login: null,
    });
    const after = await answer(pc, phone.access_token, true);
    expect(after.json().msg).toBe('The sign-in was refused');
  });

  it('needs the secret to follow a ticket, and a signed-in phone to confirm it', async () => {
    const pc = await newTicket();
    expect((await status(pc.ticket, 'guess')).json().code).toBe(ErrorCode.NOT_FOUND);
    expect((await status('nope', pc.secret)).json().code).toBe(ErrorCode.NOT_FOUND);
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/authorization-server/oauth/qrCode/confirm',
      payload: { ticket: pc.ticket, confirm: true },
    });
    expect(anonymous.json().code).toBe(ErrorCode.TOKEN_INVALID);
  });

  it('works across two instances sharing one database', async () => {
    const pc = await newTicket();
    const other = await secondInstance(t);
    onTestFinished(() => other.close());
    const phone = await t.login('operator', 'Operator@2026');
    const confirmed = await other.inject({
      method: 'POST',
      url: '/api/authorization-server/oauth/qrCode/confirm',
      headers: bearer(phone.access_token),
      payload: { ticket: pc.ticket, confirm: true },
    });
    expect(confirmed.json().code).toBe('000000');
    expect((await statusOf(pc)).login.username).toBe('operator');
  });
});
