import { PERMISSION_CODES, SYSTEM_PATHS, meetsPasswordPolicy } from '@cityops/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userSearchBigrams, users } from '../../../src/db/schema/index.js';
import { type TestApp, createTestApp } from '../../helpers/test-app.js';
import { call, data, unitId } from './system-helpers.js';

describe('system users', () => {
  let t: TestApp;
  let admin: string;
  let bureau: number;

  beforeAll(async () => {
    t = await createTestApp();
    admin = (await t.login('admin', 'Admin@2026')).access_token;
    bureau = await unitId(t.app, admin, 'Jiangcheng Urban Management Bureau');
  });
  afterAll(async () => {
    await t.close();
  });

  const newUser = (username: string) => ({
    username,
    name: '测试用户',
    mobile: '13900009999',
    organizationId: bureau,
    departmentId: null,
    roleIds: ['staff'],
  });

  /** The first page of the accounts list for a keyword, as the console asks for it. */
  const search = (keyword: string) =>
    data(t.app, admin, 'GET', `${SYSTEM_PATHS.users}?keyword=${encodeURIComponent(keyword)}`);

  it('lists, searches, filters and pages the users', async () => {
    const all = await data(t.app, admin, 'GET', `${SYSTEM_PATHS.users}?pageSize=3`);
    expect(all.total).toBeGreaterThanOrEqual(10);
    expect(all.list).toHaveLength(3);
    const found = await search('jiangbei');
    expect(found.list.map((u: { username: string }) => u.username)).toEqual(['jiangbei']);
    const byMobile = await search('13912345678');
    expect(byMobile.list.map((u: { username: string }) => u.username)).toEqual(['operator']);
    const editors = await data(
      t.app,
      admin,
      'GET',
      `${SYSTEM_PATHS.users}?roleId=editor&sort=username&order=ascend`,
    );
    expect(editors.list.map((u: { username: string }) => u.username)).toEqual([
      'editor',
      'editor2',
    ]);
    const page2 = await data(
      t.app,
      admin,
      'GET',
      `${SYSTEM_PATHS.users}?sort=username&order=ascend&pageSize=2&pageIndex=2`,
    );
    expect(page2.pageIndex).toBe(2);
  });

  it('pages in the list order with an exact total, and finds a name by any part of it (issue 33)', async () => {
    interface Listed {
      id: number;
      username: string;
      name: string;
      createdAt: string;
    }
    const whole = await data(t.app, admin, 'GET', `${SYSTEM_PATHS.users}?pageSize=100`);
    expect(whole.totalExact).toBe(true);
    expect(whole.list).toHaveLength(whole.total);
    // Newest first, the later id first among accounts made at the same time.
    const listed = whole.list as Listed[];
    const ordered = [...listed].sort(
      (a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt) || b.id - a.id,
    );
    expect(listed.map((row) => row.id)).toEqual(ordered.map((row) => row.id));
    const first = await data(t.app, admin, 'GET', `${SYSTEM_PATHS.users}?pageSize=4`);
    const second = await data(t.app, admin, 'GET', `${SYSTEM_PATHS.users}?pageSize=4&pageIndex=2`);
    expect([...first.list, ...second.list].map((row: Listed) => row.id)).toEqual(
      ordered.slice(0, 8).map((row) => row.id),
    );
    expect(second.total).toBe(whole.total);

    const byName = await data(t.app, admin, 'GET', `${SYSTEM_PATHS.users}?sort=name&order=ascend`);
    const names = (byName.list as Listed[]).map((row) => row.name);
    expect(names).toEqual([...names].sort());

    // A part of a name, of three characters and more (trigrams) or fewer, and a part of a
    // login name in another case.
    await data(t.app, admin, 'POST', SYSTEM_PATHS.users, {
      ...newUser('ouyang.wenhua'),
      name: '欧阳文华',
    });
    for (const keyword of ['阳文华', '文华', 'YANG.WEN', 'wenhua', 'G.', 'g.w']) {
      const found = await search(keyword);
      expect(
        found.list.map((row: Listed) => row.username),
        keyword,
      ).toEqual(['ouyang.wenhua']);
      expect(found).toMatchObject({ total: 1, totalExact: true });
    }
    // A number is sealed: the whole number finds its account, a part of it nothing.
    const part = await search('1234567');
    expect(part).toMatchObject({ total: 0, totalExact: true, list: [] });
  });

  it('finds a two-character keyword through the names’ two-character pieces (drizzle/0031)', async () => {
    const plan = await t.database.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      return tx.execute(
        sql`explain select id from users
             where ${userSearchBigrams(users.username, users.name)} @> array[lower(${'文华'})]::text[]`,
      );
    });
    expect(JSON.stringify(plan)).toContain('users_search_bigrams_idx');
    // Wildcards of two characters are characters too, and an empty piece matches nothing.
    for (const keyword of ['%%', '__', '\\%']) {
      const found = await search(keyword);
      expect(found.total, keyword).toBe(0);
    }
  });

  it('keeps a keyword a value: quotes and wildcards find nothing they should not', async () => {
    for (const keyword of ["' or 1=1 --", '%', "admin' --"]) {
      const found = await search(keyword);
      expect(found.total).toBe(0);
    }
    const underscore = await search('_');
    expect(underscore.list.map((u: { username: string }) => u.username).sort()).toEqual([
      'bj_officer',
      'jb_officer',
      'jn_officer',
    ]);
  });

  it('creates an account whose shown password signs in once and must be changed', async () => {
    const issued = await data(t.app, admin, 'POST', SYSTEM_PATHS.users, newUser('li.ming'));
    expect(issued.user).toMatchObject({ username: 'li.ming', mustChangePassword: true });
    expect(issued.initialPassword).toMatch(/^.{12}$/);
    const session = await t.login('li.ming', issued.initialPassword);
    const status = await call(t.app, session.access_token, 'GET', '/organization/user/isPassword');
    expect(status.body.data).toBe(1);
  });

  it('refuses a login name taken in any case, with invisible characters, or in look-alike letters', async () => {
    await data(t.app, admin, 'POST', SYSTEM_PATHS.users, newUser('wang.fang'));
    for (const name of ['WANG.FANG', 'wang\u200b.fang', 'ｗａｎｇ.fang']) {
      const { status, body } = await call(t.app, admin, 'POST', SYSTEM_PATHS.users, newUser(name));
      expect(status, name).toBe(409);
      expect(body.msg).toBe('This username is already taken');
    }
    // A Cyrillic "а" looks like a Latin one: refused outright, not stored as a twin.
    const lookalike = await call(t.app, admin, 'POST', SYSTEM_PATHS.users, newUser('wаng.fang'));
    expect(lookalike.status).toBe(422);
    expect(lookalike.body.data.fields[0].field).toBe('username');
  });

  it('refuses a second save of the same version: nothing overwritten', async () => {
    const { user } = await data(t.app, admin, 'POST', SYSTEM_PATHS.users, newUser('zhao.lei'));
    const url = SYSTEM_PATHS.user.replace(':id', String(user.id));
    const base = { ...newUser('zhao.lei'), version: user.version };
    await data(t.app, admin, 'PUT', url, { ...base, name: '第一个' });
    const second = await call(t.app, admin, 'PUT', url, { ...base, name: '第二个' });
    expect(second.status).toBe(409);
    expect(second.body.code).toBe('040009');
    const list = await search('zhao.lei');
    expect(list.list[0].name).toBe('第一个');
    // The form reloads the record it lost to: the other save's values and version.
    const fresh = await data(t.app, admin, 'GET', url);
    expect(fresh).toMatchObject({ name: '第一个', version: user.version + 1 });
  });

  it('disabling ends every session of the user at once; enabling lets them sign in again', async () => {
    const { user, initialPassword } = await data(
      t.app,
      admin,
      'POST',
      SYSTEM_PATHS.users,
      newUser('sun.li'),
    );
    const session = await t.login('sun.li', initialPassword);
    const before = await call(t.app, session.access_token, 'GET', '/organization/user/isPassword');
    expect(before.status).toBe(200);
    const url = SYSTEM_PATHS.userStatus.replace(':id', String(user.id));
    const disabled = await data(t.app, admin, 'PUT', url, {
      disabled: true,
      version: user.version,
    });
    expect(disabled.disabled).toBe(true);
    const after = await call(t.app, session.access_token, 'GET', '/organization/user/isPassword');
    expect(after.body.code).toBe('040005');
    await data(t.app, admin, 'PUT', url, { disabled: false, version: disabled.version });
    await t.login('sun.li', initialPassword);
  });

  it('resets a password: shown once, must be changed, old sessions end', async () => {
    const { user, initialPassword } = await data(
      t.app,
      admin,
      'POST',
      SYSTEM_PATHS.users,
      newUser('qian.yu'),
    );
    const session = await t.login('qian.yu', initialPassword);
    const reset = await data(
      t.app,
      admin,
      'POST',
      SYSTEM_PATHS.userPassword.replace(':id', String(user.id)),
    );
    expect(reset.initialPassword).not.toBe(initialPassword);
    const old = await call(t.app, session.access_token, 'GET', '/organization/user/isPassword');
    expect(old.body.code).toBe('040005');
    await t.login('qian.yu', reset.initialPassword);
  });

  it('issues first passwords that meet the security administrator’s rules (issue 24)', async () => {
    await t.app.services.securitySettings.set('password.minLength', '16');
    await t.app.services.securitySettings.set('password.forbidLoginName', 'true');
    try {
      const { user, initialPassword } = await data(t.app, admin, 'POST', SYSTEM_PATHS.users, {
        ...newUser('he.ping'),
        mobile: '13900007777',
      });
      expect(initialPassword).toMatch(/^.{16}$/);
      expect(meetsPasswordPolicy(initialPassword, 16)).toBe(true);
      const reset = await data(
        t.app,
        admin,
        'POST',
        SYSTEM_PATHS.userPassword.replace(':id', String(user.id)),
      );
      expect(reset.initialPassword).toMatch(/^.{16}$/);
      expect(reset.initialPassword.toLowerCase()).not.toContain('he.ping');
    } finally {
      await t.app.services.securitySettings.set('password.minLength', '8');
      await t.app.services.securitySettings.set('password.forbidLoginName', 'false');
    }
  });

  it('unlocks an account locked by failed sign-ins (the security administrator alone)', async () => {
    const security = (await t.login('security', 'Security@2026')).access_token;
    const { user, initialPassword } = await data(
      t.app,
      admin,
      'POST',
      SYSTEM_PATHS.users,
      newUser('feng.yi'),
    );
    await t.database.db.execute(
      `insert into login_attempts (scope, subject, failures, window_started_at, locked_until)
       values ('account', 'feng.yi', 5, now(), now() + interval '1 day')`,
    );
    const locked = await data(t.app, admin, 'GET', `${SYSTEM_PATHS.users}?status=locked`);
    expect(locked.list.map((u: { username: string }) => u.username)).toContain('feng.yi');
    const url = SYSTEM_PATHS.userUnlock.replace(':id', String(user.id));
    expect((await call(t.app, admin, 'POST', url)).status).toBe(403);
    expect((await data(t.app, security, 'POST', url)).locked).toBe(false);
    await t.login('feng.yi', initialPassword);
    expect((await call(t.app, security, 'POST', url)).status).toBe(409);
  });

  it('refuses to disable oneself, change one’s own roles or leave no administrator', async () => {
    const me = (await data(t.app, admin, 'GET', `${SYSTEM_PATHS.users}?keyword=admin&roleId=admin`))
      .list[0];
    const status = await call(
      t.app,
      admin,
      'PUT',
      SYSTEM_PATHS.userStatus.replace(':id', String(me.id)),
      {
        disabled: true,
        version: me.version,
      },
    );
    expect(status.status).toBe(403);
    expect(status.body.msg).toBe(
      'You cannot change your own account here; use your personal information and password instead',
    );
    const roles = await call(t.app, admin, 'PUT', SYSTEM_PATHS.user.replace(':id', String(me.id)), {
      username: me.username,
      name: me.name,
      mobile: me.mobile,
      organizationId: me.organizationId,
      departmentId: me.departmentId,
      roleIds: ['staff'],
      version: me.version,
    });
    expect(roles.status).toBe(403);
  });

  it('lets no lesser manager act on the administrator, nor give its role', async () => {
    // A user manager (scope all, users only) tries to disable the only administrator.
    const entries = await data<{ id: number; code: string; children: unknown[] }[]>(
      t.app,
      admin,
      'GET',
      SYSTEM_PATHS.grantable,
    );
    const flat: { id: number; code: string }[] = [];
    const walk = (list: { id: number; code: string; children: unknown[] }[]) => {
      for (const entry of list) {
        flat.push(entry);
        walk(entry.children as typeof list);
      }
    };
    walk(entries);
    const ids = (...codes: string[]) => flat.filter((e) => codes.includes(e.code)).map((e) => e.id);
    await data(t.app, admin, 'POST', SYSTEM_PATHS.roles, {
      id: 'user_manager',
      name: '用户管理员',
      nameEn: 'User manager',
      dataScope: 'all',
      entryIds: ids('system_user_read', 'system_user_update', 'system_user_disable'),
    });
    const { initialPassword } = await data(t.app, admin, 'POST', SYSTEM_PATHS.users, {
      ...newUser('manager.one'),
      roleIds: ['user_manager'],
    });
    const manager = (await t.login('manager.one', initialPassword)).access_token;
    await t.database.db.execute(
      `update users set must_change_password = false where username = 'manager.one'`,
    );
    const me = (await data(t.app, admin, 'GET', `${SYSTEM_PATHS.users}?roleId=admin`)).list[0];
    const refused = await call(
      t.app,
      manager,
      'PUT',
      SYSTEM_PATHS.userStatus.replace(':id', String(me.id)),
      { disabled: true, version: me.version },
    );
    // Refused before the last-administrator rule is reached: the manager cannot give
    // the administrator role, so it cannot act on its holder at all (issue 21).
    expect(refused.status).toBe(403);
    expect(refused.body.msg).toBe(
      'This account holds the role “System administrator”, which you cannot give; only someone who could give every role it holds may change it',
    );
    // Nor can the manager act on staff (and so hand them the administrator role).
    const { user } = await data(t.app, admin, 'POST', SYSTEM_PATHS.users, newUser('hopeful'));
    const escalate = await call(
      t.app,
      manager,
      'PUT',
      SYSTEM_PATHS.user.replace(':id', String(user.id)),
      {
        ...newUser('hopeful'),
        roleIds: ['admin'],
        version: user.version,
      },
    );
    // The staff are no stronger than the manager (business pages do not count, issue
    // 31), so the refusal is the role itself: the manager cannot give it.
    expect(escalate.status).toBe(403);
    expect(escalate.body.msg).toMatch(/^You cannot give the role “System administrator”/);
  });

  it('answers 403 to a staff member on every administration endpoint', async () => {
    const staff = (await t.login('operator', 'Operator@2026')).access_token;
    const routes: ['GET' | 'POST' | 'PUT' | 'DELETE', string][] = [
      ['GET', SYSTEM_PATHS.users],
      ['GET', SYSTEM_PATHS.userOptions],
      ['POST', SYSTEM_PATHS.users],
      ['GET', SYSTEM_PATHS.user],
      ['PUT', SYSTEM_PATHS.user],
      ['PUT', SYSTEM_PATHS.userStatus],
      ['POST', SYSTEM_PATHS.userPassword],
      ['POST', SYSTEM_PATHS.userUnlock],
      ['GET', SYSTEM_PATHS.usersImportTemplate],
      ['POST', SYSTEM_PATHS.usersImport],
      ['GET', SYSTEM_PATHS.usersExport],
      ['GET', SYSTEM_PATHS.roles],
      ['POST', SYSTEM_PATHS.roles],
      ['GET', SYSTEM_PATHS.role],
      ['PUT', SYSTEM_PATHS.role],
      ['DELETE', SYSTEM_PATHS.role],
      ['GET', SYSTEM_PATHS.roleUsers],
      ['GET', SYSTEM_PATHS.grantable],
      ['GET', SYSTEM_PATHS.units],
      ['POST', SYSTEM_PATHS.units],
      ['PUT', SYSTEM_PATHS.unit],
      ['DELETE', SYSTEM_PATHS.unit],
      ['POST', SYSTEM_PATHS.departments],
      ['PUT', SYSTEM_PATHS.department],
      ['DELETE', SYSTEM_PATHS.department],
      ['GET', SYSTEM_PATHS.menus],
      ['POST', SYSTEM_PATHS.menus],
      ['PUT', SYSTEM_PATHS.menu],
      ['DELETE', SYSTEM_PATHS.menu],
    ];
    // Every console route is in this list.
    const declared = t.app.printRoutes({ commonPrefix: false }).match(/\/api\/system\//g) ?? [];
    expect(declared.length).toBeGreaterThan(0);
    for (const [method, path] of routes) {
      const url = path.replace(':id', method === 'GET' && path.includes('roles') ? 'staff' : '1');
      const { status, body } = await call(
        t.app,
        staff,
        method,
        url,
        method === 'GET' ? undefined : {},
      );
      expect(status, `${method} ${path}`).toBe(403);
      expect(body.code).toBe('040003');
    }
    expect(PERMISSION_CODES.filter((code) => code.startsWith('system:'))).toContain(
      'system:user:create',
    );
  });
});
