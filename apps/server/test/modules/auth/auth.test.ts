import { ErrorCode, TOKEN_LIFETIME_SECONDS } from '@cityops/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type TestApp,
  basicAuthorization,
  bearer,
  createAccount,
  createTestApp,
  ownAddress,
  requestToken,
} from '../../helpers/test-app.js';

// One app for the file: a test that fails sign-ins does it to an account and from an
// address of its own, so the counts of one test never reach another's.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('oauth/pubKey', () => {
  it('gives an RSA public key in PEM with its id', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/authorization-server/oauth/pubKey',
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({
      code: '000000',
      boolSuccess: true,
      data: { algorithm: 'RSA-OAEP-256' },
    });
    expect(body.data.publicKey).toMatch(/^-----BEGIN PUBLIC KEY-----/);
    expect(body.data.keyId).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('oauth/token', () => {
  it('signs in with the encrypted password and returns the token and the user data', async () => {
    const response = await requestToken(t.app, { username: '  admin ', password: 'Admin@2026' });
    expect(response.statusCode).toBe(200);
    const { data } = response.json();
    expect(data).toMatchObject({
      token_type: 'bearer',
      expires_in: TOKEN_LIFETIME_SECONDS,
      scope: 'read',
      username: 'admin',
      roleIds: ['admin'],
      name: '系统管理员',
      mobile: '13800138000',
    });
    // 256 random bits and a 128-bit tag under a server key (session-tokens.ts, issue 32).
    expect(data.access_token).toMatch(/^[A-Za-z0-9_-]{65}$/);
    expect(data.id).toBe(data.userId);
    expect(data.organizationId).toEqual(expect.any(String));
    expect(data.departmentId).toEqual(expect.any(String));
    expect(data).toHaveProperty('headImage');
  });

  it('accepts a JSON body too', async () => {
    const response = await requestToken(
      t.app,
      { username: 'operator', password: 'Operator@2026' },
      { encoding: 'json' },
    );
    expect(response.json()).toMatchObject({ code: '000000', data: { roleIds: ['staff'] } });
  });

  it('gives the same answer for a wrong password and an unknown account', async () => {
    const own = await createAccount(t.app);
    const wrong = await requestToken(
      t.app,
      { username: own.username, password: 'Wrong@2026' },
      { remoteAddress: ownAddress() },
    );
    const unknown = await requestToken(
      t.app,
      { username: 'nobody', password: own.password },
      { remoteAddress: ownAddress() },
    );
    expect(wrong.statusCode).toBe(400);
    expect(unknown.statusCode).toBe(400);
    expect(wrong.json()).toEqual({
      code: ErrorCode.BAD_CREDENTIALS,
      boolSuccess: false,
      msg: 'Incorrect username or password',
      // The tries left count the same for a login name that does not exist.
      data: { captchaRequired: false, attemptsLeft: 5, lockMinutes: 15 },
    });
    expect(unknown.json()).toEqual(wrong.json());
  });

  it('answers in Chinese by default', async () => {
    const response = await requestToken(
      t.app,
      { username: (await createAccount(t.app)).username, password: 'nope' },
      { encoding: 'json', language: null, remoteAddress: ownAddress() },
    );
    expect(response.json().msg).toBe('用户名或密码错误');
  });

  it('refuses a password that was not encrypted with the key', async () => {
    const own = await createAccount(t.app);
    const response = await requestToken(
      t.app,
      { username: own.username, password: own.password },
      { encrypt: false, encoding: 'json', remoteAddress: ownAddress() },
    );
    expect(response.json().code).toBe(ErrorCode.BAD_CREDENTIALS);
  });

  it('refuses a call without the web client credentials', async () => {
    const response = await requestToken(
      t.app,
      { username: 'admin', password: 'Admin@2026' },
      { encoding: 'json', authorization: null },
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe(ErrorCode.BAD_REQUEST);
  });

  it.each([
    [{ username: '' }, 'username', 'Username cannot be empty!'],
    [{ scope: 'write' }, 'scope', 'This value is not valid'],
    [{ appId: 'APP' }, 'appId', 'This value is not valid'],
    [{ grant_type: 'client_credentials' }, 'grant_type', 'This value is not valid'],
    [{ password: '' }, 'password', 'Please enter password'],
  ])('names the bad field of %o', async (override, field, message) => {
    // An overriding password (the empty one) is sent as it is, not encrypted.
    const response = await requestToken(
      t.app,
      { username: 'admin', password: 'Admin@2026', ...override },
      { encrypt: !('password' in override), encoding: 'json', remoteAddress: ownAddress() },
    );
    expect(response.statusCode).toBe(422);
    const body = response.json();
    expect(body.code).toBe(ErrorCode.VALIDATION);
    expect(body.msg).toContain(field);
    expect(body.data.fields).toContainEqual({ field, message });
  });

  it('names a missing field as required', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/authorization-server/oauth/token',
      headers: { authorization: basicAuthorization, 'accept-language': 'en' },
      payload: {
        grant_type: 'password',
        username: 'admin',
        scope: 'read',
        appId: 'PC',
        password: 'x',
      },
    });
    expect(response.json().data.fields).toContainEqual({
      field: 'keyId',
      message: 'This field is required',
    });
  });

  it('refuses a body that is not JSON with a clear code', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/authorization-server/oauth/token',
      headers: { authorization: basicAuthorization, 'content-type': 'application/json' },
      payload: '{"username":',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: ErrorCode.BAD_REQUEST, boolSuccess: false });
  });

  it('refuses a huge body with 413', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/authorization-server/oauth/token',
      headers: { authorization: basicAuthorization, 'content-type': 'application/json' },
      payload: JSON.stringify({ username: 'a'.repeat(2 * 1024 * 1024) }),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json().code).toBe(ErrorCode.PAYLOAD_TOO_LARGE);
  });
});

describe('tokens', () => {
  /** A call any signed-in account may make. */
  const menu = (headers: Record<string, string>) =>
    t.app.inject({
      method: 'GET',
      url: '/api/organization/customize_configuration/userSysModel',
      headers,
    });

  it('answers 040005 with HTTP 401 without a token or with an unknown one', async () => {
    for (const headers of [{}, bearer('not-a-token'), { authorization: 'Basic abc' }]) {
      const response = await menu(headers);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ code: '040005', boolSuccess: false, data: null });
    }
  });

  it('is refused after sign-out', async () => {
    const own = await createAccount(t.app);
    const { access_token } = await t.login(own.username, own.password);
    // Another session of the same account lives on: sign-out ends only its own.
    const other = await t.login(own.username, own.password);
    expect((await menu(bearer(access_token))).statusCode).toBe(200);
    const logout = await t.app.inject({
      method: 'POST',
      url: '/api/authorization-server/oauth/logout',
      headers: bearer(access_token),
    });
    expect(logout.json()).toMatchObject({ code: '000000', data: null });
    const after = await menu(bearer(access_token));
    expect(after.statusCode).toBe(401);
    expect(after.json().code).toBe('040005');
    expect((await menu(bearer(other.access_token))).statusCode).toBe(200);
  });

  it('is refused once its 0.1-day lifetime is over', async () => {
    const own = await createAccount(t.app);
    const { access_token } = await t.login(own.username, own.password);
    // In use every twenty minutes (within the idle time) up to a second before its end.
    const end = t.clock.now().getTime() + TOKEN_LIFETIME_SECONDS * 1000;
    while (t.clock.now().getTime() < end - 1000) {
      t.clock.advance(Math.min(20 * 60_000, end - 1000 - t.clock.now().getTime()));
      expect((await menu(bearer(access_token))).statusCode).toBe(200);
    }
    t.clock.advance(2000);
    const response = await menu(bearer(access_token));
    expect(response.statusCode).toBe(401);
    expect(response.json().code).toBe('040005');
  });

  it('stores only a digest of the token', async () => {
    const own = await createAccount(t.app);
    const { access_token } = await t.login(own.username, own.password);
    const { rows } = await t.database.db.execute<{ token_hash: string }>(
      sql`select token_hash from sessions where user_id = ${own.id}`,
    );
    expect(rows).toHaveLength(1);
    expect(rows.map((row) => row.token_hash)).not.toContain(access_token);
    expect(rows[0]!.token_hash).toMatch(/^[0-9a-f]{64}$/);
  });
});
