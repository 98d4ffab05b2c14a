import { createHash } from 'node:crypto';
import { ErrorCode, TOKEN_LIFETIME_SECONDS } from '@cityops/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  auditEvents,
  type OwnAccount,
  type TestApp,
  bearer,
  createAccount,
  createTestApp,
  encryptPassword,
  ownAddress,
  requestToken,
  withSecuritySettings,
} from '../../helpers/test-app.js';

const md5 = (text: string) => createHash('md5').update(text, 'utf8').digest('hex');

// One app for the file: each test changes the password of accounts of its own, signs in
// from an address of its own, and puts back the settings it changes.
let t: TestApp;
let address: string;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});
beforeEach(() => {
  address = ownAddress();
});

const login = (username: string, password: string) =>
  t.login(username, password, { remoteAddress: address });

/** A staff account of the test's own, as `operator` is in the demo data. */
const operator = (): Promise<OwnAccount> => createAccount(t.app);
/** One that must reset its password at the next sign-in, as `newhire`. */
const newhire = (): Promise<OwnAccount> => createAccount(t.app, { mustChangePassword: true });

async function changePassword(
  token: string,
  oldPassword: string,
  newPassword: string,
  overrides: Record<string, string> = {},
) {
  const encrypted = await encryptPassword(t.app, newPassword);
  return t.app.inject({
    method: 'POST',
    url: '/api/organization/user/ret',
    headers: { ...bearer(token), 'accept-language': 'en' },
    payload: {
      password: md5(oldPassword),
      newPassword: md5(newPassword),
      newPasswordTwo: md5(newPassword),
      newPasswordCipher: encrypted.password,
      keyId: encrypted.keyId,
      ...overrides,
    },
  });
}

const status = async (token: string) =>
  t.app.inject({
    method: 'GET',
    url: '/api/organization/user/isPassword',
    headers: { ...bearer(token), 'accept-language': 'en' },
  });

/** A call any signed-in account makes, refused while the password must be reset. */
const getMenu = (token: string) =>
  t.app.inject({
    method: 'GET',
    url: '/api/organization/customize_configuration/userSysModel',
    headers: { ...bearer(token), 'accept-language': 'en' },
  });

describe('user/isPassword', () => {
  it('is 0 for a fresh password, 2 for an old one, 1 for an account that must reset', async () => {
    const freshAccount = await createAccount(t.app, { passwordAgeDays: 1 });
    const staleAccount = await createAccount(t.app, { passwordAgeDays: 200 });
    const resetAccount = await newhire();
    const fresh = await login(freshAccount.username, freshAccount.password);
    const stale = await login(staleAccount.username, staleAccount.password);
    const reset = await login(resetAccount.username, resetAccount.password);
    expect((await status(fresh.access_token)).json()).toMatchObject({ code: '000000', data: 0 });
    expect((await status(stale.access_token)).json().data).toBe(2);
    expect((await status(reset.access_token)).json().data).toBe(1);
  });

  it('follows the age thresholds of the settings', async () => {
    const own = await createAccount(t.app, { passwordAgeDays: 10 });
    const admin = await login(own.username, own.password);
    const settings = t.app.services.securitySettings;
    await withSecuritySettings(
      t,
      { 'password.warnAgeDays': '180', 'password.maxAgeDays': '365' },
      async () => {
        await settings.set('password.warnAgeDays', '5');
        expect((await status(admin.access_token)).json().data).toBe(2);
        await settings.set('password.maxAgeDays', '8');
        expect((await status(admin.access_token)).json().data).toBe(1);
        // A malformed setting falls back to its safe default.
        await settings.set('password.maxAgeDays', 'soon');
        await settings.set('password.warnAgeDays', '-1');
        expect((await status(admin.access_token)).json().data).toBe(0);
      },
    );
  });
});

describe('while the password must be reset (status 1)', () => {
  it('refuses every other call with its own code, but allows status, change and sign-out', async () => {
    const own = await newhire();
    const { access_token: token } = await login(own.username, own.password);
    const menu = await getMenu(token);
    expect(menu.statusCode).toBe(403);
    expect(menu.json()).toMatchObject({
      code: ErrorCode.PASSWORD_RESET_REQUIRED,
      msg: 'Please reset password',
    });
    const user = await t.app.inject({
      method: 'GET',
      url: `/api/organization/user?uniqueId=${own.username}`,
      headers: bearer(token),
    });
    expect(user.json().code).toBe(ErrorCode.PASSWORD_RESET_REQUIRED);
    expect((await status(token)).json().data).toBe(1);

    const changed = await changePassword(token, own.password, 'Fresh#Start1');
    expect(changed.json()).toMatchObject({ code: '000000', data: null });
    const after = await login(own.username, 'Fresh#Start1');
    expect((await status(after.access_token)).json().data).toBe(0);
    const menuAfter = await getMenu(after.access_token);
    expect(menuAfter.json().code).toBe('000000');
  });

  it('lets the account sign out', async () => {
    const own = await newhire();
    const { access_token: token } = await login(own.username, own.password);
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/authorization-server/oauth/logout',
      headers: bearer(token),
    });
    expect(out.json().code).toBe('000000');
    expect((await status(token)).json().code).toBe(ErrorCode.TOKEN_INVALID);
  });
});

describe('user/ret', () => {
  it('changes the password, revokes every session of the user and is audited', async () => {
    const own = await operator();
    const first = await login(own.username, own.password);
    const second = await login(own.username, own.password);
    const other = await login('admin', 'Admin@2026');
    const response = await changePassword(first.access_token, own.password, 'New!Pass2026');
    expect(response.json()).toMatchObject({ code: '000000', boolSuccess: true });
    for (const token of [first.access_token, second.access_token]) {
      expect((await status(token)).json().code).toBe(ErrorCode.TOKEN_INVALID);
    }
    expect((await status(other.access_token)).json().code).toBe('000000');
    expect(
      (
        await requestToken(
          t.app,
          { username: own.username, password: own.password },
          { remoteAddress: address },
        )
      ).json().code,
    ).toBe(ErrorCode.BAD_CREDENTIALS);
    await login(own.username, 'New!Pass2026');
    const events = await auditEvents(t.app, 20);
    expect(events).toContain('password.change/success');
    // Neither the password nor its digest reaches the log.
    expect(t.logs.join('')).not.toContain(md5('New!Pass2026'));
    expect(t.logs.join('')).not.toContain('New!Pass2026');
  });

  it('refuses a wrong old password', async () => {
    const own = await operator();
    const { access_token } = await login(own.username, own.password);
    const response = await changePassword(access_token, 'Wrong@2026x', 'New!Pass2026');
    expect(response.json()).toMatchObject({
      code: ErrorCode.BAD_CREDENTIALS,
      msg: 'The old password is wrong',
    });
    expect((await status(access_token)).json().code).toBe('000000');
  });

  it.each([
    ['Sh1!abc', 'too short'],
    ['alllowercase1!', 'no upper case'],
    ['NoDigits!!ab', 'no digit'],
    ['NoSpecial123a', 'no special character'],
    ['Waaaaaaaaaaaay2Long!!', 'longer than 18'],
  ])('checks the policy on the server: %s (%s)', async (password) => {
    const own = await operator();
    const { access_token } = await login(own.username, own.password);
    const response = await changePassword(access_token, own.password, password);
    expect(response.statusCode).toBe(422);
    expect(response.json().data.fields).toEqual([
      {
        field: 'newPassword',
        message:
          'Password needs 8-18 characters, must contain upper and lower case letters, digits, special characters!',
      },
    ]);
  });

  it('keeps the security administrator’s minimum length and login-name rule (issue 24)', async () => {
    // A login name the passwords below contain, as they contain `operator`.
    const own = await createAccount(t.app, { username: 'opera', password: 'Operator@2026' });
    const { access_token } = await login(own.username, 'Operator@2026');
    const settings = t.app.services.securitySettings;
    await withSecuritySettings(
      t,
      { 'password.minLength': '12', 'password.forbidLoginName': 'false' },
      async () => {
        const short = await changePassword(access_token, 'Operator@2026', 'New!Pass26');
        expect(short.statusCode).toBe(422);
        expect(short.json().data.fields).toEqual([
          {
            field: 'newPassword',
            message:
              'Password needs 12-18 characters, must contain upper and lower case letters, digits, special characters!',
          },
        ]);
        // Off by default: the login name may be part of a password.
        await settings.set('password.minLength', '8');
        const named = await changePassword(access_token, 'Operator@2026', 'Operator#2027');
        expect(named.json().code).toBe('000000');

        const again = await login(own.username, 'Operator#2027');
        await settings.set('password.forbidLoginName', 'true');
        const refused = await changePassword(again.access_token, 'Operator#2027', 'my-OPERATOR#9');
        expect(refused.json().data.fields).toEqual([
          { field: 'newPassword', message: 'The password must not contain the login name' },
        ]);
        // An out-of-range minimum falls back to the spec's 8.
        await settings.set('password.minLength', '40');
        expect(
          (await changePassword(again.access_token, 'Operator#2027', 'Fine#Pass9')).json().code,
        ).toBe('000000');
      },
    );
  });

  it('says the minimum length in Chinese too', async () => {
    const own = await newhire();
    const { access_token } = await login(own.username, own.password);
    await withSecuritySettings(t, { 'password.minLength': '10' }, async () => {
      const encrypted = await encryptPassword(t.app, 'Short#26a');
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/organization/user/ret',
        headers: { ...bearer(access_token), 'accept-language': 'zh-CN' },
        payload: {
          password: md5(own.password),
          newPassword: md5('Short#26a'),
          newPasswordTwo: md5('Short#26a'),
          newPasswordCipher: encrypted.password,
          keyId: encrypted.keyId,
        },
      });
      // The first sign-in's forced change goes through the same check.
      expect(response.json().data.fields[0].message).toBe(
        '密码需为10-18位，必须包含大小写字母、数字和特殊字符！',
      );
    });
  });

  it('refuses digests that do not match each other or the encrypted password', async () => {
    const own = await operator();
    const { access_token } = await login(own.username, own.password);
    const mismatch = await changePassword(access_token, own.password, 'New!Pass2026', {
      newPasswordTwo: md5('Other!Pass2026'),
    });
    expect(mismatch.json().data.fields[0]).toEqual({
      field: 'newPasswordTwo',
      message: 'Two passwords do not match',
    });
    const forged = await changePassword(access_token, own.password, 'weak', {
      newPassword: md5('New!Pass2026'),
      newPasswordTwo: md5('New!Pass2026'),
    });
    expect(forged.json().msg).toBe('The new password does not match its digest, please try again');
    const notDigest = await changePassword(access_token, own.password, 'New!Pass2026', {
      password: own.password,
    });
    expect(notDigest.statusCode).toBe(422);
    expect(notDigest.json().data.fields[0]).toEqual({
      field: 'password',
      message: 'The password digest is not valid',
    });
    const empty = await changePassword(access_token, own.password, 'New!Pass2026', {
      password: '',
      newPasswordTwo: '',
    });
    expect(empty.json().data.fields.map((f: { message: string }) => f.message)).toEqual([
      'Please enter old password',
      'Please confirm password again',
    ]);
  });

  it('refuses the same password again', async () => {
    const own = await operator();
    const { access_token } = await login(own.username, own.password);
    const response = await changePassword(access_token, own.password, own.password);
    expect(response.json().data.fields[0].message).toBe(
      'The new password must differ from the old one',
    );
  });

  it('answers in Chinese for a Chinese caller', async () => {
    const own = await operator();
    const { access_token } = await login(own.username, own.password);
    const encrypted = await encryptPassword(t.app, 'New!Pass2026');
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/organization/user/ret',
      headers: { ...bearer(access_token), 'accept-language': 'zh-CN' },
      payload: {
        password: md5('Bad@Old2026'),
        newPassword: md5('New!Pass2026'),
        newPasswordTwo: md5('New!Pass2026'),
        newPasswordCipher: encrypted.password,
        keyId: encrypted.keyId,
      },
    });
    expect(response.json().msg).toBe('旧密码错误');
  });
});

describe('token life', () => {
  it('refuses a token after sign-out', async () => {
    const own = await operator();
    const { access_token } = await login(own.username, own.password);
    await t.app.inject({
      method: 'POST',
      url: '/api/authorization-server/oauth/logout',
      headers: bearer(access_token),
    });
    const response = await status(access_token);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({
      code: ErrorCode.TOKEN_INVALID,
      msg: 'Invalid token, please log in again!',
    });
  });

  it('refuses a token after its 0.1-day lifetime, measured on the server clock', async () => {
    const own = await operator();
    const { access_token, expires_in } = await login(own.username, own.password);
    expect(expires_in).toBe(8640);
    // In use every twenty minutes (within the idle time) up to a second before its end.
    const end = t.clock.now().getTime() + TOKEN_LIFETIME_SECONDS * 1000;
    while (t.clock.now().getTime() < end - 1000) {
      t.clock.advance(Math.min(20 * 60_000, end - 1000 - t.clock.now().getTime()));
      expect((await status(access_token)).json().code).toBe('000000');
    }
    t.clock.advance(1000);
    expect((await status(access_token)).json().code).toBe(ErrorCode.TOKEN_INVALID);
  });

  it('refuses the tokens of an account once it is disabled, and stays refused after re-enabling', async () => {
    const own = await operator();
    const { access_token, id } = await login(own.username, own.password);
    const admin = (await login('admin', 'Admin@2026')).access_token;
    const setDisabled = async (disabled: boolean) => {
      const url = `/api/system/users/${id}`;
      const headers = { authorization: `Bearer ${admin}` };
      const { version } = (await t.app.inject({ method: 'GET', url, headers })).json().data;
      const response = await t.app.inject({
        method: 'PUT',
        url: `${url}/status`,
        headers,
        payload: { disabled, version },
      });
      expect(response.json().code).toBe('000000');
    };
    await setDisabled(true);
    expect((await status(access_token)).json().code).toBe(ErrorCode.TOKEN_INVALID);
    await setDisabled(false);
    expect((await status(access_token)).json().code).toBe(ErrorCode.TOKEN_INVALID);
    const { rows } = await t.database.db.execute<{ live: number }>(
      sql`select count(*)::int as live from sessions where user_id = ${Number(id)} and revoked_at is null`,
    );
    expect(rows[0]!.live).toBe(0);
  });

  it('refuses a malformed or missing bearer token', async () => {
    for (const headers of [{}, { authorization: 'Bearer' }, { authorization: 'Bearer nope' }]) {
      const response = await t.app.inject({
        method: 'GET',
        url: '/api/organization/user/isPassword',
        headers,
      });
      expect(response.json().code).toBe(ErrorCode.TOKEN_INVALID);
    }
  });
});
