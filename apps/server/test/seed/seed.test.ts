import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { PASSWORD_MAX_LENGTH, meetsPasswordPolicy } from '@cityops/contract';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { randomPassword } from '../../src/lib/passwords.js';
import { DEMO_SUBSYSTEM_CODES, TEST_EPOCH, TEST_SECRETS_KEY } from '../helpers/constants.js';
import { type EmptyDatabase, createEmptyDatabase } from '../helpers/empty-database.js';
import { type TestApp, createTestApp, requestToken } from '../helpers/test-app.js';

describe("demo seed (the README's demo accounts)", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it.each([
    ['admin', 'Admin@2026', ['admin']],
    ['operator', 'Operator@2026', ['staff']],
    ['stale', 'Stale@2026a', ['staff']],
    ['newhire', 'Newhire@2026', ['staff']],
  ])('the demo account %s signs in with %s', async (username, password, roleIds) => {
    const data = await t.login(username, password);
    expect(data).toMatchObject({ username, roleIds });
    expect(data.organizationId).not.toBeNull();
    expect(data.departmentId).not.toBeNull();
  });

  it('marks the password status of each account', async () => {
    const { rows } = await t.database.db.execute<{
      username: string;
      must_change_password: boolean;
      age_days: number;
    }>(sql`select username, must_change_password,
             floor(extract(epoch from (${TEST_EPOCH.toISOString()}::timestamptz - password_changed_at)) / 86400)::int as age_days
           from users order by id`);
    // Later issues add accounts of their own after these four.
    expect(rows.slice(0, 4)).toEqual([
      { username: 'admin', must_change_password: false, age_days: 10 },
      { username: 'operator', must_change_password: false, age_days: 20 },
      { username: 'stale', must_change_password: false, age_days: 200 },
      { username: 'newhire', must_change_password: true, age_days: 0 },
    ]);
  });

  it('seeds the organisations and departments of the demo city in both languages', async () => {
    const { rows } = await t.database.db.execute<{ name: string; name_en: string; n: number }>(
      sql`select o.name, o.name_en, count(d.id)::int as n
            from organizations o left join departments d on d.organization_id = o.id
           group by o.id, o.name, o.name_en order by o.sort_order`,
    );
    expect(rows.map((row) => row.name_en)).toEqual([
      'Jiangcheng Urban Management Bureau',
      'Jiangcheng Housing and Urban-Rural Development Bureau',
      'Jiangcheng Emergency Management Bureau',
      'Jiangcheng Data Resources Bureau',
      'Jiangbei District Urban Management Bureau',
      'Jiangnan District Urban Management Bureau',
      'Binjiang Subdistrict Office, Jiangbei',
    ]);
    expect(rows.every((row) => /[\u4e00-\u9fff]/.test(row.name) && row.n >= 1)).toBe(true);
  });

  it('seeds the subsystems menu, the roles and the settings', async () => {
    const menu = await t.database.db.execute<{ code: string }>(
      sql`select code from menu_entries where parent_id is null order by sort_order`,
    );
    expect(menu.rows.map((row) => row.code)).toEqual(DEMO_SUBSYSTEM_CODES);
    const roles = await t.database.db.execute<{ id: string }>(
      sql`select id from roles order by id`,
    );
    expect(roles.rows.map((row) => row.id)).toEqual([
      'admin',
      'auditor',
      'district_admin',
      'editor',
      'security_admin',
      'staff',
    ]);
    const settings = await t.database.db.execute<{ key: string; value: string }>(
      sql`select key, value from settings
           where key in ('systemName', 'commandCoordinationCode', 'weather') order by key`,
    );
    expect(settings.rows).toEqual([
      { key: 'commandCoordinationCode', value: 'command_coordination' },
      { key: 'systemName', value: '城市运行管理服务平台' },
      { key: 'weather', value: expect.stringContaining('"cityEn":"Jiangcheng"') },
    ]);
  });
});

describe('production seed (NODE_ENV=production)', () => {
  let empty: EmptyDatabase | undefined;
  afterEach(async () => {
    vi.restoreAllMocks();
    await empty?.drop();
    empty = undefined;
  });

  /** Starts a production server on the database and returns what it printed. */
  async function startProduction(database: Awaited<ReturnType<EmptyDatabase['open']>>) {
    const printed: string[] = [];
    vi.spyOn(process.stdout, 'write').mockImplementation(((chunk: string | Uint8Array) => {
      printed.push(String(chunk));
      return true;
    }) as typeof process.stdout.write);
    try {
      const config = loadConfig({
        NODE_ENV: 'production',
        PUBLIC_URL: 'https://ops.example.gov.cn',
        SECRETS_KEY: TEST_SECRETS_KEY,
        DATA_DIR: ':memory:',
        LOG_LEVEL: 'silent',
        WEB_DIST_DIR: '/nonexistent',
      });
      const app = await buildApp(config, { database });
      await app.ready();
      return { app, printed: printed.join('') };
    } finally {
      vi.restoreAllMocks();
    }
  }

  it('creates only the administrator, with a random password printed once and marked must-change', async () => {
    empty = await createEmptyDatabase();
    const database = await empty.open();
    const { app, printed } = await startProduction(database);
    try {
      const match = /administrator account "admin" with the password (\S+)\n/.exec(printed);
      expect(match, printed).not.toBeNull();
      const password = match![1]!;
      expect(meetsPasswordPolicy(password)).toBe(true);
      expect(printed).toContain('must be changed at the first sign-in');

      const { rows: users } = await database.db.execute<{
        username: string;
        must_change_password: boolean;
      }>(sql`select username, must_change_password from users`);
      expect(users).toEqual([{ username: 'admin', must_change_password: true }]);
      const { rows: roles } = await database.db.execute<{ role_id: string }>(
        sql`select role_id from user_roles`,
      );
      expect(roles).toEqual([{ role_id: 'admin' }]);

      const { rows: data } = await database.db.execute<Record<string, number>>(sql`
        select (select count(*)::int from organizations) as organizations,
               (select count(*)::int from departments) as departments`);
      expect(data[0]).toEqual({ organizations: 0, departments: 0 });
      const { rows: menu } = await database.db.execute<{ code: string }>(
        sql`select code from menu_entries where parent_id is null order by sort_order`,
      );
      expect(menu.map((row) => row.code)).toEqual([
        'business_guide',
        'map_editing',
        'system_admin',
      ]);

      const signedIn = await requestToken(app, { username: 'admin', password });
      expect(signedIn.json()).toMatchObject({ code: '000000', data: { roleIds: ['admin'] } });
      for (const demo of [
        { username: 'admin', password: 'Admin@2026' },
        { username: 'operator', password: 'Operator@2026' },
      ]) {
        expect((await requestToken(app, demo)).json().code).toBe('040002');
      }
    } finally {
      await app.close();
    }

    // A second start finds the administrator: nothing is created or printed again.
    // The first app closed its connection; the second start opens its own.
    const second = await empty.open();
    const again = await startProduction(second);
    try {
      expect(again.printed).not.toContain('password');
      const { rows } = await second.db.execute<{ n: number }>(
        sql`select count(*)::int as n from users`,
      );
      expect(rows[0]!.n).toBe(1);
    } finally {
      await again.app.close();
    }
  }, 240_000);

  it('randomPassword always meets the policy', () => {
    for (let i = 0; i < 200; i++) {
      const password = randomPassword();
      expect(password).toHaveLength(16);
      expect(password.length).toBeLessThanOrEqual(PASSWORD_MAX_LENGTH);
      expect(meetsPasswordPolicy(password)).toBe(true);
    }
  });
});
