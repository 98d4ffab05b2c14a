import { DEMO_SUBSYSTEM_CLIENT_ID, ErrorCode, SYSTEM_PATHS, fillPath } from '@cityops/contract';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, bearer, createTestApp, secondInstance } from '../../helpers/test-app.js';
import { tokenDigest } from '../../../src/lib/tokens.js';
import { data } from '../system/system-helpers.js';

// Sessions are remembered after their first lookup (src/modules/auth/session-cache.ts):
// every way a session ends must still refuse it on the next request, on every instance.

const menuUrl = '/api/organization/customize_configuration/userSysModel';
const logoutUrl = '/api/authorization-server/oauth/logout';

let t: TestApp;
/** A second instance on the same database, as a second server behind the proxy. */
let other: FastifyInstance;

beforeAll(async () => {
  t = await createTestApp();
  other = await secondInstance(t);
});
afterAll(async () => {
  await other.close();
  await t.close();
});

async function userId(username: string): Promise<number> {
  const { rows } = await t.database.db.execute<{ id: number }>(
    sql`select id from users where username = ${username}`,
  );
  return rows[0]!.id;
}

function menu(app: FastifyInstance, token: string) {
  return app.inject({ method: 'GET', url: menuUrl, headers: bearer(token) });
}

/** Signs in and uses the token on both instances, so both remember the session. */
/** Disables or enables an account through the console, as the administrator. */
async function setDisabled(id: number, disabled: boolean): Promise<void> {
  const admin = (await t.login('admin', 'Admin@2026')).access_token;
  const user = await t.app.inject({
    method: 'GET',
    url: `/api/system/users/${id}`,
    headers: bearer(admin),
  });
  const response = await t.app.inject({
    method: 'PUT',
    url: `/api/system/users/${id}/status`,
    headers: bearer(admin),
    payload: { disabled, version: user.json().data.version },
  });
  expect(response.json().code).toBe('000000');
}

async function rememberedToken(username: string, password: string): Promise<string> {
  const token = (await t.login(username, password)).access_token;
  expect((await menu(t.app, token)).statusCode).toBe(200);
  expect((await menu(other, token)).statusCode).toBe(200);
  return token;
}

function expectRefused(response: Awaited<ReturnType<typeof menu>>) {
  expect(response.statusCode).toBe(401);
  expect(response.json().code).toBe(ErrorCode.TOKEN_INVALID);
}

describe('a remembered session', () => {
  it('is looked up once, then answered from memory', async () => {
    const before = t.app.sessionCache.size;
    const token = await rememberedToken('operator', 'Operator@2026');
    expect(t.app.sessionCache.size).toBe(before + 1);
    expect((await menu(t.app, token)).statusCode).toBe(200);
    expect(t.app.sessionCache.size).toBe(before + 1);
  });

  it('is refused after sign-out, here at once and on the other instance once it hears', async () => {
    const token = await rememberedToken('operator', 'Operator@2026');
    const heard = other.sessionCache.nextBroadcast();
    await t.app.inject({ method: 'POST', url: logoutUrl, headers: bearer(token) });
    expectRefused(await menu(t.app, token));
    await heard;
    expectRefused(await menu(other, token));
  });

  it('is refused after a password change', async () => {
    const token = await rememberedToken('operator', 'Operator@2026');
    const heard = other.sessionCache.nextBroadcast();
    const id = await userId('operator');
    const { rows } = await t.database.db.execute<{ hash: string }>(
      sql`select password_hash as hash from users where id = ${id}`,
    );
    await t.app.services.passwords.setPassword(id, 'a-new-password-digest');
    expectRefused(await menu(t.app, token));
    await heard;
    expectRefused(await menu(other, token));
    // Back to the demo password for the other tests.
    await t.database.db.execute(
      sql`update users set password_hash = ${rows[0]!.hash} where id = ${id}`,
    );
  });

  it('is refused once the account is disabled', async () => {
    const token = await rememberedToken('stale', 'Stale@2026a');
    const heard = other.sessionCache.nextBroadcast();
    const id = await userId('stale');
    await setDisabled(id, true);
    try {
      expectRefused(await menu(t.app, token));
      await heard;
      expectRefused(await menu(other, token));
    } finally {
      await setDisabled(id, false);
    }
  });

  it('carries a role change to the holder on both instances, without a new sign-in', async () => {
    const token = await rememberedToken('operator', 'Operator@2026');
    const categories = (app: FastifyInstance) =>
      app.inject({
        method: 'POST',
        url: '/api/business-guide/categories',
        headers: bearer(token),
        payload: { code: 'cache-x', name: '缓存', nameEn: 'Cache' },
      });
    expect((await categories(t.app)).statusCode).toBe(403);
    expect((await categories(other)).statusCode).toBe(403);
    const admin = (await t.login('admin', 'Admin@2026')).access_token;
    const role = (
      await t.app.inject({ method: 'GET', url: '/api/system/roles/staff', headers: bearer(admin) })
    ).json().data;
    const { rows } = await t.database.db.execute<{ id: number }>(
      sql`select id from menu_entries where code = 'guide_category_write'`,
    );
    const heard = other.sessionCache.nextBroadcast();
    const changed = await t.app.inject({
      method: 'PUT',
      url: '/api/system/roles/staff',
      headers: bearer(admin),
      payload: { ...role, entryIds: [...role.entryIds, rows[0]!.id] },
    });
    expect(changed.statusCode).toBe(200);
    await heard;
    try {
      expect((await categories(t.app)).statusCode).not.toBe(403);
      expect((await categories(other)).statusCode).not.toBe(403);
    } finally {
      await t.app.inject({
        method: 'PUT',
        url: '/api/system/roles/staff',
        headers: bearer(admin),
        payload: { ...role, version: changed.json().data.version },
      });
    }
  });

  it('keeps the menu tree until rights change on any instance', async () => {
    const token = await rememberedToken('operator', 'Operator@2026');
    const names = async (app: FastifyInstance) =>
      JSON.stringify((await menu(app, token)).json().data);
    expect(await names(t.app)).toContain('Business guidance');
    // Changed by hand, not through the repositories: no instance hears of it.
    await t.database.db.execute(
      sql`update menu_entries set name_en = 'Guidance (by hand)' where code = 'business_guide'`,
    );
    try {
      expect(await names(t.app)).not.toContain('Guidance (by hand)');
      const admin = (await t.login('admin', 'Admin@2026')).access_token;
      const tree = (
        await other.inject({ method: 'GET', url: '/api/system/menus', headers: bearer(admin) })
      ).json().data as { code: string; id: number; version: number }[];
      const entry = tree.find((e) => e.code === 'comprehensive_evaluation')!;
      const heard = t.app.sessionCache.nextBroadcast();
      const changed = await other.inject({
        method: 'PUT',
        url: `/api/system/menus/${entry.id}`,
        headers: bearer(admin),
        payload: { ...entry, sortOrder: 71 },
      });
      expect(changed.statusCode).toBe(200);
      await heard;
      expect(await names(t.app)).toContain('Guidance (by hand)');
    } finally {
      await t.database.db.execute(
        sql`update menu_entries set name_en = 'Business guidance' where code = 'business_guide'`,
      );
    }
  });

  it('keeps remembered sessions when a registration changes, and reads the registration afresh', async () => {
    await rememberedToken('operator', 'Operator@2026');
    const admin = (await t.login('admin', 'Admin@2026')).access_token;
    const demo = (await data(t.app, admin, 'GET', SYSTEM_PATHS.subsystems)).find(
      (subsystem: { clientId: string }) => subsystem.clientId === DEMO_SUBSYSTEM_CLIENT_ID,
    );
    // Remembered on the other instance, as a frame token reads it there.
    const registration = () => other.services.subsystemAdmin.target(demo.id);
    expect((await registration()).tokenLifetime).toBe(demo.tokenLifetime);
    const remembered = other.sessionCache.size;
    expect(remembered).toBeGreaterThan(0);
    const { id, clientId: _c, hasSecret: _h, builtIn: _b, menuEntries: _m, ...fields } = demo;
    const url = fillPath(SYSTEM_PATHS.subsystem, { id });
    const heard = other.sessionCache.nextBroadcast();
    const changed = await data(t.app, admin, 'PUT', url, {
      ...fields,
      tokenLifetime: demo.tokenLifetime + 1,
    });
    await heard;
    try {
      expect((await registration()).tokenLifetime).toBe(demo.tokenLifetime + 1);
      // No session rests on a registration: the other instance still remembers them all.
      expect(other.sessionCache.size).toBe(remembered);
    } finally {
      await data(t.app, admin, 'PUT', url, { ...fields, version: changed.subsystem.version });
    }
  });

  it('answers the password status the account has now', async () => {
    const token = await rememberedToken('operator', 'Operator@2026');
    const heard = other.sessionCache.nextBroadcast();
    const id = await userId('operator');
    // Changed under the app, then announced as the users repository announces its writes.
    const setMustChange = async (value: boolean) => {
      await t.database.db.execute(
        sql`update users set must_change_password = ${value} where id = ${id}`,
      );
      await t.app.sessionCache.changed({ userId: id });
    };
    await setMustChange(true);
    try {
      for (const app of [t.app, other]) {
        if (app === other) await heard;
        const response = await menu(app, token);
        expect(response.json().code).toBe(ErrorCode.PASSWORD_RESET_REQUIRED);
      }
    } finally {
      await setMustChange(false);
    }
  });

  it('is refused once it expires, without a broadcast', async () => {
    const token = await rememberedToken('operator', 'Operator@2026');
    const { rows } = await t.database.db.execute<{ ms: number }>(
      sql`select (extract(epoch from expires_at) * 1000)::float8 as ms from sessions
          where token_hash = ${tokenDigest(token)}`,
    );
    const now = t.clock.now().getTime();
    t.clock.advance(rows[0]!.ms - now + 1);
    expectRefused(await menu(t.app, token));
    expectRefused(await menu(other, token));
  });
});
