import { createHash, createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { ErrorCode } from '@cityops/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { serverSecrets, smsCodes } from '../../../src/db/schema/index.js';
import { masterKeyId } from '../../../src/lib/master-key.js';
import { KeyRing } from '../../../src/modules/secrets/key-ring.js';
import { ServerSecretRepository } from '../../../src/modules/secrets/server-secret.repository.js';
import { WebhookSmsProvider } from '../../../src/modules/sms/sms-provider.js';
import { TEST_SECRETS_KEY } from '../../helpers/constants.js';
import {
  auditEvents,
  type TestApp,
  basicAuthorization,
  bearer,
  createAccount,
  createTestApp,
  encryptPassword,
  ownAddress,
  withSecuritySettings,
} from '../../helpers/test-app.js';
import { chained } from '../../helpers/chained.js';

const md5 = (text: string) => createHash('md5').update(text, 'utf8').digest('hex');

// One app for the file. Each test recovers the password of an account of its own, with a
// mobile number of its own, from an address of its own (the per-number and per-address
// limits), and puts back the settings it changes.
let t: TestApp;
let ADMIN_MOBILE: string;
let address: string;
let mobiles = 0;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});
beforeEach(() => {
  ADMIN_MOBILE = `1370000${String(++mobiles).padStart(4, '0')}`;
  address = ownAddress();
});

/** The test's account holding ADMIN_MOBILE, as `admin` holds 13800138000 in the demo data. */
const ownAccount = (options: { username?: string; password?: string } = {}) =>
  createAccount(t.app, { ...options, mobile: ADMIN_MOBILE });

function post(url: string, payload: Record<string, unknown>, remoteAddress = address) {
  return t.app.inject({
    method: 'POST',
    url,
    headers: { authorization: basicAuthorization, 'accept-language': 'en' },
    payload,
    remoteAddress,
  });
}

async function codeFailures(): Promise<number> {
  await chained(t);
  const { rows } = await t.database.db.execute<{ count: number }>(
    sql`select count(*)::int as count from audit_trail
        where action = 'auth.sms.login' and outcome = 'failure' and reason = 'code'`,
  );
  return rows[0]!.count;
}

const sendCode = (mobile: string, remoteAddress?: string) =>
  post('/api/message-sms/sms/pwb_kaptcha', { mobile }, remoteAddress);

async function latestCode(mobile: string): Promise<string | null> {
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/test-hooks/sms/latest?mobile=${mobile}`,
  });
  if (response.statusCode !== 200) return null;
  return /(\d{6})/.exec(response.json().data.text)?.[1] ?? null;
}

async function findPwd(mobile: string, ticket: string, password: string) {
  const encrypted = await encryptPassword(t.app, password);
  return post('/api/organization/user/find_pwd', {
    mobile,
    ticket,
    newPassword: md5(password),
    newPasswordTwo: md5(password),
    newPasswordCipher: encrypted.password,
    keyId: encrypted.keyId,
  });
}

describe('oauth/basic', () => {
  it('needs the client credentials and tells the SMS constants', async () => {
    const response = await post('/api/authorization-server/oauth/basic', {});
    expect(response.json().data).toEqual({
      clientId: 'cityops-web',
      smsCodeLength: 6,
      smsCodeTtlSeconds: 300,
      smsResendSeconds: 60,
      passwordRules: { minLength: 8, forbidLoginName: false },
    });
    // The security administrator's password rules reach the recovery screen before sign-in.
    await withSecuritySettings(
      t,
      { 'password.minLength': '12', 'password.forbidLoginName': 'true' },
      async () => {
        expect((await post('/api/authorization-server/oauth/basic', {})).json().data).toMatchObject(
          { passwordRules: { minLength: 12, forbidLoginName: true } },
        );
      },
    );
    const without = await t.app.inject({
      method: 'POST',
      url: '/api/authorization-server/oauth/basic',
    });
    expect(without.json().code).toBe(ErrorCode.BAD_REQUEST);
  });
});

describe('password recovery by SMS', () => {
  it('sends a 6-digit code, exchanges it for a ticket, resets the password and ends every session', async () => {
    const own = await ownAccount();
    const session = await t.login(own.username, own.password);
    const sent = await sendCode(ADMIN_MOBILE);
    expect(sent.json()).toMatchObject({
      code: '000000',
      data: { resendAfterSeconds: 60, expiresInSeconds: 300 },
    });
    const code = await latestCode(ADMIN_MOBILE);
    expect(code).toMatch(/^\d{6}$/);

    const checked = await post('/api/organization/user/check_phone', {
      mobile: ADMIN_MOBILE,
      code: code!,
    });
    expect(checked.json().code).toBe('000000');
    const ticket = checked.json().data.ticket as string;
    expect(ticket.length).toBeGreaterThan(20);

    const reset = await findPwd(ADMIN_MOBILE, ticket, 'Recover#2026x');
    expect(reset.json()).toMatchObject({ code: '000000' });
    const old = await t.app.inject({
      method: 'GET',
      url: '/api/organization/user/isPassword',
      headers: bearer(session.access_token),
    });
    expect(old.json().code).toBe(ErrorCode.TOKEN_INVALID);
    await t.login(own.username, 'Recover#2026x');

    // The ticket and the code are single use.
    expect((await findPwd(ADMIN_MOBILE, ticket, 'Again#2026xx')).json().msg).toBe(
      'The verification has expired, please start again',
    );
    const reused = await post('/api/organization/user/check_phone', {
      mobile: ADMIN_MOBILE,
      code: code!,
    });
    expect(reused.json()).toMatchObject({
      code: ErrorCode.BAD_REQUEST,
      msg: 'The SMS code is wrong or has expired',
    });
    const events = await auditEvents(t.app, 20);
    expect(events).toEqual(
      expect.arrayContaining(['auth.sms.request/success', 'password.reset/success']),
    );
    // The code never reaches the log.
    expect(t.logs.join('')).not.toContain(code!);
  });

  it('answers a registered and an unknown number the same, and texts only the registered one', async () => {
    await ownAccount();
    const known = await sendCode(ADMIN_MOBILE);
    const unknown = await sendCode('13900000000');
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.json()).toEqual(known.json());
    expect(await latestCode('13900000000')).toBeNull();
    const guess = await post('/api/organization/user/check_phone', {
      mobile: '13900000000',
      code: '123456',
    });
    expect(guess.json().msg).toBe('The SMS code is wrong or has expired');
  });

  it('refuses a code after 5 minutes', async () => {
    await ownAccount();
    await sendCode(ADMIN_MOBILE);
    const code = await latestCode(ADMIN_MOBILE);
    t.clock.advance(5 * 60_000 + 1000);
    const late = await post('/api/organization/user/check_phone', { mobile: ADMIN_MOBILE, code });
    expect(late.json().code).toBe(ErrorCode.BAD_REQUEST);
  });

  it('allows 5 attempts, then the code is used up', async () => {
    await ownAccount();
    const failuresBefore = await codeFailures();
    await sendCode(ADMIN_MOBILE);
    const code = await latestCode(ADMIN_MOBILE);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) {
      const response = await post('/api/organization/user/check_phone', {
        mobile: ADMIN_MOBILE,
        code: wrong,
      });
      expect(response.json().code).toBe(ErrorCode.BAD_REQUEST);
    }
    const right = await post('/api/organization/user/check_phone', { mobile: ADMIN_MOBILE, code });
    expect(right.json().code).toBe(ErrorCode.BAD_REQUEST);
    const failures = await auditEvents(t.app, 20, 'auth.sms.login');
    expect(failures.filter((event) => event === 'auth.sms.login/failure/code')).not.toHaveLength(0);
    // This test's own failures: the file's earlier tests failed codes too.
    expect((await codeFailures()) - failuresBefore).toBe(5);
  });

  it('keeps the resend interval and the per-number and per-address limits', async () => {
    await ownAccount();
    await sendCode(ADMIN_MOBILE);
    const again = await sendCode(ADMIN_MOBILE);
    expect(again.statusCode).toBe(429);
    expect(again.json()).toMatchObject({
      code: ErrorCode.RATE_LIMITED,
      msg: 'Please wait 60 seconds before asking for another code',
    });
    t.clock.advance(61_000);
    const third = await sendCode(ADMIN_MOBILE);
    expect(third.json().code, third.body).toBe('000000');

    await withSecuritySettings(
      t,
      { 'sms.maxPerMobilePerDay': '3', 'sms.maxPerAddressPerHour': '20' },
      async () => {
        t.clock.advance(61_000);
        expect((await sendCode(ADMIN_MOBILE)).json().code).toBe('000000');
        t.clock.advance(61_000);
        expect((await sendCode(ADMIN_MOBILE)).json().msg).toBe(
          'Too many codes were requested, please try again later',
        );

        await t.app.services.securitySettings.set('sms.maxPerAddressPerHour', '2');
        expect((await sendCode('13911110001', '10.1.1.1')).json().code).toBe('000000');
        expect((await sendCode('13911110002', '10.1.1.1')).json().code).toBe('000000');
        expect((await sendCode('13911110003', '10.1.1.1')).json().code).toBe(
          ErrorCode.RATE_LIMITED,
        );
        expect((await sendCode('13911110003', '10.1.1.2')).json().code).toBe('000000');
      },
    );
  });

  it('validates the inputs and the new password policy', async () => {
    await ownAccount({ password: 'Admin@2026' });
    const bad = await sendCode('12345');
    expect(bad.json().data.fields[0].message).toBe('Please enter correct mobile number');
    const noCode = await post('/api/organization/user/check_phone', {
      mobile: ADMIN_MOBILE,
      code: '12ab',
    });
    expect(noCode.json().data.fields[0].message).toBe('The SMS code has 6 digits');

    await sendCode(ADMIN_MOBILE);
    const code = await latestCode(ADMIN_MOBILE);
    const { ticket } = (
      await post('/api/organization/user/check_phone', { mobile: ADMIN_MOBILE, code })
    ).json().data;
    const weak = await findPwd(ADMIN_MOBILE, ticket, 'weakpassword');
    expect(weak.statusCode).toBe(422);
    // The current password is one of the last ones (setting password.historyCount).
    const reused = await findPwd(ADMIN_MOBILE, ticket, 'Admin@2026');
    expect(reused.json().data.fields).toEqual([
      { field: 'newPassword', message: 'The new password must differ from your recent passwords' },
    ]);
    // A refused password does not use the ticket up.
    expect((await findPwd(ADMIN_MOBILE, ticket, 'Strong#2026x')).json().code).toBe('000000');
  });

  it('keeps the security administrator’s minimum length and login-name rule', async () => {
    // A login name that the password below contains, as it contains `admin`.
    await ownAccount({ username: 'admin2026' });
    await withSecuritySettings(
      t,
      { 'password.minLength': '12', 'password.forbidLoginName': 'true' },
      async () => {
        await sendCode(ADMIN_MOBILE);
        const code = await latestCode(ADMIN_MOBILE);
        const { ticket } = (
          await post('/api/organization/user/check_phone', { mobile: ADMIN_MOBILE, code })
        ).json().data;
        const short = await findPwd(ADMIN_MOBILE, ticket, 'Short#2026x');
        expect(short.json().data.fields).toEqual([
          {
            field: 'newPassword',
            message:
              'Password needs 12-18 characters, must contain upper and lower case letters, digits, special characters!',
          },
        ]);
        // The holder of the ticket is admin2026: its login name, in any case, is refused.
        const named = await findPwd(ADMIN_MOBILE, ticket, 'My#ADMIN2026x');
        expect(named.json().data.fields).toEqual([
          { field: 'newPassword', message: 'The password must not contain the login name' },
        ]);
        expect((await findPwd(ADMIN_MOBILE, ticket, 'Strong#2026xyz')).json().code).toBe('000000');
      },
    );
  });

  it('needs the web client credentials', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/message-sms/sms/pwb_kaptcha',
      payload: { mobile: ADMIN_MOBILE },
    });
    expect(response.json().code).toBe(ErrorCode.BAD_REQUEST);
  });
});

describe('WebhookSmsProvider', () => {
  it('posts the message as JSON with the bearer token, and fails on a non-2xx answer', async () => {
    const received: { body: string; authorization: string | undefined }[] = [];
    let status = 200;
    const server = http.createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
      request.on('end', () => {
        received.push({ body, authorization: request.headers.authorization });
        response.statusCode = status;
        response.end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    try {
      const provider = new WebhookSmsProvider(`http://127.0.0.1:${port}/sms`, 'secret-1');
      await provider.send({ mobile: ADMIN_MOBILE, text: 'code 123456' });
      expect(received).toEqual([
        {
          body: JSON.stringify({ mobile: ADMIN_MOBILE, text: 'code 123456' }),
          authorization: 'Bearer secret-1',
        },
      ]);
      status = 502;
      await expect(provider.send({ mobile: ADMIN_MOBILE, text: 'x' })).rejects.toThrow('502');
    } finally {
      server.close();
    }
  });
});

describe('stored SMS codes', () => {
  it('are a keyed hash (HMAC under a server secret kept in the database), not a plain digest', async () => {
    await ownAccount();
    await post('/api/message-sms/sms/pwb_kaptcha', { mobile: ADMIN_MOBILE });
    const code = (await latestCode(ADMIN_MOBILE))!;
    const [row] = await t.database.db
      .select({ codeHash: smsCodes.codeHash })
      .from(smsCodes)
      .where(eq(smsCodes.mobileIndex, await t.app.services.personalData.mobileIndex(ADMIN_MOBILE)));
    const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
    expect(row!.codeHash).not.toBe(sha256(`${ADMIN_MOBILE}:${code}`));
    expect(row!.codeHash).not.toBe(sha256(`password:${ADMIN_MOBILE}:${code}`));
    // The key is kept sealed under the master key (secrets/key-ring.ts); opened as a server does.
    const master = Buffer.from(TEST_SECRETS_KEY, 'base64');
    const ring = new KeyRing(
      { key: master, id: masterKeyId(master) },
      new ServerSecretRepository(t.database.db),
    );
    const [stored] = await t.database.db
      .select()
      .from(serverSecrets)
      .where(eq(serverSecrets.name, 'sms-code-hmac'));
    expect(Buffer.from(stored!.value, 'base64')).not.toHaveLength(32);
    const key = Buffer.from(
      await new ServerSecretRepository(t.database.db, ring).getOrCreate('sms-code-hmac', 'unused'),
      'base64',
    );
    expect(key).toHaveLength(32);
    expect(row!.codeHash).toBe(
      createHmac('sha256', key).update(`password:${ADMIN_MOBILE}:${code}`).digest('hex'),
    );
  });
});
