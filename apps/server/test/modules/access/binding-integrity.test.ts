import {
  type MenuEntry,
  MENU_PATHS,
  SYSTEM_PATHS,
  USER_PATHS,
  subEntriesOf,
} from '@cityops/contract';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { prepareBindingMacs } from '../../../src/db/access-bindings.js';
import { BindingMac } from '../../../src/modules/secrets/binding-mac.js';
import { ServerSecretRepository } from '../../../src/modules/secrets/server-secret.repository.js';
import { SESSION_CACHE_MS } from '../../../src/modules/auth/session-cache.js';
import { keysCommand } from '../../helpers/keys-command.js';
import { testBindingMac, testRepositories } from '../../helpers/test-repositories.js';
import { testSealer } from '../../helpers/test-sealer.js';
import {
  type TestApp,
  auditEvents,
  bearer,
  createAccount,
  createTestApp,
} from '../../helpers/test-app.js';
import { call, data } from '../system/system-helpers.js';
import { chained } from '../../helpers/chained.js';

/**
 * Integrity of access-control information (GB/T 39786-2021 8.3; issue 30): a role given to
 * an account, or a menu entry to a role, by SQL carries no MAC that verifies, grants
 * nothing, and is reported; under both profiles.
 */
describe.each(['international', 'gm'] as const)('access binding MACs (%s profile)', (profile) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ CRYPTO_PROFILE: profile });
  });
  afterAll(async () => {
    await t.close();
  });

  const algorithm = profile === 'gm' ? 'hmac-sm3' : 'hmac-sha256';

  async function canListUsers(username: string, password: string): Promise<number> {
    // A new sign-in is a new session: its grants are loaded (and checked) afresh.
    const token = (await t.login(username, password)).access_token;
    return (await call(t.app, token, 'GET', SYSTEM_PATHS.users)).status;
  }

  const keys = (command: string) => keysCommand(t, command, profile);

  it('signs a binding the platform writes with the profile’s MAC, and honours it', async () => {
    const granted = await createAccount(t.app, { roleIds: ['admin'] });
    const { rows } = await t.database.db.execute<{ mac: string }>(
      sql`select mac from user_roles where user_id = ${granted.id}`,
    );
    expect(rows[0]!.mac).toMatch(new RegExp(`^${algorithm}:[0-9a-f]{64}$`));
    expect(await canListUsers(granted.username, granted.password)).toBe(200);
  });

  it('refuses a role added by SQL, unsigned or with another binding’s MAC, and reports it', async () => {
    const unsigned = await createAccount(t.app, { roleIds: ['staff'] });
    const copied = await createAccount(t.app, { roleIds: ['staff'] });
    expect(await canListUsers(unsigned.username, unsigned.password)).toBe(403);
    await t.database.db.execute(
      sql`insert into user_roles (user_id, role_id) values (${unsigned.id}, 'admin')`,
    );
    // The seeded administrator's own binding's MAC: valid, but for another account.
    await t.database.db.execute(sql`
      insert into user_roles (user_id, role_id, mac)
      select ${copied.id}, 'admin', ur.mac from user_roles ur join users u on u.id = ur.user_id
       where u.username = 'admin' and ur.role_id = 'admin'`);
    expect(await canListUsers(unsigned.username, unsigned.password)).toBe(403);
    expect(await canListUsers(copied.username, copied.password)).toBe(403);

    const logged = t.logs.filter((line) => line.includes('failed their integrity check')).join('');
    expect(logged).toContain(`user ${unsigned.id} → role admin`);
    expect(logged).toContain(`user ${copied.id} → role admin`);
    expect(logged).not.toMatch(/hmac-s/);
    await vi.waitFor(async () =>
      expect(await auditEvents(t.app, 10, 'access.binding-rejected')).toContain(
        'access.binding-rejected/refused',
      ),
    );
    const verify = await keys('verify');
    expect(verify.status).toBe(1);
    expect(verify.printed).toContain(`user ${unsigned.id} → role admin`);
    expect(verify.printed).toContain(`user ${copied.id} → role admin`);
  });

  it('does not count an administrator role added by SQL as another administrator', async () => {
    // The count that keeps the last administrator from being disabled or demoted
    // (admin-user.service.ts, the operator command): a forged one would let it go.
    const roles = (await testRepositories(t.database.db)).roles;
    const before = await roles.otherActiveAdministrators(0);
    const forged = await createAccount(t.app, { roleIds: ['staff'] });
    await t.database.db.execute(
      sql`insert into user_roles (user_id, role_id) values (${forged.id}, 'admin')`,
    );
    expect(await roles.otherActiveAdministrators(0)).toBe(before);
    await createAccount(t.app, { roleIds: ['admin'] });
    expect(await roles.otherActiveAdministrators(0)).toBe(before + 1);
  });

  it('refuses a menu entry granted to a role by SQL', async () => {
    const staff = await createAccount(t.app, { roleIds: ['staff'] });
    // Another role's valid MAC on the staff role's new grant of the user list.
    await t.database.db.execute(sql`
      insert into role_menu_entries (role_id, menu_entry_id, mac)
      select 'staff', me.id, (select mac from role_menu_entries where mac is not null limit 1)
        from menu_entries me where me.permission = 'system:user:read'`);
    expect(await canListUsers(staff.username, staff.password)).toBe(403);
    const { rows } = await t.database.db.execute<{ id: number }>(
      sql`select id from menu_entries where permission = 'system:user:read'`,
    );
    expect((await keys('status')).printed).toContain(`role staff → menu entry ${rows[0]!.id}`);
  });
});

/**
 * The first start after migration 0027 signs the bindings already there: a city's
 * accounts in batches (one statement of 100,000 overflowed, bench/scale.ts), and the mark
 * that it is done written only after the last, so a start that stops half-way signs the
 * rest at the next rather than leave every account without its roles.
 */
describe('the bindings there before their MACs', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('are signed at the next start, in batches, once', async () => {
    const db = t.database.db;
    await db.execute(sql`insert into users
      (username, name, organization_id, department_id, password_hash, password_changed_at)
      select 'before-mac-' || g, name, organization_id, department_id, password_hash,
             password_changed_at
        from users, generate_series(1, 2500) g where username = 'operator'`);
    await db.execute(sql`insert into user_roles (user_id, role_id)
      select id, 'staff' from users where username like 'before-mac-%'`);
    // The roles' terms as they stood before migration 0033 gave them a MAC.
    await db.execute(sql`update roles set mac = null`);
    // As an upgraded database stands before its first start: the marks not yet written.
    await db.execute(sql`delete from server_secrets
      where name in ('access-bindings-signed', 'access-bindings-signed-role-terms')`);
    const mac = new BindingMac(new ServerSecretRepository(db, testSealer(db)), undefined);
    const secrets = new ServerSecretRepository(db, testSealer(db));

    expect(await prepareBindingMacs(db, secrets, mac)).toBeGreaterThanOrEqual(2500);
    const { rows } = await db.execute<{ unsigned: number }>(sql`select count(*)::int as unsigned
      from user_roles where mac is null`);
    expect(rows[0]!.unsigned).toBe(0);
    const { rows: roles } = await db.execute<{ unsigned: number }>(sql`select
      count(*) filter (where mac is null)::int as unsigned from roles`);
    expect(roles[0]!.unsigned).toBe(0);
    const person = await db.execute<{ userId: number; roleId: string; mac: string }>(sql`
      select user_id as "userId", role_id as "roleId", mac from user_roles
       where user_id = (select id from users where username = 'before-mac-2500')`);
    const binding = person.rows[0]!;
    expect(await mac.verify({ kind: 'user-role', ...binding }, binding.mac)).toBe(true);

    // Signed once: a role added by SQL afterwards stays unsigned at the next start.
    await db.execute(sql`insert into user_roles (user_id, role_id)
      select id, 'admin' from users where username = 'before-mac-1'`);
    expect(await prepareBindingMacs(db, secrets, mac)).toBe(0);
  });
});

/**
 * Every reader that grants or targets by a binding honours only those whose MAC verifies
 * (issue 30): the menu tree and the console's roles, a notification to a role, the
 * second-factor requirement and a role's data-scope units. Each test moves one signed
 * binding to other ends by SQL (its MAC, made over the old ends, then fails): the reader
 * no longer grants or targets by it, and the binding is recorded as rejected.
 */
describe.each(['international', 'gm'] as const)(
  'readers of the bindings (%s profile)',
  (profile) => {
    let t: TestApp;
    let admin: string;
    beforeAll(async () => {
      t = await createTestApp({ CRYPTO_PROFILE: profile });
      admin = (await t.login('admin', 'Admin@2026')).access_token;
    });
    afterAll(async () => {
      await t.close();
    });

    const db = () => t.database.db;

    /** A new sign-in, its grants read afresh, after the remembered menu has expired. */
    async function signIn(account: { username: string; password: string }) {
      t.clock.advance(SESSION_CACHE_MS + 1);
      return (await t.login(account.username, account.password)).access_token;
    }

    /** The binding is logged and on the trail as rejected. */
    async function expectRejected(description: string) {
      expect(
        t.logs.filter((line) => line.includes('failed their integrity check')).join(''),
      ).toContain(description);
      await vi.waitFor(async () => {
        await chained(db());
        const { rows } = await db().execute<{ n: number }>(sql`select count(*)::int as n
        from audit_trail where action = 'access.binding-rejected'
         and after->>'binding' = ${description}`);
        expect(rows[0]!.n).toBe(1);
      });
    }

    async function entryId(code: string): Promise<number> {
      const { rows } = await db().execute<{ id: number }>(
        sql`select id from menu_entries where code = ${code}`,
      );
      return rows[0]!.id;
    }

    function codesOf(entries: MenuEntry[]): string[] {
      return entries.flatMap((entry) => [entry.code, ...codesOf(subEntriesOf(entry))]);
    }

    async function menuCodes(token: string): Promise<string[]> {
      const menu = await data<MenuEntry[]>(t.app, token, 'GET', MENU_PATHS.userMenu);
      return codesOf(menu);
    }

    it('the menu tree, a subsystem’s reach and the console’s roles', async () => {
      const staff = await createAccount(t.app, { roleIds: ['staff'] });
      expect(await menuCodes(await signIn(staff))).toContain('map_editing');
      const [held, adminOnly] = [
        await entryId('map_editing'),
        await entryId('comprehensive_evaluation'),
      ];
      // The staff role's signed grant of map editing, moved to an entry only administrators
      // hold: its MAC, made over the old entry, fails.
      await db().execute(sql`update role_menu_entries set menu_entry_id = ${adminOnly}
      where role_id = 'staff' and menu_entry_id = ${held}`);

      const after = await menuCodes(await signIn(staff));
      expect(after).not.toContain('comprehensive_evaluation');
      expect(after).not.toContain('map_editing');
      const roles = await data(t.app, admin, 'GET', `${SYSTEM_PATHS.roles}?pageSize=100`);
      const staffRole = roles.list.find((role: { id: string }) => role.id === 'staff');
      expect(staffRole.entryIds).not.toContain(adminOnly);
      await expectRejected(`role staff → menu entry ${adminOnly}`);
    });

    it('a notification addressed to a role', async () => {
      const send = () =>
        data(t.app, admin, 'POST', '/message-sms/messageData/send', {
          title: '通知',
          content: '编辑',
          roleIds: 'editor',
        });
      const editors = (await send()).recipients as number;
      const staff = await createAccount(t.app, { roleIds: ['staff'] });
      await db().execute(
        sql`update user_roles set role_id = 'editor' where user_id = ${staff.id} and role_id = 'staff'`,
      );
      expect((await send()).recipients).toBe(editors);
      await expectRejected(`user ${staff.id} → role editor`);
    });

    it('the accounts list and its export', async () => {
      const staff = await createAccount(t.app, { roleIds: ['staff'] });
      await db().execute(
        sql`update user_roles set role_id = 'editor' where user_id = ${staff.id} and role_id = 'staff'`,
      );
      const page = await data(
        t.app,
        admin,
        'GET',
        `${SYSTEM_PATHS.users}?keyword=${staff.username}`,
      );
      expect(page.list[0].roles).toEqual([]);
      const response = await t.app.inject({
        method: 'GET',
        url: `/api${SYSTEM_PATHS.usersExport}?keyword=${staff.username}`,
        headers: { ...bearer(admin), 'accept-language': 'en' },
      });
      expect(response.statusCode).toBe(200);
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
      const row = book.worksheets[0]!.getRow(2);
      expect(row.getCell(1).value).toBe(staff.username);
      expect(row.values).not.toContain('Editor');
      await expectRejected(`user ${staff.id} → role editor`);
    });

    it('the second-factor requirement', async () => {
      const staff = await createAccount(t.app, { roleIds: ['staff'] });
      const status = async () =>
        (await data(t.app, await signIn(staff), 'GET', USER_PATHS.secondFactor)).required;
      expect(await status()).toBe(false);
      // The staff binding, its role changed to one that asks for a second factor.
      await db().execute(
        sql`update user_roles set role_id = 'auditor' where user_id = ${staff.id} and role_id = 'staff'`,
      );
      expect(await status()).toBe(false);
      await expectRejected(`user ${staff.id} → role auditor`);
    });

    it('a role’s own terms: signed as written, changed by SQL they count as refused', async () => {
      const id = `terms_${profile}`;
      const userRead = await entryId('system_user_read');
      const menu = await db().execute<{ id: number }>(sql`
      select parent_id as id from menu_entries where id = ${userRead}`);
      await data(t.app, admin, 'POST', SYSTEM_PATHS.roles, {
        id,
        name: '本人查阅',
        nameEn: 'Own reader',
        dataScope: 'self',
        secondFactor: false,
        unitIds: [],
        entryIds: [userRead, menu.rows[0]!.id].filter(Boolean),
      });
      const { rows: signed } = await db().execute<{ mac: string }>(
        sql`select mac from roles where id = ${id}`,
      );
      expect(signed[0]!.mac).toMatch(profile === 'gm' ? /^hmac-sm3:/ : /^hmac-sha256:/);
      const reader = await createAccount(t.app, { roleIds: [id] });
      const seen = async (token: string) =>
        (await data(t.app, token, 'GET', `${SYSTEM_PATHS.users}?pageSize=100`)).total as number;
      const required = async (token: string) =>
        (await data(t.app, token, 'GET', USER_PATHS.secondFactor)).required as boolean;
      const before = await signIn(reader);
      expect(await seen(before)).toBe(1);
      expect(await required(before)).toBe(false);

      // Widened by SQL, the second factor left off: the MAC, made over the old terms, fails.
      await db().execute(sql`update roles set data_scope = 'all', assignable = true
        where id = ${id}`);
      const after = await signIn(reader);
      expect(await seen(after)).toBe(1);
      expect(await required(after)).toBe(true);
      const roles = await data(t.app, admin, 'GET', `${SYSTEM_PATHS.roles}?pageSize=100`);
      expect(roles.list.find((role: { id: string }) => role.id === id)).toMatchObject({
        dataScope: 'self',
        secondFactor: true,
        assignable: false,
      });
      const described = `role ${id} terms (data scope all, second factor false, assignable true)`;
      await expectRejected(described);
      const verify = await keysCommand(t, 'verify', profile);
      expect(verify.status).toBe(1);
      expect(verify.printed).toContain(described);
    });

    it('the seed turns on a role’s second factor, signing again only terms that verified', async () => {
      const { users } = await testRepositories(db());
      await users.insertRolesIfMissing([
        { id: `seeded_${profile}`, name: '种子', nameEn: 'Seeded' },
        { id: `changed_${profile}`, name: '改动', nameEn: 'Changed' },
      ]);
      await db().execute(
        sql`update roles set data_scope = 'all' where id = ${`changed_${profile}`}`,
      );
      await users.requireSecondFactor([`seeded_${profile}`, `changed_${profile}`]);
      const { rows } = await db().execute<{
        roleId: string;
        dataScope: 'all' | 'self';
        secondFactor: boolean;
        assignable: boolean;
        mac: string;
      }>(sql`select id as "roleId", data_scope as "dataScope", second_factor as "secondFactor",
        assignable, mac from roles where id in (${`seeded_${profile}`}, ${`changed_${profile}`})
        order by id desc`);
      const mac = await testBindingMac(db());
      const verified = await Promise.all(
        rows.map(({ mac: stored, ...row }) => mac.verify({ kind: 'role-terms', ...row }, stored)),
      );
      expect(rows.map((row) => row.secondFactor)).toEqual([true, true]);
      expect(verified).toEqual([true, false]);
    });

    it('a role’s data-scope units: signed as written, moved by SQL reaches nothing', async () => {
      const { rows: units } = await db().execute<{ id: number }>(sql`
      select organization_id as id from users where organization_id is not null
       group by organization_id order by count(*) desc, organization_id limit 2`);
      const [reached, other] = [units[0]!.id, units[1]!.id];
      const userRead = await entryId('system_user_read');
      const menu = await db().execute<{ id: number }>(sql`
      select parent_id as id from menu_entries where id = ${userRead}`);
      await data(t.app, admin, 'POST', SYSTEM_PATHS.roles, {
        id: `unit_reader_${profile}`,
        name: '单位查阅',
        nameEn: 'Unit reader',
        dataScope: 'units',
        unitIds: [reached],
        entryIds: [userRead, menu.rows[0]!.id].filter(Boolean),
      });
      const { rows: signed } = await db().execute<{ mac: string }>(
        sql`select mac from role_units where role_id = ${`unit_reader_${profile}`}`,
      );
      expect(signed[0]!.mac).toMatch(profile === 'gm' ? /^hmac-sm3:/ : /^hmac-sha256:/);
      const reader = await createAccount(t.app, { roleIds: [`unit_reader_${profile}`] });
      const unitsSeen = async () => {
        const page = await data(
          t.app,
          await signIn(reader),
          'GET',
          `${SYSTEM_PATHS.users}?pageSize=100`,
        );
        return new Set(page.list.map((row: { organizationId: number }) => row.organizationId));
      };
      expect(await unitsSeen()).toContain(reached);

      await db().execute(sql`update role_units set organization_id = ${other}
      where role_id = ${`unit_reader_${profile}`}`);
      const seen = await unitsSeen();
      expect(seen).not.toContain(other);
      expect(seen).not.toContain(reached);
      await expectRejected(`role unit_reader_${profile} → unit ${other}`);
      const verify = await keysCommand(t, 'verify', profile);
      expect(verify.status).toBe(1);
      expect(verify.printed).toContain(`role unit_reader_${profile} → unit ${other}`);
    });
  },
);
