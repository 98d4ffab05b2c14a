import { ErrorCode, undeclaredAuditFields } from '@cityops/contract';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { captchaPng } from '../../../src/modules/auth/captcha-image.js';
import {
  type SecuritySettingKey,
  securityDefaults,
} from '../../../src/modules/auth/security-settings.js';
import {
  type OwnAccount,
  type TestApp,
  createAccount,
  createTestApp,
  ownAddress,
  requestToken,
} from '../../helpers/test-app.js';
import { testRepositories } from '../../helpers/test-repositories.js';
import { chained } from '../../helpers/chained.js';

// One app for the file. Each test fails sign-ins on an account and from an address of
// its own, counts only the failures it made, and puts back any setting it changes.
let t: TestApp;
let own: OwnAccount;
let address: string;
let failuresBefore = 0;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});
beforeEach(async () => {
  own = await createAccount(t.app);
  address = ownAddress();
  failuresBefore = await allFailureRecords();
});

/** Changes settings for the length of `work` only. */
async function withSettings(
  values: Partial<Record<SecuritySettingKey, string>>,
  work: () => Promise<void>,
) {
  const settings = t.app.services.securitySettings;
  const before = await Promise.all(
    Object.keys(values).map(async (key) => [key, await settings.text(key)] as const),
  );
  try {
    for (const [key, value] of Object.entries(values)) {
      await settings.set(key as SecuritySettingKey, value);
    }
    await work();
  } finally {
    for (const [key, value] of before) {
      const setting = key as SecuritySettingKey;
      await settings.set(setting, value ?? String(securityDefaults[setting]));
    }
  }
}

interface Captcha {
  captchaId: string;
  answer: string;
  image: string;
}

async function newCaptcha(): Promise<Captcha> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/authorization-server/oauth/verificationCode',
    remoteAddress: address,
  });
  const { captchaId, image } = response.json().data;
  const hook = await t.app.inject({ method: 'GET', url: `/api/test-hooks/captcha/${captchaId}` });
  return { captchaId, image, answer: hook.json().data };
}

/** A sign-in that answers a captcha right: the one given, or a fresh one. */
async function requestTokenWithCaptcha(username: string, password: string, captcha?: Captcha) {
  const { captchaId, answer } = captcha ?? (await newCaptcha());
  return requestToken(
    t.app,
    { username, password, captchaId, captchaCode: answer },
    { remoteAddress: address },
  );
}

/** A sign-in from the test's own address. */
function signIn(username: string, password: string) {
  return requestToken(t.app, { username, password }, { remoteAddress: address });
}

async function allFailureRecords(): Promise<number> {
  await chained(t);
  const { rows } = await t.database.db.execute<{ count: number }>(
    sql`select count(*)::int as count from audit_trail
        where action = 'auth.login' and outcome = 'failure' and reason = 'password'`,
  );
  return rows[0]!.count;
}

/** How many passwords this test checked and found wrong: one audit record each. */
async function failureRecords(): Promise<number> {
  return (await allFailureRecords()) - failuresBefore;
}

/** The newest records of one account, newest first, as `action/outcome[/reason]`. */
async function accountEvents(username: string, limit: number): Promise<string[]> {
  const rows = await (
    await testRepositories(t.app.database.db)
  ).audit.page({ actor: username }, undefined, limit);
  return rows.map((row) => [row.action, row.outcome, row.reason].filter(Boolean).join('/'));
}

async function failTimes(username: string, times: number, withCaptcha = false) {
  let last;
  for (let i = 0; i < times; i++) {
    last = withCaptcha
      ? await requestTokenWithCaptcha(username, 'Wrong@2026')
      : await signIn(username, 'Wrong@2026');
  }
  return last!;
}

describe('oauth/verificationCode', () => {
  it('gives a raster PNG with no markup a program could read, and an id', async () => {
    const { captchaId, image, answer } = await newCaptcha();
    expect(captchaId).toMatch(/^[0-9a-f-]{36}$/);
    expect(answer).toMatch(/^[2-9]{5}$/);
    expect(image).toMatch(/^data:image\/png;base64,/);
    const bytes = Buffer.from(image.split(',')[1]!, 'base64');
    const metadata = await sharp(bytes).metadata();
    expect(metadata).toMatchObject({ format: 'png', width: 264, height: 88 });
    // No text chunks, no vector drawing, not the answer.
    const text = bytes.toString('latin1');
    for (const marker of ['tEXt', 'iTXt', 'zTXt', '<svg', '<path', '<rect', answer]) {
      expect(text).not.toContain(marker);
    }
  });

  it('draws a different picture for the same answer each time', async () => {
    const first = await captchaPng('23456');
    const second = await captchaPng('23456');
    expect(first).not.toBe(second);
  });
});

describe('failed sign-ins', () => {
  it('asks for a captcha after 3 failures, and the refusal says so', async () => {
    const first = await failTimes(own.username, 2);
    expect(first.json()).toMatchObject({
      code: ErrorCode.BAD_CREDENTIALS,
      data: { captchaRequired: false, attemptsLeft: 4, lockMinutes: 15 },
    });
    const third = await failTimes(own.username, 1);
    expect(third.json()).toMatchObject({
      code: ErrorCode.BAD_CREDENTIALS,
      data: { captchaRequired: true, attemptsLeft: 3 },
    });
    const noCaptcha = await signIn(own.username, own.password);
    expect(noCaptcha.json()).toMatchObject({
      code: ErrorCode.CAPTCHA_REQUIRED,
      msg: 'Please enter the verification code',
      data: { captchaRequired: true },
    });
  });

  it('refuses a wrong captcha, a reused one and an expired one, and accepts a right one', async () => {
    await failTimes(own.username, 3);
    const captcha = await newCaptcha();
    const wrong = await requestToken(
      t.app,
      {
        username: own.username,
        password: own.password,
        captchaId: captcha.captchaId,
        captchaCode: captcha.answer === '22222' ? '33333' : '22222',
      },
      { remoteAddress: address },
    );
    expect(wrong.json()).toMatchObject({
      code: ErrorCode.CAPTCHA_INVALID,
      msg: 'The verification code is wrong',
    });
    // Used up by the wrong try: the right answer no longer works.
    const reused = await requestTokenWithCaptcha(own.username, own.password, captcha);
    expect(reused.json().code).toBe(ErrorCode.CAPTCHA_INVALID);

    const old = await newCaptcha();
    t.clock.advance(121_000);
    const expired = await requestTokenWithCaptcha(own.username, own.password, old);
    expect(expired.json().code).toBe(ErrorCode.CAPTCHA_INVALID);

    const ok = await requestTokenWithCaptcha(own.username, own.password);
    expect(ok.json().code).toBe('000000');
    // Success clears the count: the next sign-in needs no captcha.
    expect((await signIn(own.username, own.password)).json().code).toBe('000000');
  });

  it('treats an unknown account exactly like a wrong password, lock included', async () => {
    const unknown = await failTimes('nobody', 3);
    // From an address of its own too: the unknown name's failures count for its address.
    address = ownAddress();
    const known = await failTimes(own.username, 3);
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.json()).toEqual(known.json());
  });

  it('locks the account after 6 failures, refuses it before the password whatever the password, unlocks after 15 minutes', async () => {
    await failTimes(own.username, 3);
    const sixth = await failTimes(own.username, 3, true);
    expect(sixth.json().code).toBe(ErrorCode.BAD_CREDENTIALS);
    const checkedBefore = await failureRecords();

    // During the lock, a wrong and the right password get the same answer, and neither is checked.
    const wrongWhileLocked = await requestTokenWithCaptcha(own.username, 'Wrong@2026');
    const rightWhileLocked = await requestTokenWithCaptcha(own.username, own.password);
    const rightWithoutCaptcha = await signIn(own.username, own.password);
    for (const locked of [wrongWhileLocked, rightWhileLocked, rightWithoutCaptcha]) {
      expect(locked.statusCode).toBe(423);
      expect(locked.json()).toEqual({
        code: ErrorCode.ACCOUNT_LOCKED,
        boolSuccess: false,
        msg: 'This account is locked, please try again later',
        data: { minutes: 15, captchaRequired: true },
      });
    }
    expect(await failureRecords()).toBe(checkedBefore);

    t.clock.advance(15 * 60_000 + 1000);
    const unlocked = await requestTokenWithCaptcha(own.username, own.password);
    expect(unlocked.json().code).toBe('000000');

    const events = await accountEvents(own.username, 50);
    expect(events.filter((event) => event === 'auth.login/failure/password')).toHaveLength(6);
    expect(events).toContain('auth.lockout/refused/threshold');
    expect(events.filter((event) => event === 'auth.login/refused/locked')).toHaveLength(3);
    expect(events).toContain('auth.login/success');
  });

  it('forgets failures older than the window', async () => {
    await failTimes(own.username, 2);
    t.clock.advance(31 * 60_000);
    const after = await failTimes(own.username, 1);
    expect(after.json().data).toEqual({ captchaRequired: false, attemptsLeft: 5, lockMinutes: 15 });
  });

  it('asks every sign-in from an address with many failures for a captcha', async () => {
    for (const name of ['a1', 'a2', 'a3', 'a4', 'a5', 'a6', 'a7', 'a8', 'a9', 'a10']) {
      await signIn(name, 'Wrong@2026');
    }
    const fromThatAddress = await signIn(own.username, own.password);
    expect(fromThatAddress.json().code).toBe(ErrorCode.CAPTCHA_REQUIRED);
    const elsewhere = await requestToken(
      t.app,
      { username: own.username, password: own.password },
      { encoding: 'json', remoteAddress: ownAddress() },
    );
    expect(elsewhere.json().code).toBe('000000');
  });

  it('follows changed thresholds', async () => {
    await withSettings(
      { 'login.captchaAfterFailures': '1', 'login.lockAfterFailures': '4' },
      async () => {
        const first = await failTimes(own.username, 1);
        expect(first.json().data).toEqual({
          captchaRequired: true,
          attemptsLeft: 3,
          lockMinutes: 15,
        });
      },
    );
  });

  it('records sign-ins and failures with the address in the audit trail', async () => {
    await t.login('admin', 'Admin@2026');
    await failTimes('admin', 1);
    const [failure, success] = await (
      await testRepositories(t.app.database.db)
    ).audit.page({ action: 'auth.login' }, undefined, 2);
    expect(failure).toMatchObject({
      action: 'auth.login',
      outcome: 'failure',
      reason: 'password',
      actorName: 'admin',
      // The test's own address (failTimes), which the record names.
      ipAddress: address,
    });
    expect(success).toMatchObject({ action: 'auth.login', outcome: 'success', actorName: 'admin' });
    expect(success!.actorId).toEqual(expect.any(Number));
    expect(success!.actorUnit).toEqual(expect.any(String));
  });
});

describe('limits under simultaneous attempts', () => {
  // The per-address request limits (plugins/request-limits.ts) are not what these tests are about.
  beforeEach(async () => {
    for (const key of [
      'rate.pubKeyPerMinute',
      'rate.signInPerMinute',
      'rate.captchaPerMinute',
    ] as const) {
      await t.app.services.securitySettings.set(key, '100000');
    }
  });

  /** The encrypted form of a password, made once: the key stays the same during a test. */
  async function attempt(
    username: string,
    password: string,
    extra: Record<string, string>,
    remoteAddress: string,
  ) {
    return requestToken(t.app, { username, password, ...extra }, { remoteAddress });
  }

  it('checks only 3 of 100 simultaneous wrong passwords without a captcha against one account', async () => {
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        attempt(own.username, `Wrong@${i}`, {}, `10.1.${Math.floor(i / 250)}.${i % 250}`),
      ),
    );
    expect(await failureRecords()).toBe(3);
    const codes = answers.map((answer) => answer.json().code);
    expect(codes.filter((code) => code === ErrorCode.BAD_CREDENTIALS)).toHaveLength(3);
    expect(codes.filter((code) => code === ErrorCode.CAPTCHA_REQUIRED)).toHaveLength(97);
  });

  it('checks only 6 of 30 simultaneous wrong passwords with solved captchas, then locks', async () => {
    const captchas = await Promise.all(Array.from({ length: 30 }, () => newCaptcha()));
    const answers = await Promise.all(
      captchas.map((captcha, i) =>
        attempt(
          own.username,
          `Wrong@${i}`,
          { captchaId: captcha.captchaId, captchaCode: captcha.answer },
          `10.2.0.${i}`,
        ),
      ),
    );
    expect(await failureRecords()).toBe(6);
    const codes = answers.map((answer) => answer.json().code);
    expect(codes.filter((code) => code === ErrorCode.BAD_CREDENTIALS)).toHaveLength(6);
    expect(codes.filter((code) => code === ErrorCode.ACCOUNT_LOCKED)).toHaveLength(24);

    const right = await requestTokenWithCaptcha(own.username, own.password);
    const wrong = await requestTokenWithCaptcha(own.username, 'Wrong@2026');
    expect(right.statusCode).toBe(423);
    expect(right.json()).toEqual(wrong.json());
    expect(await failureRecords()).toBe(6);
  });

  it('checks only 10 of 40 simultaneous sign-ins to different accounts from one address', async () => {
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) => attempt(`user${i}`, 'Wrong@2026', {}, '10.3.0.1')),
    );
    expect(await failureRecords()).toBe(10);
    const codes = answers.map((answer) => answer.json().code);
    expect(codes.filter((code) => code === ErrorCode.BAD_CREDENTIALS)).toHaveLength(10);
    expect(codes.filter((code) => code === ErrorCode.CAPTCHA_REQUIRED)).toHaveLength(30);
  });

  it('locks an address after its limit of failures with solved captchas, the right password included', async () => {
    await withSettings({ 'login.addressLockAfterFailures': '12' }, async () => {
      for (let i = 0; i < 12; i++) {
        const captcha = await newCaptcha();
        await attempt(
          `name${i}`,
          'Wrong@2026',
          { captchaId: captcha.captchaId, captchaCode: captcha.answer },
          '10.4.0.1',
        );
      }
      const checked = await failureRecords();
      expect(checked).toBe(12);
      const captcha = await newCaptcha();
      const right = await attempt(
        'admin',
        'Admin@2026',
        { captchaId: captcha.captchaId, captchaCode: captcha.answer },
        '10.4.0.1',
      );
      expect(right.statusCode).toBe(429);
      expect(right.headers['retry-after']).toBe('900');
      expect(right.json()).toMatchObject({
        code: ErrorCode.RATE_LIMITED,
        msg: 'Too many failed sign-ins from this network address, please try again in 15 minutes',
      });
      expect(await failureRecords()).toBe(12);
      // Another address is not affected.
      expect((await attempt('admin', 'Admin@2026', {}, '10.4.0.2')).json().code).toBe('000000');
    });
  });
});

// Issue 31: run last, over every record the file's sign-ins, failures and locks wrote.
describe('the trail of the sign-ins above', () => {
  it('holds only fields their actions declare, so each reads with its label', async () => {
    await chained(t);
    const { rows } = await t.database.db.execute<{
      action: string;
      before: Record<string, unknown> | null;
      after: Record<string, unknown> | null;
    }>(sql`select action, before, after from audit_trail order by seq`);
    expect(rows.map((row) => row.action)).toEqual(expect.arrayContaining(['auth.lockout']));
    const undeclared = rows.flatMap((row) =>
      undeclaredAuditFields(row.action, row.before, row.after).map(
        (field) => `${row.action}: ${field}`,
      ),
    );
    expect([...new Set(undeclared)]).toEqual([]);
  });
});
