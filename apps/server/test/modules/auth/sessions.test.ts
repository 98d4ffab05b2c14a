import { ErrorCode } from '@cityops/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type TestApp,
  basicAuthorization,
  bearer,
  createTestApp,
  requestToken,
} from '../../helpers/test-app.js';

const menuUrl = '/api/organization/customize_configuration/userSysModel';
const logoutUrl = '/api/authorization-server/oauth/logout';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

function menu(headers: Record<string, string>) {
  return t.app.inject({ method: 'GET', url: menuUrl, headers });
}

describe('sign-out', () => {
  it('revokes only the token it is called with', async () => {
    const first = (await t.login('operator', 'Operator@2026')).access_token;
    const second = (await t.login('operator', 'Operator@2026')).access_token;
    expect(first).not.toBe(second);

    const logout = await t.app.inject({ method: 'POST', url: logoutUrl, headers: bearer(first) });
    expect(logout.statusCode).toBe(200);
    expect(logout.json()).toEqual({
      code: '000000',
      boolSuccess: true,
      msg: 'success',
      data: null,
    });

    expect((await menu(bearer(first))).statusCode).toBe(401);
    expect((await menu(bearer(second))).statusCode).toBe(200);

    // A second sign-out with the revoked token is refused like any unknown token.
    const again = await t.app.inject({ method: 'POST', url: logoutUrl, headers: bearer(first) });
    expect(again.statusCode).toBe(401);
    expect(again.json().code).toBe(ErrorCode.TOKEN_INVALID);
  });

  it('records the revocation in the session table', async () => {
    const token = (await t.login('admin', 'Admin@2026')).access_token;
    await t.app.inject({ method: 'POST', url: logoutUrl, headers: bearer(token) });
    const { rows } = await t.database.db.execute<{ revoked: number }>(
      sql`select count(*)::int as revoked from sessions where revoked_at is not null`,
    );
    expect(rows[0]!.revoked).toBeGreaterThanOrEqual(1);
  });

  it('needs a token', async () => {
    const response = await t.app.inject({ method: 'POST', url: logoutUrl });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ code: '040005', boolSuccess: false, data: null });
  });
});

describe('the token check', () => {
  it.each([
    ['no header', {}],
    ['an empty bearer', { authorization: 'Bearer ' }],
    ['an unknown token', bearer('x'.repeat(43))],
    ['basic credentials', { authorization: basicAuthorization }],
    ['the token without the scheme', { authorization: 'abc' }],
  ])('answers 040005 with HTTP 401 for %s, in the caller language', async (_name, headers) => {
    const english = await menu({ ...headers, 'accept-language': 'en-US,en;q=0.9' });
    expect(english.statusCode).toBe(401);
    expect(english.json()).toEqual({
      code: '040005',
      boolSuccess: false,
      msg: 'Invalid token, please log in again!',
      data: null,
    });
    const chinese = await menu({ ...headers, 'accept-language': 'zh-CN,zh;q=0.9' });
    expect(chinese.json().msg).toBe('令牌无效，请重新登录！');
  });

  it('accepts the scheme in any case', async () => {
    const token = (await t.login('operator', 'Operator@2026')).access_token;
    expect((await menu({ authorization: `bearer ${token}` })).statusCode).toBe(200);
  });

  it('refuses the token of an account disabled since sign-in', async () => {
    const token = (await t.login('stale', 'Stale@2026a')).access_token;
    await t.database.db.execute(sql`update users set disabled = true where username = 'stale'`);
    try {
      const response = await menu(bearer(token));
      expect(response.statusCode).toBe(401);
      expect(response.json().code).toBe('040005');
    } finally {
      await t.database.db.execute(sql`update users set disabled = false where username = 'stale'`);
    }
  });
});

describe('oauth/token edge cases', () => {
  it('refuses a disabled account only after a correct password', async () => {
    await t.database.db.execute(sql`update users set disabled = true where username = 'stale'`);
    try {
      const right = await requestToken(t.app, { username: 'stale', password: 'Stale@2026a' });
      expect(right.statusCode).toBe(403);
      expect(right.json()).toMatchObject({
        code: ErrorCode.ACCOUNT_DISABLED,
        msg: 'This account is disabled',
      });
      const wrong = await requestToken(t.app, { username: 'stale', password: 'Wrong@2026' });
      expect(wrong.json().code).toBe(ErrorCode.BAD_CREDENTIALS);
    } finally {
      await t.database.db.execute(sql`update users set disabled = false where username = 'stale'`);
    }
  });

  it('refuses a password encrypted for an unknown key', async () => {
    const response = await requestToken(
      t.app,
      { username: 'admin', password: 'Admin@2026', keyId: '00000000-0000-0000-0000-000000000000' },
      { encoding: 'json' },
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe(ErrorCode.BAD_CREDENTIALS);
  });

  it('signs in regardless of the account name case', async () => {
    const response = await requestToken(t.app, { username: 'ADMIN', password: 'Admin@2026' });
    expect(response.json()).toMatchObject({ code: '000000', data: { username: 'admin' } });
  });

  it('keeps the same key for every call, so a page may fetch it once', async () => {
    const a = await t.app.inject({ method: 'POST', url: '/api/authorization-server/oauth/pubKey' });
    const b = await t.app.inject({ method: 'POST', url: '/api/authorization-server/oauth/pubKey' });
    expect(a.json().data).toEqual(b.json().data);
  });

  it('names the bad fields in Chinese by default', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/authorization-server/oauth/token',
      headers: {
        authorization: basicAuthorization,
        'content-type': 'application/x-www-form-urlencoded',
      },
      payload: 'grant_type=password&username=%20&password=x&keyId=k&appId=PC',
    });
    expect(response.statusCode).toBe(422);
    const body = response.json();
    expect(body.code).toBe(ErrorCode.VALIDATION);
    expect(body.msg).toBe('请检查字段：username, scope');
    expect(body.data.fields).toEqual([
      { field: 'username', message: '用户名不能为空！' },
      { field: 'scope', message: '此项为必填项' },
    ]);
  });
});
