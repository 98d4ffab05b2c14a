import { ErrorCode, weatherSchema } from '@cityops/contract';
import { sql } from 'drizzle-orm';
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

describe('GET /organization/config?key=', () => {
  it('gives the system name without a token', async () => {
    const response = await get('/api/organization/config?key=systemName');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      code: '000000',
      boolSuccess: true,
      msg: 'success',
      data: '城市运行管理服务平台',
    });
  });

  it('gives the command coordination code', async () => {
    const response = await get('/api/organization/config?key=commandCoordinationCode');
    expect(response.json().data).toBe('command_coordination');
  });

  it('gives the city time zone, the default until one is saved', async () => {
    const response = await get('/api/organization/config?key=timeZone');
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toBe('Asia/Shanghai');
    await t.database.db.execute(
      sql`insert into settings (key, value) values ('general.timeZone', 'Europe/Berlin')
          on conflict (key) do update set value = excluded.value`,
    );
    try {
      const changed = await get('/api/organization/config?key=timeZone');
      expect(changed.json().data).toBe('Europe/Berlin');
    } finally {
      await t.database.db.execute(sql`delete from settings where key = 'general.timeZone'`);
    }
  });

  it('follows a changed setting', async () => {
    await t.database.db.execute(
      sql`update settings set value = 'Jiangcheng operations' where key = 'systemName'`,
    );
    try {
      const response = await get('/api/organization/config?key=systemName');
      expect(response.json().data).toBe('Jiangcheng operations');
    } finally {
      await t.database.db.execute(
        sql`update settings set value = '城市运行管理服务平台' where key = 'systemName'`,
      );
    }
  });

  it.each(['weather', 'unknown', 'passwordHash'])(
    'does not reveal the non-public key %s',
    async (key) => {
      const response = await get(`/api/organization/config?key=${key}`, bearer(adminToken));
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ code: ErrorCode.NOT_FOUND, data: null });
    },
  );

  it('names a missing key', async () => {
    const response = await get('/api/organization/config');
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({
      code: ErrorCode.VALIDATION,
      data: { fields: [{ field: 'key', message: 'This field is required' }] },
    });
  });

  it('refuses an over-long key', async () => {
    const response = await get(`/api/organization/config?key=${'k'.repeat(65)}`);
    expect(response.json().data.fields).toEqual([
      { field: 'key', message: 'This value is too long' },
    ]);
  });
});

describe('GET /organization/config/weather', () => {
  it('gives the weather from the settings', async () => {
    const response = await get('/api/organization/config/weather', bearer(operatorToken));
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.code).toBe('000000');
    expect(weatherSchema.strict().parse(body.data)).toMatchObject({
      city: '江城',
      cityEn: 'Jiangcheng',
      text: '多云',
      textEn: 'Cloudy',
      temperature: 18,
      icon: 'cloudy',
    });
  });

  it('follows the setting, and answers null when it is malformed or missing', async () => {
    const original = await t.database.db.execute<{ value: string }>(
      sql`select value from settings where key = 'weather'`,
    );
    const weather = JSON.parse(original.rows[0]!.value);
    try {
      await t.database.db.execute(
        sql`update settings set value = ${JSON.stringify({ ...weather, temperature: -2, icon: 'snow' })} where key = 'weather'`,
      );
      expect(
        (await get('/api/organization/config/weather', bearer(operatorToken))).json().data,
      ).toMatchObject({
        temperature: -2,
        icon: 'snow',
      });

      await t.database.db.execute(
        sql`update settings set value = '{not json' where key = 'weather'`,
      );
      expect(
        (await get('/api/organization/config/weather', bearer(operatorToken))).json(),
      ).toMatchObject({
        code: '000000',
        data: null,
      });

      await t.database.db.execute(
        sql`update settings set value = '{"city":1}' where key = 'weather'`,
      );
      expect(
        (await get('/api/organization/config/weather', bearer(operatorToken))).json().data,
      ).toBeNull();

      await t.database.db.execute(sql`delete from settings where key = 'weather'`);
      expect(
        (await get('/api/organization/config/weather', bearer(operatorToken))).json().data,
      ).toBeNull();
    } finally {
      await t.database.db.execute(
        sql`insert into settings (key, value) values ('weather', ${original.rows[0]!.value})
            on conflict (key) do update set value = excluded.value`,
      );
    }
  });

  it('needs a token', async () => {
    const response = await get('/api/organization/config/weather');
    expect(response.statusCode).toBe(401);
    expect(response.json().code).toBe('040005');
  });
});
