import { ErrorCode } from '@cityops/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type TestApp,
  createAccount,
  createTestApp,
  ownAddress,
  requestToken,
} from '../../helpers/test-app.js';
import { testRepositories } from '../../helpers/test-repositories.js';

// The sign-in failures per address (login-guard.service.ts) count an IPv6 client per /64 and
// an IPv4-mapped one as its IPv4 address (lib/address-key.ts, issues 29 and 32); the audit
// trail still names the full address.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const wrong = (username: string, remoteAddress: string) =>
  requestToken(t.app, { username, password: 'Wrong@2026' }, { remoteAddress });

describe('sign-in failures per address', () => {
  it('are counted per /64 for IPv6, so one host cannot rotate past the address captcha', async () => {
    const own = await createAccount(t.app);
    // login.addressCaptchaAfterFailures (10) failures, each from another address of one /64.
    for (let i = 1; i <= 10; i++) await wrong(`v6-${i}`, `2001:db8:29:1::${i.toString(16)}`);
    const sameNetwork = await requestToken(
      t.app,
      { username: own.username, password: own.password },
      { remoteAddress: '2001:DB8:29:1:ffff:ffff:ffff:ffff' },
    );
    expect(sameNetwork.json().code).toBe(ErrorCode.CAPTCHA_REQUIRED);
    const nextNetwork = await requestToken(
      t.app,
      { username: own.username, password: own.password },
      { encoding: 'json', remoteAddress: '2001:db8:29:2::1' },
    );
    expect(nextNetwork.json().code).toBe('000000');
    // The trail names the address each failure came from, not its /64.
    const [last] = await (
      await testRepositories(t.app.database.db)
    ).audit.page({ actor: 'v6-10' }, undefined, 1);
    expect(last).toMatchObject({ action: 'auth.login', ipAddress: '2001:db8:29:1::a' });
  });

  it('count an IPv4-mapped address as its IPv4 address', async () => {
    const own = await createAccount(t.app);
    const address = ownAddress();
    for (let i = 1; i <= 10; i++) await wrong(`mapped-${i}`, `::ffff:${address}`);
    const plain = await requestToken(
      t.app,
      { username: own.username, password: own.password },
      { remoteAddress: address },
    );
    expect(plain.json().code).toBe(ErrorCode.CAPTCHA_REQUIRED);
  });
});
