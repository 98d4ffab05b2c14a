import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipart, png } from '../helpers/images.js';
import { type TestApp, bearer, createTestApp } from '../helpers/test-app.js';

/**
 * One signed-in request to every module on one app. When CI runs the server suite on
 * PostgreSQL, PGlite runs only the driver-aware files and this one
 * (vitest.config.ts, docs/testing.md): each module's SQL still meets PGlite once. The
 * modules' own files check what the answers mean; here an answer is the module's
 * success envelope with the data it must have.
 */

const passwords = {
  admin: 'Admin@2026',
  operator: 'Operator@2026',
  security: 'Security@2026',
  auditor: 'Auditor@2026',
};

interface Call {
  module: string;
  login: keyof typeof passwords;
  method: 'GET' | 'POST';
  url: string;
  payload?: object;
  /** What the answer's data must have: the module really answered from its tables. */
  check: (data: any) => void; // eslint-disable-line @typescript-eslint/no-explicit-any -- each module's own tests check the shapes
}

const calls: Call[] = [
  {
    module: 'organization',
    login: 'operator',
    method: 'GET',
    url: '/api/organization/user?uniqueId=operator',
    check: (data) => expect(data.username).toBe('operator'),
  },
  {
    module: 'organization (units)',
    login: 'operator',
    method: 'GET',
    url: '/api/organization/organ/cascade',
    check: (data) => expect(data.length).toBeGreaterThan(0),
  },
  {
    module: 'password',
    login: 'operator',
    method: 'GET',
    url: '/api/organization/user/isPassword',
    check: (data) => expect(data).not.toBeUndefined(),
  },
  {
    module: 'menus',
    login: 'operator',
    method: 'GET',
    url: '/api/organization/customize_configuration/userSysModel',
    check: (data) => expect(data.length).toBeGreaterThan(0),
  },
  {
    module: 'business-guide',
    login: 'operator',
    method: 'GET',
    url: '/api/business-guide/categories',
    check: (data) => expect(data.length).toBeGreaterThan(0),
  },
  {
    module: 'notifications',
    login: 'operator',
    method: 'POST',
    url: '/api/message-sms/messageData/page',
    payload: { current: 1, size: 10 },
    check: (data) => expect(data.total).toBeGreaterThanOrEqual(0),
  },
  {
    module: 'gis',
    login: 'operator',
    method: 'POST',
    url: '/api/base-data/baseGisGeometry/layers',
    check: (data) => expect(data.length).toBeGreaterThan(0),
  },
  {
    module: 'second-factor',
    login: 'operator',
    method: 'GET',
    url: '/api/organization/user/second-factor',
    check: (data) => expect(data.enrolled).toBe(false),
  },
  {
    module: 'sessions',
    login: 'operator',
    method: 'GET',
    url: '/api/organization/user/sessions',
    check: (data) => expect(data.length).toBeGreaterThan(0),
  },
  {
    module: 'settings',
    login: 'security',
    method: 'GET',
    url: '/api/system/settings/session',
    check: (data) =>
      expect(data).toMatchObject({ version: expect.any(Number), values: expect.any(Object) }),
  },
  {
    module: 'system (users)',
    login: 'admin',
    method: 'GET',
    url: '/api/system/users',
    check: (data) => expect(data.total).toBeGreaterThan(0),
  },
  {
    module: 'system (roles)',
    login: 'admin',
    method: 'GET',
    url: '/api/system/roles',
    check: (data) => expect(data.list.length).toBeGreaterThan(0),
  },
  {
    module: 'system (units)',
    login: 'admin',
    method: 'GET',
    url: '/api/system/units',
    check: (data) => expect(data.length).toBeGreaterThan(0),
  },
  {
    module: 'system (menus)',
    login: 'admin',
    method: 'GET',
    url: '/api/system/menus',
    check: (data) => expect(data.length).toBeGreaterThan(0),
  },
  {
    module: 'system (subsystems)',
    login: 'admin',
    method: 'GET',
    url: '/api/system/subsystems',
    check: (data) => expect(data).toBeInstanceOf(Array),
  },
  {
    module: 'system (messages)',
    login: 'admin',
    method: 'GET',
    url: '/api/system/messages',
    check: (data) => expect(data.total).toBeGreaterThanOrEqual(0),
  },
  {
    module: 'sessions (console)',
    login: 'security',
    method: 'GET',
    url: '/api/system/sessions',
    check: (data) => expect(data.total).toBeGreaterThan(0),
  },
  {
    module: 'audit',
    login: 'auditor',
    method: 'GET',
    url: '/api/system/audit',
    check: (data) => expect(data.list.length).toBeGreaterThan(0),
  },
  {
    module: 'health',
    login: 'admin',
    method: 'GET',
    url: '/api/health',
    check: (data) => expect(data.driver).toBe(process.env.TEST_DATABASE ?? 'pglite'),
  },
];

describe('every module answers a signed-in request', () => {
  let t: TestApp;
  const tokens: Record<string, string> = {};

  beforeAll(async () => {
    t = await createTestApp();
    for (const [login, password] of Object.entries(passwords)) {
      tokens[login] = (await t.login(login, password)).access_token;
    }
  });
  afterAll(async () => {
    await t.close();
  });

  it.each(calls)('$module: $method $url', async ({ login, method, url, payload, check }) => {
    const response = await t.app.inject({
      method,
      url,
      headers: { ...bearer(tokens[login]!), 'accept-language': 'en' },
      ...(payload ? { payload } : {}),
    });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ code: '000000', boolSuccess: true });
    check(body.data);
  });

  it('files: an upload is stored and served back', async () => {
    const body = multipart([
      { name: 'bucketName', value: 'avatars' },
      { name: 'file', filename: 'smoke.png', contentType: 'image/png', data: png(4, 3) },
    ]);
    const uploaded = await t.app.inject({
      method: 'POST',
      url: '/api/file-go-fastdfs/file/upload',
      headers: { ...body.headers, ...bearer(tokens.operator!) },
      payload: body.payload,
    });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const { url } = uploaded.json().data as { url: string };
    const served = await t.app.inject({ method: 'GET', url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
  });

  it('subsystems: the provider publishes its signing keys', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/oidc/jwks' });
    expect(response.statusCode).toBe(200);
    expect(response.json().keys.length).toBeGreaterThan(0);
  });
});
