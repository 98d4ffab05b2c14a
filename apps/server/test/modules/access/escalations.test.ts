/**
 * The paths of issue 21 by which a lesser administrator became a greater one, each
 * reproduced as it was found on a fresh demo server; each now refused, recorded,
 * and nothing changed.
 */
import { SYSTEM_PATHS, USER_PATHS, fillPath } from '@cityops/contract';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { hashPassword } from '../../../src/lib/passwords.js';
import { type TestApp, bearer, createTestApp, secondInstance } from '../../helpers/test-app.js';
import { call, data, unitId } from '../system/system-helpers.js';
import { testRepositories } from '../../helpers/test-repositories.js';
import { chained } from '../../helpers/chained.js';

let t: TestApp;
let admin: string;
let district: string;
let binjiang: number;

beforeAll(async () => {
  t = await createTestApp();
  admin = (await t.login('admin', 'Admin@2026')).access_token;
  district = (await t.login('jiangbei', 'Jiangbei@2026')).access_token;
  binjiang = await unitId(t.app, admin, 'Binjiang Subdistrict Office, Jiangbei');
});
afterAll(async () => {
  await t.close();
});

async function userRow(username: string) {
  const { rows } = await t.database.db.execute<{
    id: number;
    name: string;
    mobile: string;
    organization_id: number;
    department_id: number | null;
    password_hash: string;
    disabled: boolean;
    version: number;
  }>(sql`select id, name, mobile, organization_id, department_id, password_hash, disabled, version
           from users where username = ${username}`);
  return rows[0]!;
}

async function refusals(targetId: number) {
  await chained(t);
  const { rows } = await t.database.db.execute<{ action: string; reason: string }>(
    sql`select action, reason from audit_trail
         where outcome = 'refused' and target_kind = 'user' and target_id = ${String(targetId)}
         order by seq`,
  );
  return rows.map((row) => `${row.action}/${row.reason}`);
}

describe('1. a district administrator takes over a system administrator', () => {
  it('may not reset, edit or disable an administrator placed in its district', async () => {
    const { user } = await data(t.app, admin, 'POST', SYSTEM_PATHS.users, {
      username: 'planted.admin',
      name: '区里的管理员',
      mobile: '13900008888',
      organizationId: binjiang,
      departmentId: null,
      roleIds: ['admin'],
    });
    const before = await userRow('planted.admin');
    const id = String(user.id);
    const reset = await call(t.app, district, 'POST', fillPath(SYSTEM_PATHS.userPassword, { id }));
    expect(reset.status).toBe(403);
    expect(reset.body.data).toBeNull();
    const edit = await call(t.app, district, 'PUT', fillPath(SYSTEM_PATHS.user, { id }), {
      username: 'planted.admin',
      name: '改名',
      mobile: '13900008888',
      organizationId: binjiang,
      departmentId: null,
      roleIds: ['admin'],
      version: before.version,
    });
    expect(edit.status).toBe(403);
    const disable = await call(t.app, district, 'PUT', fillPath(SYSTEM_PATHS.userStatus, { id }), {
      disabled: true,
      version: before.version,
    });
    expect(disable.status).toBe(403);
    expect(await userRow('planted.admin')).toEqual(before);
    expect(await refusals(user.id)).toEqual([
      'user.reset-password/strength',
      'user.update/strength',
      'user.disable/strength',
    ]);
  });

  it('may not reset a security administrator placed there either', async () => {
    // The console cannot make one any more (issue 21): placed as an older version could.
    const { users } = await testRepositories(t.database.db);
    const id = await users.insert({
      username: 'planted.security',
      name: '区里的安全管理员',
      mobile: await t.app.services.personalData.sealMobile('13900008889'),
      organizationId: binjiang,
      departmentId: null,
      passwordHash: await hashPassword('Planted@2026'),
      passwordChangedAt: t.clock.now(),
      mustChangePassword: false,
      roleIds: ['security_admin'],
    });
    const reset = await call(
      t.app,
      district,
      'POST',
      fillPath(SYSTEM_PATHS.userPassword, { id: String(id) }),
    );
    expect(reset.status).toBe(403);
    expect(reset.body.msg).toMatch(/holds the role “Security administrator”/);
    expect(await refusals(id)).toEqual(['user.reset-password/strength']);
  });
});

describe('2. the personal-information route is no back door', () => {
  it('renames no one, moves no one and changes no mobile number', async () => {
    const profile = (username: string) =>
      call(t.app, admin, 'GET', `${USER_PATHS.info}?uniqueId=${username}`).then((r) => r.body.data);
    const form = (user: Record<string, unknown>) => ({
      username: user.username,
      name: user.name,
      mobile: user.mobile,
      organizationId: user.organizationId,
      departmentId: user.departmentId,
    });
    const neighbour = await profile('jn_officer');
    const self = await profile('jiangbei');
    const chief = await profile('admin');
    const cityBureau = await profile('operator');
    const before = await Promise.all(['jn_officer', 'jiangbei', 'admin'].map(userRow));
    const listed = async () =>
      (await data(t.app, district, 'GET', `${SYSTEM_PATHS.users}?pageSize=100`)).total as number;
    const reach = await listed();
    const attempts = [
      [neighbour.id, { ...form(neighbour), name: '改名' }, 'own-only'],
      [
        self.id,
        {
          ...form(self),
          organizationId: cityBureau.organizationId,
          departmentId: cityBureau.departmentId,
        },
        'self',
      ],
      [chief.id, { ...form(chief), mobile: '13999999999' }, 'own-only'],
    ] as const;
    for (const [id, body, reason] of attempts) {
      const response = await call(
        t.app,
        district,
        'PUT',
        fillPath(USER_PATHS.update, { id }),
        body,
      );
      expect(response.status).toBe(403);
      expect(await refusals(Number(id))).toContain(`user.update/${reason}`);
    }
    expect(await Promise.all(['jn_officer', 'jiangbei', 'admin'].map(userRow))).toEqual(before);
    // Its list did not grow: it stayed in its district.
    expect(await listed()).toBe(reach);
  });
});

describe('3. the three administrators kept apart', () => {
  it('lets the system administrator neither make an auditor nor reach the real one', async () => {
    const make = await call(t.app, admin, 'POST', SYSTEM_PATHS.users, {
      username: 'second.auditor',
      name: '影子审计员',
      mobile: '13900007777',
      organizationId: binjiang,
      departmentId: null,
      roleIds: ['auditor'],
    });
    expect(make.status).toBe(403);
    expect(make.body.msg).toMatch(/only with the server’s accounts command/);
    const auditor = await userRow('auditor');
    const id = String(auditor.id);
    const reset = await call(t.app, admin, 'POST', fillPath(SYSTEM_PATHS.userPassword, { id }));
    expect(reset.status).toBe(403);
    expect(reset.body.msg).toBe(
      'The system administrator, the security administrator and the auditor do not manage one another’s accounts',
    );
    expect(await userRow('auditor')).toEqual(auditor);
    const { rows } = await t.database.db.execute<{ count: number }>(
      sql`select count(*)::int as count from users where username = 'second.auditor'`,
    );
    expect(rows[0]!.count).toBe(0);
    // The trail: one refusal each (the creation names no account yet).
    expect(await refusals(auditor.id)).toEqual(['user.reset-password/separation']);
  });
});

describe('a right reserved to one of the three administrators', () => {
  it('counts for nothing in another role, even when a row says it holds it', async () => {
    // As the demo's district role held the unlock entry before issue 21.
    await t.database.db.execute(sql`
      insert into role_menu_entries (role_id, menu_entry_id)
      select 'district_admin', id from menu_entries where code = 'system_user_unlock'
      on conflict do nothing`);
    const token = (await t.login('jiangbei', 'Jiangbei@2026')).access_token;
    const me = await call(t.app, token, 'GET', `${USER_PATHS.info}?uniqueId=jiangbei`);
    expect(me.body.data.permissions).not.toContain('system:user:unlock');
    const officer = await userRow('bj_officer');
    const unlock = await call(
      t.app,
      token,
      'POST',
      fillPath(SYSTEM_PATHS.userUnlock, { id: String(officer.id) }),
    );
    expect(unlock.status).toBe(403);
  });
});

describe('a session ended on one instance', () => {
  let other: FastifyInstance;
  beforeAll(async () => {
    other = await secondInstance(t);
  });
  afterAll(async () => {
    await other.close();
  });

  it('is refused by the next console request on another, whatever its cache heard', async () => {
    const token = (await t.login('jiangbei', 'Jiangbei@2026')).access_token;
    const menu = () =>
      other.inject({
        method: 'GET',
        url: '/api/organization/customize_configuration/userSysModel',
        headers: bearer(token),
      });
    expect((await menu()).statusCode).toBe(200);
    // The other instance hears nothing (a slow NOTIFY): its cache still holds the session.
    const deaf = vi
      .spyOn(other.sessionCache as unknown as { forget: (change: unknown) => void }, 'forget')
      .mockImplementation(() => undefined);
    try {
      const security = (await t.login('security', 'Security@2026')).access_token;
      const { id } = await data(t.app, admin, 'GET', `${USER_PATHS.info}?uniqueId=jiangbei`);
      await data(t.app, security, 'DELETE', fillPath(SYSTEM_PATHS.userSessions, { id }));
      const console = await other.inject({
        method: 'GET',
        url: `/api${SYSTEM_PATHS.users}`,
        headers: bearer(token),
      });
      expect(console.statusCode).toBe(401);
    } finally {
      deaf.mockRestore();
    }
  });
});
