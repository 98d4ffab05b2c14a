import { ErrorCode, userDataSchema } from '@cityops/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, bearer, createTestApp } from '../../helpers/test-app.js';

let t: TestApp;
let adminToken: string;
let operatorToken: string;

beforeAll(async () => {
  t = await createTestApp();
  adminToken = (await t.login('admin', 'Admin@2026')).access_token;
  operatorToken = (await t.login('operator', 'Operator@2026')).access_token;
});
afterAll(async () => {
  await t.close();
});

function get(url: string, headers: Record<string, string> = {}) {
  return t.app.inject({ method: 'GET', url, headers: { 'accept-language': 'en', ...headers } });
}

describe('GET /organization/user?uniqueId=', () => {
  it('gives the caller their own user data', async () => {
    const response = await get('/api/organization/user?uniqueId=operator', bearer(operatorToken));
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ code: '000000', boolSuccess: true });
    expect(userDataSchema.strict().parse(body.data)).toMatchObject({
      username: 'operator',
      name: '张伟',
      mobile: '13912345678',
      roleIds: ['staff'],
      headImage: null,
    });
    expect(body.data.id).toBe(body.data.userId);
    expect(body.data.organizationId).toMatch(/^\d+$/);
    expect(body.data.departmentId).toMatch(/^\d+$/);
  });

  it('finds the account regardless of case and surrounding spaces', async () => {
    const response = await get(
      `/api/organization/user?uniqueId=${encodeURIComponent(' Operator ')}`,
      bearer(operatorToken),
    );
    expect(response.json()).toMatchObject({ code: '000000', data: { username: 'operator' } });
  });

  it('lets an administrator read another account', async () => {
    const response = await get('/api/organization/user?uniqueId=stale', bearer(adminToken));
    expect(response.json()).toMatchObject({
      code: '000000',
      data: { username: 'stale', name: '李娜' },
    });
  });

  it('refuses another account to a non-administrator', async () => {
    const response = await get('/api/organization/user?uniqueId=admin', bearer(operatorToken));
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({
      code: ErrorCode.FORBIDDEN,
      boolSuccess: false,
      msg: 'You do not have permission to do this',
      data: null,
    });
  });

  it('answers 404 for an unknown account', async () => {
    const response = await get('/api/organization/user?uniqueId=nobody', bearer(adminToken));
    expect(response.statusCode).toBe(404);
    expect(response.json().code).toBe(ErrorCode.NOT_FOUND);
  });

  it('names a missing uniqueId', async () => {
    const response = await get('/api/organization/user', bearer(adminToken));
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({
      code: ErrorCode.VALIDATION,
      msg: 'Please check the field: uniqueId',
      data: { fields: [{ field: 'uniqueId', message: 'Username cannot be empty!' }] },
    });
  });

  it('needs a token', async () => {
    const response = await get('/api/organization/user?uniqueId=admin');
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({
      code: '040005',
      msg: 'Invalid token, please log in again!',
    });
  });

  it('answers the token error in Chinese by default', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/organization/user?uniqueId=admin',
    });
    expect(response.json().msg).toBe('令牌无效，请重新登录！');
  });
});
