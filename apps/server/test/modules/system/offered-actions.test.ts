/**
 * Nothing offered that is then refused (issue 31): for each delegated administrator,
 * every row of the users list, the roles list and the units tree is walked, and every
 * action the server offers on it is sent as the console sends it; none may be refused.
 * A sample of the rows that carry a `refusal` is tried too, and refused with that reason.
 * Data-driven: a new action or row is walked without editing the test (an action the
 * test has no request for fails it, so the request is added with the action).
 */
import { SYSTEM_PATHS, fillPath, formatMessage } from '@cityops/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp } from '../../helpers/test-app.js';
import { call, data, unitId, unitsReached } from './system-helpers.js';

type Refusal = { key: string; values?: Record<string, unknown> };
interface UserRow {
  id: number;
  username: string;
  name: string;
  mobile: string;
  organizationId: number;
  departmentId: number | null;
  roles: { id: string }[];
  disabled: boolean;
  version: number;
  actions: string[];
  refusal?: Refusal;
}
interface RoleRow {
  id: string;
  name: string;
  nameEn: string;
  dataScope: string;
  secondFactor: boolean;
  unitIds: number[];
  entryIds: number[];
  version: number;
  actions: string[];
  refusal?: Refusal;
}
interface UnitRow {
  id: number;
  name: string;
  nameEn: string;
  parentId: number | null;
  sortOrder: number;
  version: number;
  actions: string[];
  refusal?: Refusal;
  children: UnitRow[];
}

const flatten = (units: UnitRow[]): UnitRow[] =>
  units.flatMap((unit) => [unit, ...flatten(unit.children)]);

/** The rows with a refusal a list tries: one for each reason given. */
function sampleOfRefused<T extends { refusal?: Refusal }>(rows: T[]): T[] {
  const byKey = new Map<string, T>();
  for (const row of rows) {
    if (row.refusal && !byKey.has(row.refusal.key)) byKey.set(row.refusal.key, row);
  }
  return [...byKey.values()];
}

let t: TestApp;
let admin: string;
/** The delegated administrators walked: the demo's district administrator and one made here. */
const delegated: { login: string; token: string }[] = [];
let made = 0;
/** What was sent and accepted, by the walks (each list's walk must have done something). */
const done: string[] = [];

beforeAll(async () => {
  t = await createTestApp();
  admin = (await t.login('admin', 'Admin@2026')).access_token;
  delegated.push({
    login: 'jiangbei',
    token: (await t.login('jiangbei', 'Jiangbei@2026')).access_token,
  });
  // The demo has one district administrator: a second one, of Jiangnan, made in the console.
  const jiangnan = await unitId(t.app, admin, 'Jiangnan District Urban Management Bureau');
  const issued = await data(t.app, admin, 'POST', SYSTEM_PATHS.users, {
    username: 'jn_admin',
    name: '江南区管理员',
    mobile: '13900007777',
    organizationId: jiangnan,
    departmentId: null,
    roleIds: ['district_admin'],
  });
  // Signed in without the first sign-in's forced change (not what this test is about).
  await t.database.db.execute(
    sql`update users set must_change_password = false where username = 'jn_admin'`,
  );
  delegated.push({
    login: 'jn_admin',
    token: (await t.login('jn_admin', issued.initialPassword as string)).access_token,
  });
});
afterAll(async () => {
  await t.close();
});

/** Sends `method url` as `token`; fails, naming the row and action, if it is refused. */
async function mustWork(
  token: string,
  what: string,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: unknown,
) {
  const { status, body } = await call(t.app, token, method, url, payload);
  expect({ what, status, code: body.code, msg: body.msg }).toMatchObject({
    what,
    status: 200,
    code: '000000',
  });
  done.push(what);
  return body.data;
}

/** Sends a request the row's `refusal` says no to; it must be refused with that reason. */
async function mustBeRefused(
  token: string,
  what: string,
  refusal: Refusal,
  method: 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: unknown,
) {
  const { status, body } = await call(t.app, token, method, url, payload);
  const expected = formatMessage(
    'en',
    refusal.key as Parameters<typeof formatMessage>[1],
    (refusal.values ?? {}) as Parameters<typeof formatMessage>[2],
  );
  expect({ what, status, msg: body.msg }).toEqual({ what, status: 403, msg: expected });
}

const users = async (token: string) =>
  (await data(t.app, token, 'GET', `${SYSTEM_PATHS.users}?pageSize=100`)).list as UserRow[];
const userNow = async (token: string, id: number) =>
  (await users(token)).find((row) => row.id === id)!;
const userEdit = (row: UserRow) => ({
  username: row.username,
  name: row.name,
  mobile: row.mobile,
  organizationId: row.organizationId,
  departmentId: row.departmentId,
  roleIds: row.roles.map((role) => role.id),
  version: row.version,
});
const roleEdit = (row: RoleRow) => ({
  name: row.name,
  nameEn: row.nameEn,
  dataScope: row.dataScope,
  secondFactor: row.secondFactor,
  unitIds: row.unitIds,
  entryIds: row.entryIds,
  version: row.version,
});
const unitEdit = (row: UnitRow) => ({
  name: row.name,
  nameEn: row.nameEn,
  parentId: row.parentId,
  sortOrder: row.sortOrder,
  version: row.version,
});

describe.each(['jiangbei', 'jn_admin'])('%s: nothing offered is refused', (name) => {
  const index = name === 'jiangbei' ? 0 : 1;
  const who = () => delegated.find((admin) => admin.login === name)!;

  it('does every action offered on the users list, and is refused where a row says why', async () => {
    const { login, token } = who();
    const list = await users(token);
    expect(list.length).toBeGreaterThan(1);
    const before = done.length;
    for (const listed of list) {
      const path = fillPath(SYSTEM_PATHS.user, { id: String(listed.id) });
      for (const action of listed.actions) {
        const what = `${login}: ${action} on user ${listed.username}`;
        // Each request starts from the row as it stands now (its version moves).
        const row = await userNow(token, listed.id);
        const status = fillPath(SYSTEM_PATHS.userStatus, { id: String(row.id) });
        switch (action) {
          case 'edit':
            await mustWork(token, what, 'PUT', path, userEdit(row));
            break;
          case 'reset-password':
            await mustWork(
              token,
              what,
              'POST',
              fillPath(SYSTEM_PATHS.userPassword, { id: String(row.id) }),
            );
            break;
          case 'disable': {
            const done = await mustWork(token, what, 'PUT', status, {
              disabled: true,
              version: row.version,
            });
            // Put back as the console would: enable must be offered now, and work.
            expect((await userNow(token, row.id)).actions, what).toContain('enable');
            await mustWork(token, `${what} (enable)`, 'PUT', status, {
              disabled: false,
              version: done.version,
            });
            break;
          }
          case 'enable': {
            const done = await mustWork(token, what, 'PUT', status, {
              disabled: false,
              version: row.version,
            });
            await mustWork(token, `${what} (disable)`, 'PUT', status, {
              disabled: true,
              version: done.version,
            });
            break;
          }
          case 'unlock':
            await mustWork(
              token,
              what,
              'POST',
              fillPath(SYSTEM_PATHS.userUnlock, { id: String(row.id) }),
            );
            break;
          case 'factor-reset':
            await mustWork(
              token,
              what,
              'DELETE',
              fillPath(SYSTEM_PATHS.userSecondFactor, { id: String(row.id) }),
            );
            break;
          case 'end-sessions':
            await mustWork(
              token,
              what,
              'DELETE',
              fillPath(SYSTEM_PATHS.userSessions, { id: String(row.id) }),
            );
            break;
          default:
            throw new Error(`${what}: no request known for the action; add it to this test`);
        }
      }
    }
    // Its district's staff are its to manage: the walk did something.
    expect(done.length, `${login}: actions done on the users list`).toBeGreaterThan(before);
    const refused = sampleOfRefused(list);
    expect(refused.length, `${login}: a row with a refusal (its own)`).toBeGreaterThan(0);
    for (const row of refused) {
      await mustBeRefused(
        token,
        `${login}: edit of user ${row.username}`,
        row.refusal!,
        'PUT',
        fillPath(SYSTEM_PATHS.user, { id: String(row.id) }),
        userEdit(row),
      );
    }
  });

  it('does every action offered on the roles list, deleting only a role of its own', async () => {
    const { login, token } = who();
    const ownId = `own_role_${index}`;
    await mustWork(token, `${login}: a role of its own`, 'POST', SYSTEM_PATHS.roles, {
      id: ownId,
      name: `临时角色${index}`,
      nameEn: `Temporary role ${index}`,
      dataScope: 'self',
      entryIds: [],
    });
    const page = await data(t.app, token, 'GET', `${SYSTEM_PATHS.roles}?pageSize=100`);
    const list = page.list as RoleRow[];
    expect(list.find((row) => row.id === ownId)?.actions).toContain('delete');
    for (const row of list) {
      const path = fillPath(SYSTEM_PATHS.role, { id: row.id });
      let version = row.version;
      for (const action of row.actions) {
        const what = `${login}: ${action} on role ${row.id}`;
        switch (action) {
          case 'edit':
            version = (await mustWork(token, what, 'PUT', path, { ...roleEdit(row), version }))
              .version;
            break;
          case 'delete':
            // Only what the test made: nothing shared is lost.
            if (row.id === ownId)
              await mustWork(token, what, 'DELETE', `${path}?version=${version}`);
            break;
          default:
            throw new Error(`${what}: no request known for the action; add it to this test`);
        }
      }
    }
    const refused = sampleOfRefused(list);
    expect(refused.length, `${login}: a role with a refusal`).toBeGreaterThan(0);
    for (const row of refused) {
      await mustBeRefused(
        token,
        `${login}: edit of role ${row.id}`,
        row.refusal!,
        'PUT',
        fillPath(SYSTEM_PATHS.role, { id: row.id }),
        roleEdit(row),
      );
    }
  });

  it('does every action offered on the units tree, deleting only units it made', async () => {
    const { login, token } = who();
    const tree = await data<UnitRow[]>(t.app, token, 'GET', SYSTEM_PATHS.units);
    const create = async (what: string, parentId: number | null) => {
      made += 1;
      const unit = await mustWork(token, what, 'POST', SYSTEM_PATHS.units, {
        name: `临时单位${made}`,
        nameEn: `Temporary unit ${made}`,
        parentId,
      });
      return unit as UnitRow;
    };
    // A unit of its own under its top unit, so that delete is walked too.
    const own = await create(`${login}: a unit of its own`, tree[0]!.id);
    const rows = flatten(await data<UnitRow[]>(t.app, token, 'GET', SYSTEM_PATHS.units));
    expect(rows.find((row) => row.id === own.id)?.actions).toContain('delete');
    for (const row of rows) {
      const path = fillPath(SYSTEM_PATHS.unit, { id: String(row.id) });
      let version = row.version;
      for (const action of row.actions) {
        const what = `${login}: ${action} on unit ${row.nameEn || row.name}`;
        switch (action) {
          case 'edit':
            version = (await mustWork(token, what, 'PUT', path, { ...unitEdit(row), version }))
              .version;
            break;
          case 'add-child':
          case 'add-beside': {
            const added = await create(what, action === 'add-child' ? row.id : row.parentId);
            await mustWork(
              token,
              `${what} (its delete)`,
              'DELETE',
              `${fillPath(SYSTEM_PATHS.unit, { id: String(added.id) })}?version=${added.version}`,
            );
            break;
          }
          case 'delete':
            if (row.id === own.id)
              await mustWork(token, what, 'DELETE', `${path}?version=${version}`);
            break;
          default:
            throw new Error(`${what}: no request known for the action; add it to this test`);
        }
      }
    }
    const refused = sampleOfRefused(rows);
    expect(refused.length, `${login}: a unit with a refusal (its top unit)`).toBeGreaterThan(0);
    for (const row of refused) {
      // A unit's refusal is of its delete (edit is offered); the current version is read again.
      const now = flatten(await data<UnitRow[]>(t.app, token, 'GET', SYSTEM_PATHS.units)).find(
        (unit) => unit.id === row.id,
      )!;
      expect(now.actions).not.toContain('delete');
      await mustBeRefused(
        token,
        `${login}: delete of unit ${row.nameEn}`,
        row.refusal!,
        'DELETE',
        `${fillPath(SYSTEM_PATHS.unit, { id: String(row.id) })}?version=${now.version}`,
      );
    }
  });

  it('gives an account every role and unit the user dialog offers', async () => {
    const { login, token } = who();
    const options = await data<{ roles: { id: string }[] }>(
      t.app,
      token,
      'GET',
      SYSTEM_PATHS.userOptions,
    );
    const units = await unitsReached(t.app, token);
    expect(units.length).toBeGreaterThan(0);
    expect(options.roles.length).toBeGreaterThan(0);
    for (let i = 0; i < Math.max(units.length, options.roles.length); i += 1) {
      const unit = units[i % units.length]!;
      const role = options.roles[i % options.roles.length]!;
      made += 1;
      await mustWork(
        token,
        `${login}: a new account of unit ${unit.nameEn} with role ${role.id}`,
        'POST',
        SYSTEM_PATHS.users,
        {
          username: `offered.${index}.${i}`,
          name: `测试${made}`,
          mobile: `1370000${String(1000 + made).slice(-4)}`,
          organizationId: unit.id,
          departmentId: null,
          roleIds: [role.id],
        },
      );
    }
  });
});
