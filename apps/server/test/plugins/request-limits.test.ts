import { ErrorCode } from '@cityops/contract';
import { count } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it, onTestFinished } from 'vitest';
import { captchas, qrTickets, requestLimits, smsCodes } from '../../src/db/schema/index.js';
import {
  type TestApp,
  basicAuthorization,
  createTestApp,
  ownAddress,
  secondInstance,
  withSecuritySettings,
} from '../helpers/test-app.js';

// One app per describe. The limits' tests each call from an address of their own and put
// back the settings they change; the purge's test counts whole tables, so it has its own app.
let t: TestApp;
let address: string;
beforeEach(() => {
  address = ownAddress();
});

const english = { 'accept-language': 'en' };

function call(
  app: FastifyInstance,
  url: string,
  remoteAddress = address,
  payload?: Record<string, unknown>,
) {
  return app.inject({
    method: 'POST',
    url: `/api/authorization-server/oauth/${url}`,
    remoteAddress,
    headers: { ...english, authorization: basicAuthorization },
    ...(payload ? { payload } : {}),
  });
}

const qrTicket = (app: FastifyInstance, remoteAddress?: string) =>
  call(app, 'qrCode', remoteAddress, { appId: 'PC', timeStamp: 1 });

describe('per-address limits of the calls that need no sign-in', () => {
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('refuses the 11th QR ticket of a minute with 429, Retry-After and 040029', async () => {
    for (let i = 0; i < 10; i++) expect((await qrTicket(t.app)).statusCode).toBe(200);
    const refused = await qrTicket(t.app);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect(refused.json()).toMatchObject({
      code: ErrorCode.RATE_LIMITED,
      boolSuccess: false,
      msg: 'Too many requests, please try again later',
    });
    // Another address is not affected; the next minute counts again.
    expect((await qrTicket(t.app, ownAddress())).statusCode).toBe(200);
    t.clock.advance(61_000);
    expect((await qrTicket(t.app)).statusCode).toBe(200);
  });

  it('counts an IPv6 client per /64, and an IPv4-mapped address as its IPv4 address', async () => {
    await withSecuritySettings(t, { 'rate.pubKeyPerMinute': '2' }, async () => {
      // Two addresses of one /64, written differently: one host rotating its interface id.
      expect((await call(t.app, 'pubKey', '2001:db8:7:1::1')).statusCode).toBe(200);
      expect((await call(t.app, 'pubKey', '2001:DB8:7:1:ffff:ab:cd:ef')).statusCode).toBe(200);
      expect((await call(t.app, 'pubKey', '2001:0db8:0007:0001:0:0:0:2')).statusCode).toBe(429);
      // The next /64 counts on its own.
      expect((await call(t.app, 'pubKey', '2001:db8:7:2::1')).statusCode).toBe(200);
      // A dual-stack socket's ::ffff:a.b.c.d is the IPv4 client a.b.c.d.
      expect((await call(t.app, 'pubKey', address)).statusCode).toBe(200);
      expect((await call(t.app, 'pubKey', `::ffff:${address}`)).statusCode).toBe(200);
      expect((await call(t.app, 'pubKey', address)).statusCode).toBe(429);
    });
  });

  it.each([
    ['pubKey', 'rate.pubKeyPerMinute'],
    ['verificationCode', 'rate.captchaPerMinute'],
    ['basic', 'rate.recoveryPerMinute'],
  ] as const)('limits %s by its setting', async (url, key) => {
    await withSecuritySettings(t, { [key]: '2' }, async () => {
      expect((await call(t.app, url)).statusCode).toBe(200);
      expect((await call(t.app, url)).statusCode).toBe(200);
      expect((await call(t.app, url)).statusCode).toBe(429);
    });
  });

  it('lets exactly the limit through when many arrive at once', async () => {
    await withSecuritySettings(t, { 'rate.pubKeyPerMinute': '10' }, async () => {
      const answers = await Promise.all(Array.from({ length: 50 }, () => call(t.app, 'pubKey')));
      const statuses = answers.map((answer) => answer.statusCode);
      expect(statuses.filter((status) => status === 200)).toHaveLength(10);
      expect(statuses.filter((status) => status === 429)).toHaveLength(40);
    });
  });

  it('is shared by two instances on one database', async () => {
    const other = await secondInstance(t);
    onTestFinished(() => other.close());
    for (let i = 0; i < 5; i++) expect((await qrTicket(t.app)).statusCode).toBe(200);
    for (let i = 0; i < 5; i++) expect((await qrTicket(other)).statusCode).toBe(200);
    expect((await qrTicket(t.app)).statusCode).toBe(429);
    expect((await qrTicket(other)).statusCode).toBe(429);
  });

  it('sends one SMS code when ten requests for one number arrive at once', async () => {
    const mobile = '13800138000';
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        t.app.inject({
          method: 'POST',
          url: '/api/message-sms/sms/pwb_kaptcha',
          remoteAddress: `10.8.0.${i}`,
          headers: { ...english, authorization: basicAuthorization },
          payload: { mobile },
        }),
      ),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 429)).toHaveLength(9);
    const [row] = await t.database.db.select({ n: count() }).from(smsCodes);
    expect(row!.n).toBe(1);
  });
});

describe('purging expired records', () => {
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  async function rows(
    table: typeof captchas | typeof qrTickets | typeof smsCodes | typeof requestLimits,
  ) {
    const [row] = await t.database.db.select({ n: count() }).from(table);
    return row!.n;
  }

  it('deletes expired captchas, QR tickets, SMS codes and old limit windows, and keeps live ones', async () => {
    await call(t.app, 'verificationCode');
    await qrTicket(t.app);
    await t.app.inject({
      method: 'POST',
      url: '/api/message-sms/sms/pwb_kaptcha',
      headers: { ...english, authorization: basicAuthorization },
      payload: { mobile: '13800138000' },
    });
    expect(await rows(captchas)).toBe(1);
    expect(await rows(qrTickets)).toBe(1);
    expect(await rows(smsCodes)).toBe(1);
    expect(await rows(requestLimits)).toBeGreaterThan(0);

    await t.app.services.purge.run();
    expect(await rows(captchas)).toBe(1);
    expect(await rows(qrTickets)).toBe(1);

    t.clock.advance(26 * 60 * 60_000);
    await t.app.services.purge.run();
    expect(await rows(captchas)).toBe(0);
    expect(await rows(qrTickets)).toBe(0);
    expect(await rows(smsCodes)).toBe(0);
    expect(await rows(requestLimits)).toBe(0);
  });
});
