import { ErrorCode } from '@cityops/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp, requestToken } from '../../helpers/test-app.js';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  await t.close();
});

interface Captcha {
  captchaId: string;
  answer: string;
  image: string;
}

async function newCaptcha(): Promise<Captcha> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/authorization-server/oauth/verificationCode',
  });
  const { captchaId, image } = response.json().data;
  const hook = await t.app.inject({ method: 'GET', url: `/api/test-hooks/captcha/${captchaId}` });
  return { captchaId, image, answer: hook.json().data };
}

/** A sign-in that answers a captcha right: the one given, or a fresh one. */
async function requestTokenWithCaptcha(username: string, password: string, captcha?: Captcha) {
  const { captchaId, answer } = captcha ?? (await newCaptcha());
  return requestToken(t.app, { username, password, captchaId, captchaCode: answer });
}

async function failTimes(username: string, times: number, withCaptcha = false) {
  let last;
  for (let i = 0; i < times; i++) {
    last = withCaptcha
      ? await requestTokenWithCaptcha(username, 'Wrong@2026')
      : await requestToken(t.app, { username, password: 'Wrong@2026' });
  }
  return last!;
}

describe('oauth/verificationCode', () => {
  it('gives an SVG image with no readable text and an id', async () => {
    const { captchaId, image, answer } = await newCaptcha();
    expect(captchaId).toMatch(/^[0-9a-f-]{36}$/);
    expect(image).toMatch(/^data:image\/svg\+xml;base64,/);
    const svg = Buffer.from(image.split(',')[1]!, 'base64').toString('utf8');
    expect(svg).not.toContain('<text');
    expect(svg).not.toContain(answer);
    expect(answer).toMatch(/^[2-9]{5}$/);
  });
});

describe('failed sign-ins', () => {
  it('asks for a captcha after 3 failures, and the refusal says so', async () => {
    const first = await failTimes('operator', 2);
    expect(first.json()).toMatchObject({
      code: ErrorCode.BAD_CREDENTIALS,
      data: { captchaRequired: false },
    });
    const third = await failTimes('operator', 1);
    expect(third.json()).toMatchObject({
      code: ErrorCode.BAD_CREDENTIALS,
      data: { captchaRequired: true },
    });
    const noCaptcha = await requestToken(t.app, {
      username: 'operator',
      password: 'Operator@2026',
    });
    expect(noCaptcha.json()).toMatchObject({
      code: ErrorCode.CAPTCHA_REQUIRED,
      msg: 'please enter the verification code',
      data: { captchaRequired: true },
    });
  });

  it('refuses a wrong captcha, a reused one and an expired one, and accepts a right one', async () => {
    await failTimes('operator', 3);
    const captcha = await newCaptcha();
    const wrong = await requestToken(t.app, {
      username: 'operator',
      password: 'Operator@2026',
      captchaId: captcha.captchaId,
      captchaCode: captcha.answer === '22222' ? '33333' : '22222',
    });
    expect(wrong.json()).toMatchObject({
      code: ErrorCode.CAPTCHA_INVALID,
      msg: 'the verification code is wrong',
    });
    // Used up by the wrong try: the right answer no longer works.
    const reused = await requestTokenWithCaptcha('operator', 'Operator@2026', captcha);
    expect(reused.json().code).toBe(ErrorCode.CAPTCHA_INVALID);

    const old = await newCaptcha();
    t.clock.advance(121_000);
    const expired = await requestTokenWithCaptcha('operator', 'Operator@2026', old);
    expect(expired.json().code).toBe(ErrorCode.CAPTCHA_INVALID);

    const ok = await requestTokenWithCaptcha('operator', 'Operator@2026');
    expect(ok.json().code).toBe('000000');
    // Success clears the count: the next sign-in needs no captcha.
    expect(
      (await requestToken(t.app, { username: 'operator', password: 'Operator@2026' })).json().code,
    ).toBe('000000');
  });

  it('treats an unknown account exactly like a wrong password, lock included', async () => {
    const unknown = await failTimes('nobody', 3);
    const known = await failTimes('operator', 3);
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.json()).toEqual(known.json());
  });

  it('locks the account after 6 failures; says so only after a correct password; unlocks after 15 minutes', async () => {
    await failTimes('operator', 3);
    const sixth = await failTimes('operator', 3, true);
    expect(sixth.json().code).toBe(ErrorCode.BAD_CREDENTIALS);

    // A wrong password during the lock gives the usual answer.
    const wrongWhileLocked = await requestTokenWithCaptcha('operator', 'Wrong@2026');
    expect(wrongWhileLocked.json().code).toBe(ErrorCode.BAD_CREDENTIALS);

    const locked = await requestTokenWithCaptcha('operator', 'Operator@2026');
    expect(locked.statusCode).toBe(423);
    expect(locked.json()).toMatchObject({
      code: ErrorCode.ACCOUNT_LOCKED,
      msg: 'this account is locked, please try again later',
    });

    t.clock.advance(15 * 60_000 + 1000);
    const unlocked = await requestTokenWithCaptcha('operator', 'Operator@2026');
    expect(unlocked.json().code).toBe('000000');

    const events = (await t.app.services.audit.latest(50)).map((entry) => entry.event);
    expect(events.filter((event) => event === 'login.failure')).toHaveLength(7);
    expect(events).toContain('login.locked');
    expect(events).toContain('login.refused_locked');
    expect(events).toContain('login.success');
  });

  it('forgets failures older than the window', async () => {
    await failTimes('operator', 2);
    t.clock.advance(31 * 60_000);
    const after = await failTimes('operator', 1);
    expect(after.json().data).toEqual({ captchaRequired: false });
  });

  it('asks every sign-in from an address with many failures for a captcha', async () => {
    for (const name of ['a1', 'a2', 'a3', 'a4', 'a5', 'a6', 'a7', 'a8', 'a9', 'a10']) {
      await requestToken(t.app, { username: name, password: 'Wrong@2026' });
    }
    const fromThatAddress = await requestToken(t.app, {
      username: 'admin',
      password: 'Admin@2026',
    });
    expect(fromThatAddress.json().code).toBe(ErrorCode.CAPTCHA_REQUIRED);
    const elsewhere = await requestToken(
      t.app,
      { username: 'admin', password: 'Admin@2026' },
      { encoding: 'json', remoteAddress: '10.0.0.9' },
    );
    expect(elsewhere.json().code).toBe('000000');
  });

  it('follows changed thresholds', async () => {
    await t.app.services.securitySettings.set('login.captchaAfterFailures', '1');
    const first = await failTimes('operator', 1);
    expect(first.json().data).toEqual({ captchaRequired: true });
  });

  it('records sign-ins and failures with the address in the audit table', async () => {
    await t.login('admin', 'Admin@2026');
    await failTimes('admin', 1);
    const [failure, success] = await t.app.services.audit.latest(2);
    expect(failure).toMatchObject({
      event: 'login.failure',
      username: 'admin',
      ipAddress: '127.0.0.1',
    });
    expect(success).toMatchObject({ event: 'login.success', username: 'admin' });
    expect(success!.userId).toEqual(expect.any(Number));
  });
});
