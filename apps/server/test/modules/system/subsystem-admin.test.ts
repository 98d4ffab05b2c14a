/**
 * The subsystem registry (issue 22): registration, a secret shown once and kept
 * hashed, changes on a version, removal, the menu entries that open a subsystem,
 * who may do it (platform-wide) and what the trail records.
 */
import { createHash } from 'node:crypto';
import {
  AUDIT_MASK,
  DEMO_SUBSYSTEM_CLIENT_ID,
  type MessageKey,
  SUBSYSTEM_DEFAULT_CLAIMS,
  SYSTEM_PATHS,
  contractMessages,
  fillPath,
} from '@cityops/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp } from '../../helpers/test-app.js';
import { call, data } from './system-helpers.js';
import { chained } from '../../helpers/chained.js';

let t: TestApp;
let admin: string;

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

interface Entry {
  id: number;
  code: string;
  children: Entry[];
  [field: string]: unknown;
}
const flatten = (entries: Entry[]): Entry[] =>
  entries.flatMap((entry) => [entry, ...flatten(entry.children)]);

beforeAll(async () => {
  t = await createTestApp();
  admin = (await t.login('admin', 'Admin@2026')).access_token;
});
afterAll(async () => {
  await t.close();
});

const registration = (clientId: string, extra: Record<string, unknown> = {}) => ({
  clientId,
  name: '城管执法系统',
  nameEn: 'Enforcement',
  kind: 'confidential',
  origins: ['https://enforce.city.example'],
  redirectUris: ['https://enforce.city.example/callback'],
  postLogoutRedirectUris: ['https://enforce.city.example/'],
  backchannelLogoutUri: 'https://enforce.city.example/backchannel-logout',
  tokenLifetime: 120,
  ...extra,
});

async function stored(clientId: string) {
  const { rows } = await t.database.db.execute<{ secret_hash: string | null; version: number }>(
    sql`select secret_hash, version from subsystems where client_id = ${clientId}`,
  );
  return rows[0];
}

async function records(action: string) {
  await chained(t);
  const { rows } = await t.database.db.execute<{
    action: string;
    outcome: string;
    reason: string | null;
    target_kind: string;
    target_name: string | null;
    before: Record<string, unknown> | null;
    after: Record<string, unknown> | null;
  }>(
    sql`select action, outcome, reason, target_kind, target_name, before, after
          from audit_trail where action = ${action} order by seq`,
  );
  return rows;
}

describe('the demo subsystem', () => {
  it('is registered as a built-in public client, opened by the demo menu entries', async () => {
    const list = await data(t.app, admin, 'GET', SYSTEM_PATHS.subsystems);
    const demo = list.find(
      (subsystem: { clientId: string }) => subsystem.clientId === DEMO_SUBSYSTEM_CLIENT_ID,
    );
    expect(demo).toMatchObject({
      name: '演示子系统',
      nameEn: 'Demo subsystem',
      kind: 'public',
      hasSecret: false,
      builtIn: true,
      enabled: true,
      claims: [...SUBSYSTEM_DEFAULT_CLAIMS],
      tokenLifetime: 300,
    });
    expect(demo.origins).toEqual(
      expect.arrayContaining(['http://localhost:3000', 'http://127.0.0.1:3000']),
    );
    expect(demo.redirectUris).toContain('http://127.0.0.1:3000/demo-subsystem.html');
    expect(demo.postLogoutRedirectUris).toEqual(demo.redirectUris);
    // Every seeded entry of the demo page opens it.
    const { rows } = await t.database.db.execute<{ count: number }>(
      sql`select count(*)::int as count from menu_entries where url = '/demo-subsystem.html'`,
    );
    expect(demo.menuEntries).toHaveLength(rows[0]!.count);
    expect(demo.menuEntries.map((entry: { nameEn: string }) => entry.nameEn)).toContain(
      'Event dispatch',
    );
  });

  it('cannot be removed nor made confidential', async () => {
    const list = await data(t.app, admin, 'GET', SYSTEM_PATHS.subsystems);
    const demo = list.find(
      (subsystem: { clientId: string }) => subsystem.clientId === DEMO_SUBSYSTEM_CLIENT_ID,
    );
    const url = fillPath(SYSTEM_PATHS.subsystem, { id: demo.id });
    const removal = await call(t.app, admin, 'DELETE', `${url}?version=${demo.version}`);
    expect(removal.status).toBe(409);
    expect(removal.body.msg).toBe(
      'The demo subsystem belongs to the product and cannot be removed',
    );
    const { id: _id, clientId: _c, hasSecret: _h, builtIn: _b, menuEntries: _m, ...fields } = demo;
    const confidential = await call(t.app, admin, 'PUT', url, { ...fields, kind: 'confidential' });
    expect(confidential.status).toBe(409);
    expect(confidential.body.data.fields).toEqual([
      {
        field: 'kind',
        message: 'The demo subsystem belongs to the product and stays a public client',
      },
    ]);
    expect((await stored(DEMO_SUBSYSTEM_CLIENT_ID))!.secret_hash).toBeNull();
  });
});

describe('registering, changing and removing', () => {
  it('answers a confidential client’s secret once and keeps only its SHA-256', async () => {
    const issued = await data(
      t.app,
      admin,
      'POST',
      SYSTEM_PATHS.subsystems,
      registration('enforce'),
    );
    expect(issued.clientSecret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(issued.subsystem).toMatchObject({
      clientId: 'enforce',
      kind: 'confidential',
      hasSecret: true,
      builtIn: false,
      claims: [...SUBSYSTEM_DEFAULT_CLAIMS],
      tokenLifetime: 120,
      menuEntries: [],
      version: 1,
    });
    expect(JSON.stringify(issued.subsystem)).not.toContain(issued.clientSecret);
    expect((await stored('enforce'))!.secret_hash).toBe(sha256(issued.clientSecret));
    // Never shown again.
    const list = await data(t.app, admin, 'GET', SYSTEM_PATHS.subsystems);
    expect(JSON.stringify(list)).not.toContain(issued.clientSecret);
    // The trail records the registration with the secret masked.
    const [record] = await records('subsystem.create');
    expect(record).toMatchObject({
      outcome: 'success',
      target_kind: 'subsystem',
      target_name: 'enforce',
    });
    expect(record!.after).toMatchObject({
      clientId: 'enforce',
      kind: 'confidential',
      tokenLifetime: 120,
      clientSecret: AUDIT_MASK,
    });
    expect(JSON.stringify(record)).not.toContain(issued.clientSecret);

    // A new secret replaces the old one, shown once, masked on the trail.
    const url = fillPath(SYSTEM_PATHS.subsystemSecret, { id: issued.subsystem.id });
    const renewed = await data(t.app, admin, 'POST', url);
    expect(renewed.clientSecret).not.toBe(issued.clientSecret);
    expect((await stored('enforce'))!.secret_hash).toBe(sha256(renewed.clientSecret));
    const [secretRecord] = await records('subsystem.secret');
    expect(secretRecord).toMatchObject({ outcome: 'success', target_name: 'enforce' });
    expect(secretRecord!.after).toEqual({ clientSecret: AUDIT_MASK });
    expect(JSON.stringify(secretRecord)).not.toContain(renewed.clientSecret);
  });

  it('gives a public client no secret, and refuses it one', async () => {
    const issued = await data(
      t.app,
      admin,
      'POST',
      SYSTEM_PATHS.subsystems,
      registration('browser-app', { kind: 'public', claims: ['name'] }),
    );
    expect(issued.clientSecret).toBeNull();
    expect(issued.subsystem).toMatchObject({ kind: 'public', hasSecret: false, claims: ['name'] });
    expect((await stored('browser-app'))!.secret_hash).toBeNull();
    const secret = await call(
      t.app,
      admin,
      'POST',
      fillPath(SYSTEM_PATHS.subsystemSecret, { id: issued.subsystem.id }),
    );
    expect(secret.status).toBe(409);
    expect(secret.body.msg).toBe('A public client has no secret');
    expect((await stored('browser-app'))!.secret_hash).toBeNull();
  });

  it('changes a registration on its version; public to confidential and back', async () => {
    const { subsystem } = await data(
      t.app,
      admin,
      'POST',
      SYSTEM_PATHS.subsystems,
      registration('inspect', { kind: 'public' }),
    );
    const url = fillPath(SYSTEM_PATHS.subsystem, { id: subsystem.id });
    const edit = {
      name: '巡查系统',
      nameEn: '',
      kind: 'confidential',
      origins: ['https://inspect.city.example'],
      redirectUris: [],
      postLogoutRedirectUris: [],
      backchannelLogoutUri: null,
      claims: ['preferred_username', 'phone_number'],
      tokenLifetime: 600,
      enabled: false,
      version: subsystem.version,
    };
    const changed = await data(t.app, admin, 'PUT', url, edit);
    expect(changed.clientSecret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(changed.subsystem).toMatchObject({
      name: '巡查系统',
      nameEn: '巡查系统',
      kind: 'confidential',
      hasSecret: true,
      redirectUris: [],
      claims: ['preferred_username', 'phone_number'],
      tokenLifetime: 600,
      enabled: false,
      version: subsystem.version + 1,
    });
    expect((await stored('inspect'))!.secret_hash).toBe(sha256(changed.clientSecret));
    const [record] = (await records('subsystem.update')).slice(-1);
    expect(record!.before).toMatchObject({
      kind: 'public',
      tokenLifetime: 120,
      clientSecret: null,
    });
    expect(record!.after).toMatchObject({
      kind: 'confidential',
      tokenLifetime: 600,
      enabled: false,
      clientSecret: AUDIT_MASK,
    });
    expect(JSON.stringify(record)).not.toContain(changed.clientSecret);

    // The old version is refused, and nothing changes.
    const stale = await call(t.app, admin, 'PUT', url, { ...edit, name: '旧的' });
    expect(stale.status).toBe(409);
    expect(stale.body.msg).toMatch(/Someone else changed this record/);
    // Saved again without a change of kind, it keeps its secret and issues none.
    const again = await data(t.app, admin, 'PUT', url, { ...edit, version: subsystem.version + 1 });
    expect(again.clientSecret).toBeNull();
    expect((await stored('inspect'))!.secret_hash).toBe(sha256(changed.clientSecret));
    // Made public, it loses its secret.
    const publicAgain = await data(t.app, admin, 'PUT', url, {
      ...edit,
      kind: 'public',
      version: subsystem.version + 2,
    });
    expect(publicAgain.subsystem.hasSecret).toBe(false);
    expect((await stored('inspect'))!.secret_hash).toBeNull();
  });

  it('refuses a client id already registered', async () => {
    const twice = await call(
      t.app,
      admin,
      'POST',
      SYSTEM_PATHS.subsystems,
      registration(DEMO_SUBSYSTEM_CLIENT_ID, { kind: 'public' }),
      'zh-CN',
    );
    expect(twice.status).toBe(409);
    expect(twice.body.data.fields).toEqual([
      { field: 'clientId', message: '该客户端标识已被其他子系统使用' },
    ]);
  });

  it('refuses removal while a menu entry opens it, then removes it, recorded', async () => {
    const { subsystem } = await data(
      t.app,
      admin,
      'POST',
      SYSTEM_PATHS.subsystems,
      registration('parking', { kind: 'public' }),
    );
    const entry = await data(t.app, admin, 'POST', SYSTEM_PATHS.menus, {
      code: 'parking_page',
      name: '智慧停车',
      nameEn: 'Parking',
      kind: 'page',
      url: 'https://enforce.city.example/parking',
      subsystemId: subsystem.id,
    });
    expect(entry.subsystemId).toBe(subsystem.id);
    const listed = (await data(t.app, admin, 'GET', SYSTEM_PATHS.subsystems)).find(
      (item: { id: number }) => item.id === subsystem.id,
    );
    expect(listed.menuEntries).toEqual([{ id: entry.id, name: '智慧停车', nameEn: 'Parking' }]);
    const url = fillPath(SYSTEM_PATHS.subsystem, { id: subsystem.id });
    const inUse = await call(t.app, admin, 'DELETE', `${url}?version=${subsystem.version}`);
    expect(inUse.status).toBe(409);
    expect(inUse.body.msg).toBe(
      'Menu entries still open this subsystem (1); point them elsewhere first',
    );
    // The entry now opens nothing registered; the subsystem can go.
    const { children: _children, holders: _holders, id: _id, builtIn: _b, ...fields } = entry;
    await data(t.app, admin, 'PUT', fillPath(SYSTEM_PATHS.menu, { id: entry.id }), {
      ...fields,
      subsystemId: null,
    });
    const stale = await call(t.app, admin, 'DELETE', `${url}?version=${subsystem.version + 5}`);
    expect(stale.status).toBe(409);
    await data(t.app, admin, 'DELETE', `${url}?version=${subsystem.version}`);
    expect(await stored('parking')).toBeUndefined();
    const [record] = (await records('subsystem.delete')).slice(-1);
    expect(record).toMatchObject({ outcome: 'success', target_name: 'parking' });
    expect(record!.before).toMatchObject({ clientId: 'parking', kind: 'public', secretHash: null });
  });

  it('masks a removed confidential client’s secret hash on the trail', async () => {
    const issued = await data(t.app, admin, 'POST', SYSTEM_PATHS.subsystems, registration('gone'));
    const url = fillPath(SYSTEM_PATHS.subsystem, { id: issued.subsystem.id });
    await data(t.app, admin, 'DELETE', `${url}?version=${issued.subsystem.version}`);
    const [record] = (await records('subsystem.delete')).slice(-1);
    expect(record!.before).toMatchObject({ clientId: 'gone', secretHash: AUDIT_MASK });
    expect(JSON.stringify(record)).not.toContain(sha256(issued.clientSecret));
  });
});

describe('refused inputs', () => {
  it.each([
    [{ clientId: 'Bad Id' }, 'clientId', 'system.subsystem.clientIdInvalid'],
    [{ origins: ['https://a.example/path'] }, 'origins.0', 'system.subsystem.originInvalid'],
    [{ origins: ['http://a.example'] }, 'origins.0', 'system.subsystem.originInvalid'],
    [
      { redirectUris: ['https://a.example/cb#x'] },
      'redirectUris.0',
      'system.subsystem.addressInvalid',
    ],
    [
      { redirectUris: ['https://*.example/cb'] },
      'redirectUris.0',
      'system.subsystem.addressInvalid',
    ],
    [
      { origins: ['https://a.example', 'https://a.example'] },
      'origins',
      'system.subsystem.duplicateAddress',
    ],
    [
      { origins: Array.from({ length: 11 }, (_, i) => `https://s${i}.example`) },
      'origins',
      'system.subsystem.tooManyAddresses',
    ],
    [{ tokenLifetime: 601 }, 'tokenLifetime', 'system.subsystem.lifetimeRange'],
    [{ tokenLifetime: 59 }, 'tokenLifetime', 'system.subsystem.lifetimeRange'],
    [{ claims: ['password'] }, 'claims.0', 'validation.invalid'],
    [{ kind: 'secret' }, 'kind', 'validation.invalid'],
    [
      { redirectUris: [], postLogoutRedirectUris: ['https://a.example/'] },
      'redirectUris',
      'system.subsystem.redirectRequired',
    ],
  ])('refuses %j', async (change, field, key) => {
    const response = await call(
      t.app,
      admin,
      'POST',
      SYSTEM_PATHS.subsystems,
      registration('refused-app', change),
    );
    expect(response.status).toBe(422);
    expect(response.body.data.fields).toContainEqual({
      field,
      message: contractMessages.en[key as MessageKey],
    });
    expect(await stored('refused-app')).toBeUndefined();
  });

  it('refuses a menu entry pointing at an unknown subsystem, in both languages', async () => {
    const entry = {
      code: 'nowhere_page',
      name: '无处',
      nameEn: 'Nowhere',
      kind: 'page',
      url: '/nowhere',
      subsystemId: 999_999,
    };
    const en = await call(t.app, admin, 'POST', SYSTEM_PATHS.menus, entry);
    expect(en.status).toBe(422);
    expect(en.body.data.fields).toEqual([
      { field: 'subsystemId', message: 'The subsystem does not exist; choose a registered one' },
    ]);
    const zh = await call(t.app, admin, 'POST', SYSTEM_PATHS.menus, entry, 'zh-CN');
    expect(zh.body.data.fields).toEqual([
      { field: 'subsystemId', message: '所选子系统不存在，请选择已登记的子系统' },
    ]);
    const menus = flatten(await data<Entry[]>(t.app, admin, 'GET', SYSTEM_PATHS.menus));
    expect(menus.some((item) => item.code === 'nowhere_page')).toBe(false);
  });
});

describe('the provider as the vendor is sent it (issue 31)', () => {
  it('answers the issuer, never the request Host, and the standard addresses under it', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api${SYSTEM_PATHS.subsystemProvider}`,
      headers: { authorization: `Bearer ${admin}`, host: 'attacker.example' },
    });
    expect(response.statusCode).toBe(200);
    // Not listening (inject) and without PUBLIC_URL: the loopback address (product-base.ts).
    const issuer = 'http://127.0.0.1';
    expect(response.json().data).toEqual({
      issuer,
      discovery: `${issuer}/.well-known/openid-configuration`,
      authorization: `${issuer}/oidc/auth`,
      token: `${issuer}/oidc/token`,
      userinfo: `${issuer}/oidc/me`,
      jwks: `${issuer}/oidc/jwks`,
      revocation: `${issuer}/oidc/token/revocation`,
      endSession: `${issuer}/oidc/session/end`,
    });
  });

  it("is the registry readers' only", async () => {
    const operator = (await t.login('operator', 'Operator@2026')).access_token;
    expect((await call(t.app, operator, 'GET', SYSTEM_PATHS.subsystemProvider)).status).toBe(403);
  });
});

describe('who may', () => {
  it('refuses staff the registry (403 by the permission code)', async () => {
    const operator = (await t.login('operator', 'Operator@2026')).access_token;
    expect((await call(t.app, operator, 'GET', SYSTEM_PATHS.subsystems)).status).toBe(403);
    const create = await call(
      t.app,
      operator,
      'POST',
      SYSTEM_PATHS.subsystems,
      registration('staff-app'),
    );
    expect(create.status).toBe(403);
    expect(await stored('staff-app')).toBeUndefined();
  });

  it('refuses a district administrator holding the codes: the registry is platform-wide', async () => {
    // The administrator gives the district administrator's role the registry's entries.
    const menus = flatten(await data<Entry[]>(t.app, admin, 'GET', SYSTEM_PATHS.menus));
    const roleUrl = fillPath(SYSTEM_PATHS.role, { id: 'district_admin' });
    const role = await data(t.app, admin, 'GET', roleUrl);
    const added = menus
      .filter((entry) =>
        ['system_subsystems', 'system_subsystem_read', 'system_subsystem_write'].includes(
          entry.code,
        ),
      )
      .map((entry) => entry.id);
    await data(t.app, admin, 'PUT', roleUrl, {
      name: role.name,
      nameEn: role.nameEn,
      dataScope: role.dataScope,
      unitIds: role.unitIds,
      entryIds: [...role.entryIds, ...added],
      version: role.version,
    });
    const district = (await t.login('jiangbei', 'Jiangbei@2026')).access_token;
    // It may read the registry...
    const list = await data(t.app, district, 'GET', SYSTEM_PATHS.subsystems);
    expect(list.length).toBeGreaterThan(0);
    // ... but not change it.
    const create = await call(
      t.app,
      district,
      'POST',
      SYSTEM_PATHS.subsystems,
      registration('district-app'),
    );
    expect(create.status).toBe(403);
    expect(create.body.msg).toMatch(/whole platform/);
    expect(await stored('district-app')).toBeUndefined();
    const [refusal] = (await records('subsystem.create')).slice(-1);
    expect(refusal).toMatchObject({
      outcome: 'refused',
      reason: 'platform-wide',
      target_kind: 'subsystem',
      target_name: 'district-app',
    });
    const demo = list.find(
      (subsystem: { clientId: string }) => subsystem.clientId === DEMO_SUBSYSTEM_CLIENT_ID,
    );
    const secret = await call(
      t.app,
      district,
      'POST',
      fillPath(SYSTEM_PATHS.subsystemSecret, { id: demo.id }),
    );
    expect(secret.status).toBe(403);
    const [secretRefusal] = (await records('subsystem.secret')).slice(-1);
    expect(secretRefusal).toMatchObject({ outcome: 'refused', reason: 'platform-wide' });
  });
});
