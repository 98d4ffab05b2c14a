import { ErrorCode, GIS_PATHS, MESSAGE_PATHS } from '@cityops/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { controlCharacterPaths } from '../../src/lib/validator-compiler.js';
import { type TestApp, basicAuthorization, bearer, createTestApp } from '../helpers/test-app.js';

describe('controlCharacterPaths', () => {
  it('finds NUL and other C0 controls in values and keys, not tab, newline or return', () => {
    expect(
      controlCharacterPaths({
        a: 'fine\ttext\r\nwith lines',
        b: ['ok', 'nul\u0000'],
        c: { 'key\u0001': 'x', deep: { escape: '\u001b[31m' } },
        d: 12,
        e: null,
      }),
    ).toEqual([
      ['b', 1],
      ['c', 'key\u0001'],
      ['c', 'deep', 'escape'],
    ]);
  });

  it('walks a body of nothing but nested arrays without overflowing the stack', () => {
    const depth = 200_000;
    const nested = JSON.parse(`${'['.repeat(depth)}"\\u0000"${']'.repeat(depth)}`) as unknown;
    const paths = controlCharacterPaths(nested);
    expect(paths).toHaveLength(1);
    expect(paths[0]).toHaveLength(depth);
  });
});

describe('a NUL byte in any text field', () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp();
    admin = (await t.login('admin', 'Admin@2026')).access_token;
  });
  afterAll(() => t.close());

  const english = { 'accept-language': 'en' };

  function expectFieldRefused(
    response: Awaited<ReturnType<TestApp['app']['inject']>>,
    field: string,
    message = 'This value contains control characters that are not allowed',
  ) {
    expect(response.statusCode, response.body).toBe(422);
    const body = response.json();
    expect(body.code).toBe(ErrorCode.VALIDATION);
    expect(body.data.fields).toContainEqual({ field, message });
  }

  it('is refused at validation on the public QR ticket call (the reviewer reproduction)', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/authorization-server/oauth/qrCode',
      headers: english,
      payload: { appId: '\u0000abc', timeStamp: 1 },
    });
    expectFieldRefused(response, 'appId');
  });

  it('is refused in Chinese for a Chinese caller', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/authorization-server/oauth/qrCode',
      headers: { 'accept-language': 'zh-CN' },
      payload: { appId: 'PC\u0000', timeStamp: 1 },
    });
    expectFieldRefused(response, 'appId', '此项包含不允许的控制字符');
  });

  it('is refused in a sign-in, an SMS request and a form body', async () => {
    const token = await t.app.inject({
      method: 'POST',
      url: '/api/authorization-server/oauth/token',
      headers: { ...english, authorization: basicAuthorization },
      payload: {
        grant_type: 'password',
        username: 'ad\u0000min',
        password: 'x',
        keyId: 'k',
        scope: 'read',
        appId: 'PC',
      },
    });
    expectFieldRefused(token, 'username');

    const sms = await t.app.inject({
      method: 'POST',
      url: '/api/message-sms/sms/pwb_kaptcha',
      headers: {
        ...english,
        authorization: basicAuthorization,
        'content-type': 'application/x-www-form-urlencoded',
      },
      payload: 'mobile=1380013%000000',
    });
    expectFieldRefused(sms, 'mobile');
  });

  it('is refused in signed-in calls: a message title, an article, a query string, a property key', async () => {
    const message = await t.app.inject({
      method: 'POST',
      url: `/api${MESSAGE_PATHS.send}`,
      headers: { ...english, ...bearer(admin) },
      payload: { title: 'a\u0000b', content: 'x', allUsers: true },
    });
    expectFieldRefused(message, 'title');

    const search = await t.app.inject({
      method: 'GET',
      url: '/api/business-guide/articles?keyword=%00',
      headers: { ...english, ...bearer(admin) },
    });
    expectFieldRefused(search, 'keyword');

    const feature = await t.app.inject({
      method: 'POST',
      url: `/api${GIS_PATHS.create}`,
      headers: { ...english, ...bearer(admin) },
      payload: {
        layerId: 1,
        name: 'n',
        geometry: { type: 'Point', coordinates: [114.3, 30.6] },
        properties: { 'bad\u0000key': 'v' },
      },
    });
    expectFieldRefused(feature, 'properties.bad\u0000key');
  });

  it('leaves tabs and newlines alone, and refuses an escape character', async () => {
    const ok = await t.app.inject({
      method: 'POST',
      url: `/api${MESSAGE_PATHS.send}`,
      headers: { ...english, ...bearer(admin) },
      payload: { title: 'line\tone', content: 'first\r\nsecond', allUsers: true },
    });
    expect(ok.json().code, ok.body).toBe('000000');
    const escape = await t.app.inject({
      method: 'POST',
      url: `/api${MESSAGE_PATHS.send}`,
      headers: { ...english, ...bearer(admin) },
      payload: { title: 'ok', content: 'colour \u001b[31m', allUsers: true },
    });
    expectFieldRefused(escape, 'content');
  });

  it('refuses a body of 5,000 nested arrays with a validation answer (found by the fuzz)', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/business-guide/categories',
      headers: { ...english, ...bearer(admin), 'content-type': 'application/json' },
      payload: `${'['.repeat(5000)}${']'.repeat(5000)}`,
    });
    expect(response.statusCode, response.body).toBe(422);
  });

  it('never answers 5xx nor logs an error', async () => {
    expect(t.logs.join('')).not.toContain('"level":50');
  });
});

describe('paging numbers', () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp();
    admin = (await t.login('admin', 'Admin@2026')).access_token;
  });
  afterAll(() => t.close());

  it.each([
    ['GET', '/api/business-guide/articles?pageIndex=1e9', undefined],
    ['POST', `/api${MESSAGE_PATHS.page}`, { pageIndex: 1e9 }],
  ] as const)('refuses a pageIndex of 1e9: %s %s', async (method, url, payload) => {
    const response = await t.app.inject({
      method,
      url,
      headers: { 'accept-language': 'en', ...bearer(admin) },
      ...(payload ? { payload } : {}),
    });
    expect(response.statusCode, response.body).toBe(422);
    expect(response.json().data.fields).toContainEqual({
      field: 'pageIndex',
      message: 'The page number is too large',
    });
  });
});

describe('ids (issue 21): 1 to 2147483647 in decimal, refused otherwise before the database', () => {
  let t: TestApp;
  let admin: string;
  let operator: { token: string; id: string };
  let auditor: string;
  let security: string;
  beforeAll(async () => {
    t = await createTestApp();
    admin = (await t.login('admin', 'Admin@2026')).access_token;
    security = (await t.login('security', 'Security@2026')).access_token;
    const signedIn = await t.login('operator', 'Operator@2026');
    operator = { token: signedIn.access_token, id: String(signedIn.id) };
    auditor = (await t.login('auditor', 'Auditor@2026')).access_token;
  });
  afterAll(() => t.close());

  /** 2^31, 2^63, 20 digits, leading zeros, and numbers that are not written in decimal. */
  const BAD_IDS = [
    '2147483648',
    '9999999999',
    '9223372036854775808',
    '12345678901234567890',
    '0001',
    '1e3',
    '0x10',
  ];

  async function expectRefused(
    token: string,
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    field: string,
    payload?: Record<string, unknown>,
  ) {
    const response = await t.app.inject({
      method,
      url,
      headers: { 'accept-language': 'en', ...bearer(token) },
      ...(payload ? { payload } : {}),
    });
    expect(response.statusCode, `${method} ${url} ${response.body}`).toBe(422);
    expect(response.json().code).toBe(ErrorCode.VALIDATION);
    expect(response.json().data.fields).toContainEqual({
      field,
      message: 'This value is not valid',
    });
  }

  it.each(BAD_IDS)('refuses %s in the staff call for the departments of a unit', async (id) => {
    await expectRefused(operator.token, 'GET', `/api/organization/organ/cascade/${id}`, 'orgId');
  });

  it.each(BAD_IDS)('refuses %s in a console path, query and body', async (id) => {
    await expectRefused(admin, 'GET', `/api/system/users/${id}`, 'id');
    await expectRefused(admin, 'GET', `/api/system/users?organizationId=${id}`, 'organizationId');
    await expectRefused(
      security,
      'GET',
      `/api/system/sessions?organizationId=${id}`,
      'organizationId',
    );
    await expectRefused(admin, 'POST', '/api/system/units', 'parentId', {
      name: '单位',
      nameEn: 'Unit',
      parentId: id,
    });
    await expectRefused(admin, 'POST', '/api/system/roles', 'unitIds.0', {
      id: 'bounded',
      name: '角色',
      nameEn: 'Role',
      dataScope: 'custom',
      unitIds: [id],
    });
  });

  it.each(BAD_IDS)(
    'refuses %s in the personal area, messages, articles and the map',
    async (id) => {
      await expectRefused(operator.token, 'PUT', `/api/organization/user/${id}`, 'id', {});
      await expectRefused(
        operator.token,
        'PUT',
        `/api/organization/user/${operator.id}`,
        'departmentId',
        {
          username: 'operator',
          name: 'x',
          mobile: '13800000000',
          organizationId: '1',
          departmentId: id,
        },
      );
      await expectRefused(operator.token, 'GET', `/api${MESSAGE_PATHS.updateRead}?id=${id}`, 'id');
      await expectRefused(admin, 'POST', `/api${MESSAGE_PATHS.send}`, 'userIds.0', {
        title: 't',
        content: 'c',
        userIds: id,
      });
      await expectRefused(admin, 'GET', `/api/business-guide/articles/${id}`, 'id');
      await expectRefused(
        admin,
        'GET',
        `/api/business-guide/articles?categoryId=${id}`,
        'categoryId',
      );
      await expectRefused(admin, 'POST', `/api${GIS_PATHS.query}`, 'layerId', { layerId: id });
    },
  );

  it('keeps the audit sequence within its bigint column and exact in JavaScript', async () => {
    for (const seq of ['9223372036854775808', '9007199254740993', '12345678901234567890', '007']) {
      await expectRefused(auditor, 'GET', `/api/system/audit/${seq}`, 'seq');
      await expectRefused(auditor, 'GET', `/api/system/audit?before=${seq}`, 'before');
    }
  });

  it('takes the largest id and a JSON number, and answers not found', async () => {
    const largest = await t.app.inject({
      method: 'GET',
      url: '/api/system/users/2147483647',
      headers: bearer(admin),
    });
    expect(largest.statusCode, largest.body).toBe(404);
    const departments = await t.app.inject({
      method: 'GET',
      url: '/api/organization/organ/cascade/2147483647',
      headers: bearer(operator.token),
    });
    expect(departments.statusCode, departments.body).toBe(404);
  });
});
