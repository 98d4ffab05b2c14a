import { SYSTEM_PATHS } from '@cityops/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { prepareBindingMacs } from '../../../src/db/access-bindings.js';
import { BindingMac } from '../../../src/modules/secrets/binding-mac.js';
import { ServerSecretRepository } from '../../../src/modules/secrets/server-secret.repository.js';
import { keysCommand } from '../../helpers/keys-command.js';
import { testSealer } from '../../helpers/test-sealer.js';
import { type TestApp, auditEvents, createAccount, createTestApp } from '../../helpers/test-app.js';
import { call } from '../system/system-helpers.js';

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
    // As an upgraded database stands before its first start: the mark not yet written.
    await db.execute(sql`delete from server_secrets where name = 'access-bindings-signed'`);
    const mac = new BindingMac(new ServerSecretRepository(db, testSealer(db)), undefined);
    const secrets = new ServerSecretRepository(db, testSealer(db));

    expect(await prepareBindingMacs(db, secrets, mac)).toBeGreaterThanOrEqual(2500);
    const { rows } = await db.execute<{ unsigned: number }>(sql`select count(*)::int as unsigned
      from user_roles where mac is null`);
    expect(rows[0]!.unsigned).toBe(0);
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
