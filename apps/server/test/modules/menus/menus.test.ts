import { ErrorCode } from '@cityops/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, bearer, createTestApp } from '../../helpers/test-app.js';

describe('system models and integrated systems', () => {
  let t: TestApp;
  let admin: string;
  let operator: string;

  beforeAll(async () => {
    t = await createTestApp();
    admin = (await t.login('admin', 'Admin@2026')).access_token;
    operator = (await t.login('operator', 'Operator@2026')).access_token;
  });
  afterAll(async () => t.close());

  function model(token: string | null, payload: unknown, contentType = 'application/json') {
    return t.app.inject({
      method: 'POST',
      url: '/api/organization/model',
      headers: {
        ...(token ? bearer(token) : {}),
        'content-type': contentType,
        'accept-language': 'en',
      },
      payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
    });
  }

  function otherUrl(token: string | null, query: string, language = 'en') {
    return t.app.inject({
      method: 'GET',
      url: `/api/organization/model/other_url${query}`,
      headers: { ...(token ? bearer(token) : {}), 'accept-language': language },
    });
  }

  async function idOf(code: string): Promise<string> {
    const response = await model(admin, { code });
    return response.json().data[0].id as string;
  }

  it('lists the models the caller may open, with parent codes', async () => {
    const response = await model(admin, {});
    expect(response.statusCode).toBe(200);
    const models = response.json().data as { code: string; parentCode: string | null }[];
    expect(models.find((m) => m.code === 'event_dispatch')?.parentCode).toBe(
      'command_coordination',
    );
    expect(models.find((m) => m.code === 'business_guide')?.parentCode).toBeNull();
    expect(models.some((m) => m.code === 'data_sharing_platform')).toBe(true);
  });

  it('filters by code, id and integrated, form-urlencoded too', async () => {
    const integrated = await model(admin, 'integrated=true', 'application/x-www-form-urlencoded');
    expect(integrated.statusCode).toBe(200);
    expect(integrated.json().data.map((m: { code: string }) => m.code)).toEqual([
      'data_sharing_platform',
    ]);
    const id = await idOf('hotline_12345');
    const byId = await model(admin, { id });
    expect(byId.json().data).toEqual([
      expect.objectContaining({
        id,
        code: 'hotline_12345',
        url: '/demo-subsystem.html',
        query: { system: 'hotline_12345' },
        integrated: false,
      }),
    ]);
  });

  it('hides a branch the caller may not see, children included', async () => {
    const response = await model(operator, {});
    const codes = (response.json().data as { code: string }[]).map((m) => m.code);
    expect(codes).toContain('business_guide');
    expect(codes).not.toContain('data_exchange');
    // The child has no roles of its own, but its parent is for administrators only.
    expect(codes).not.toContain('data_sharing_platform');
  });

  it.each([
    ['an id that is not a number', { id: 'abc' }],
    ['a negative id', { id: '-1' }],
    ['a code with odd characters', { code: "x' or 1=1 --" }],
    ['an integrated flag that is not a boolean', { integrated: 'maybe' }],
    ['an unknown field', { url: '/x' }],
  ])('refuses %s with a validation error', async (_label, payload) => {
    const response = await model(admin, payload);
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ code: ErrorCode.VALIDATION, boolSuccess: false });
  });

  it('needs a token', async () => {
    expect((await model(null, {})).statusCode).toBe(401);
    expect((await otherUrl(null, '?id=1')).json().code).toBe(ErrorCode.TOKEN_INVALID);
  });

  it('gives the own-window address of an integrated system', async () => {
    const id = await idOf('data_sharing_platform');
    const response = await otherUrl(admin, `?id=${id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      code: '000000',
      boolSuccess: true,
      msg: expect.any(String),
      data: { url: '/demo-subsystem.html?system=data_sharing_platform&window=own' },
    });
  });

  it('refuses an entry that is not integrated', async () => {
    const id = await idOf('hotline_12345');
    const response = await otherUrl(admin, `?id=${id}`);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: ErrorCode.BAD_REQUEST,
      msg: 'This menu entry is not an integrated system',
    });
    const chinese = await otherUrl(admin, `?id=${id}`, 'zh-CN');
    expect(chinese.json().msg).toBe('该菜单项不是集成系统');
  });

  it('answers "Not found" for an unknown id and for an entry the caller cannot reach', async () => {
    expect((await otherUrl(admin, '?id=999999')).statusCode).toBe(404);
    const id = await idOf('data_sharing_platform');
    const hidden = await otherUrl(operator, `?id=${id}`);
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json().code).toBe(ErrorCode.NOT_FOUND);
  });

  it.each(['', '?id=', '?id=abc', '?id=1.5', '?id=99999999999', '?id=1%27--'])(
    'refuses the query %j',
    async (query) => {
      const response = await otherUrl(admin, query);
      expect(response.statusCode).toBe(422);
      expect(response.json().code).toBe(ErrorCode.VALIDATION);
      expect(response.body).not.toMatch(/select|stack|at .*\.ts/i);
    },
  );
});
