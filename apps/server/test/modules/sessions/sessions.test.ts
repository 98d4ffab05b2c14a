import { createHash } from 'node:crypto';
import { ErrorCode, SYSTEM_PATHS, USER_PATHS, fillPath } from '@cityops/contract';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { tokenDigest } from '../../../src/lib/tokens.js';
import { AuditRepository } from '../../../src/modules/audit/audit.repository.js';
import {
  type TestApp,
  auditEvents,
  bearer,
  createAccount,
  createTestApp,
  encryptPassword,
  secondInstance,
  withSecuritySettings,
} from '../../helpers/test-app.js';
import { call, data, unitId } from '../system/system-helpers.js';
import { testRepositories } from '../../helpers/test-repositories.js';

// Online sessions (issue 13, item 5): the security administrator's list and ends,
// the caller's own sessions, the last activity and the previous sign-in.

const menuUrl = '/api/organization/customize_configuration/userSysModel';

let t: TestApp;
/** A second instance on the same database: an ended session is refused there too. */
let other: FastifyInstance;
let security: string;

beforeAll(async () => {
  t = await createTestApp();
  other = await secondInstance(t);
  security = (await t.login('security', 'Security@2026')).access_token;
});
afterAll(async () => {
  await other.close();
  await t.close();
});
afterEach(() => {
  vi.restoreAllMocks();
});

function menu(app: FastifyInstance, token: string) {
  return app.inject({ method: 'GET', url: menuUrl, headers: bearer(token) });
}

/** Signs in and uses the token on both instances, so both remember the session. */
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

async function userId(username: string): Promise<number> {
  const { rows } = await t.database.db.execute<{ id: number }>(
    sql`select id from users where username = ${username}`,
  );
  return rows[0]!.id;
}

async function lastAudit() {
  const [row] = await (
    await testRepositories(t.database.db)
  ).audit.page({ action: 'session.end' }, undefined, 1);
  return row;
}

interface Page {
  total: number;
  pageIndex: number;
  pageSize: number;
  list: {
    id: string;
    username: string;
    userId: number;
    organizationName: string | null;
    lastSeenAt?: string | null;
  }[];
}

describe('the online sessions list', () => {
  it('lists live sessions with user, unit, address, browser and times, never the token', async () => {
    const token = (await t.login('operator', 'Operator@2026')).access_token;
    const page = await data<Page>(t.app, security, 'GET', '/system/sessions?keyword=operator');
    const mine = page.list.find((session) => session.id === tokenDigest(token));
    expect(mine).toMatchObject({
      username: 'operator',
      name: expect.any(String),
      organizationName: expect.any(String),
      ipAddress: '127.0.0.1',
      userAgent: 'lightMyRequest',
      createdAt: t.clock.now().toISOString(),
      expiresAt: expect.any(String),
    });
    expect(JSON.stringify(page)).not.toContain(token);
  });

  it('pages and filters by account and unit', async () => {
    for (let i = 0; i < 3; i += 1) await t.login('operator', 'Operator@2026');
    await t.login('jb_officer', 'Officer@2026');
    const first = await data<Page>(
      t.app,
      security,
      'GET',
      '/system/sessions?pageIndex=1&pageSize=2&keyword=OPERAT',
    );
    expect(first.total).toBeGreaterThanOrEqual(3);
    expect(first.list).toHaveLength(2);
    const second = await data<Page>(
      t.app,
      security,
      'GET',
      '/system/sessions?pageIndex=2&pageSize=2&keyword=operat',
    );
    expect(second.list.length).toBeGreaterThanOrEqual(1);
    expect(second.list.map((s) => s.id)).not.toContain(first.list[0]!.id);
    expect([...first.list, ...second.list].every((s) => s.username === 'operator')).toBe(true);

    const jiangbei = await unitId(t.app, security, 'Jiangbei District Urban Management Bureau');
    const byUnit = await data<Page>(
      t.app,
      security,
      'GET',
      `/system/sessions?organizationId=${jiangbei}`,
    );
    expect(byUnit.list.length).toBeGreaterThanOrEqual(1);
    expect(byUnit.list.every((s) => s.username === 'jb_officer')).toBe(true);
  });

  it('leaves out revoked and expired sessions', async () => {
    const token = (await t.login('newhire', 'Newhire@2026')).access_token;
    await t.app.inject({
      method: 'POST',
      url: '/api/authorization-server/oauth/logout',
      headers: bearer(token),
    });
    const page = await data<Page>(t.app, security, 'GET', '/system/sessions?pageSize=100');
    expect(page.list.map((s) => s.id)).not.toContain(tokenDigest(token));
  });

  it('refuses a bad query with 422, not 500', async () => {
    expect((await call(t.app, security, 'GET', '/system/sessions?pageSize=100000')).status).toBe(
      422,
    );
    expect((await call(t.app, security, 'DELETE', '/system/sessions/not-a-digest')).status).toBe(
      422,
    );
  });

  it('is the security administrator’s: staff, the system administrator and the auditor get 403', async () => {
    for (const [name, password] of [
      ['operator', 'Operator@2026'],
      ['admin', 'Admin@2026'],
      ['auditor', 'Auditor@2026'],
    ] as const) {
      const token = (await t.login(name, password)).access_token;
      expect((await call(t.app, token, 'GET', '/system/sessions')).status).toBe(403);
      const digest = tokenDigest(token);
      expect((await call(t.app, token, 'DELETE', `/system/sessions/${digest}`)).status).toBe(403);
      const id = await userId('operator');
      expect((await call(t.app, token, 'DELETE', `/system/users/${id}/sessions`)).status).toBe(403);
    }
  });
});

describe('ending sessions', () => {
  it('ends one session: refused on its next request on every instance, recorded', async () => {
    const token = await rememberedToken('operator', 'Operator@2026');
    const kept = await rememberedToken('operator', 'Operator@2026');
    const heard = other.sessionCache.nextBroadcast();
    const digest = tokenDigest(token);
    expect(await data(t.app, security, 'DELETE', `/system/sessions/${digest}`)).toEqual({
      ended: 1,
    });
    expectRefused(await menu(t.app, token));
    await heard;
    expectRefused(await menu(other, token));
    expect((await menu(t.app, kept)).statusCode).toBe(200);

    expect(await lastAudit()).toMatchObject({
      action: 'session.end',
      outcome: 'success',
      actorName: 'security',
      targetKind: 'session',
      targetId: digest.slice(0, 16),
      targetName: 'operator',
    });
    // Ended already: nothing more to end.
    expect((await call(t.app, security, 'DELETE', `/system/sessions/${digest}`)).status).toBe(404);
  });

  it('ends every session of a user', async () => {
    const first = await rememberedToken('operator', 'Operator@2026');
    const second = await rememberedToken('operator', 'Operator@2026');
    const heard = other.sessionCache.nextBroadcast();
    const id = await userId('operator');
    const { ended } = await data<{ ended: number }>(
      t.app,
      security,
      'DELETE',
      `/system/users/${id}/sessions`,
    );
    expect(ended).toBeGreaterThanOrEqual(2);
    for (const token of [first, second]) expectRefused(await menu(t.app, token));
    await heard;
    for (const token of [first, second]) expectRefused(await menu(other, token));
    expect(await lastAudit()).toMatchObject({
      action: 'session.end',
      targetKind: 'user',
      targetId: String(id),
      targetName: 'operator',
    });
    const page = await data<Page>(t.app, security, 'GET', '/system/sessions?keyword=operator');
    expect(page.list.filter((s) => s.username === 'operator')).toEqual([]);
    expect((await call(t.app, security, 'DELETE', '/system/users/999999/sessions')).status).toBe(
      404,
    );
  });

  it('records the end in the same transaction: a failed record leaves the session live', async () => {
    const token = await rememberedToken('operator', 'Operator@2026');
    const before = await lastAudit();
    vi.spyOn(AuditRepository.prototype, 'append').mockRejectedValueOnce(new Error('disk full'));
    const digest = tokenDigest(token);
    expect((await call(t.app, security, 'DELETE', `/system/sessions/${digest}`)).status).toBe(500);
    expect((await menu(t.app, token)).statusCode).toBe(200);
    const { rows } = await t.database.db.execute<{ revoked: boolean }>(
      sql`select revoked_at is not null as revoked from sessions where token_hash = ${digest}`,
    );
    expect(rows[0]!.revoked).toBe(false);
    expect((await lastAudit())?.seq).toBe(before?.seq);
  });
});

describe('one’s own sessions', () => {
  it('lists them with the current one marked, and ends another', async () => {
    const current = (await t.login('jb_officer', 'Officer@2026')).access_token;
    const otherOne = await rememberedToken('jb_officer', 'Officer@2026');
    const own = await data<{ id: string; current: boolean }[]>(
      t.app,
      current,
      'GET',
      '/organization/user/sessions',
    );
    expect(own.filter((s) => s.current).map((s) => s.id)).toEqual([tokenDigest(current)]);
    expect(own.map((s) => s.id)).toContain(tokenDigest(otherOne));

    const heard = other.sessionCache.nextBroadcast();
    const url = `/organization/user/sessions/${tokenDigest(otherOne)}`;
    expect(await data(t.app, current, 'DELETE', url)).toEqual({ ended: 1 });
    expectRefused(await menu(t.app, otherOne));
    await heard;
    expectRefused(await menu(other, otherOne));
    expect(await lastAudit()).toMatchObject({
      actorName: 'jb_officer',
      targetKind: 'session',
      targetId: tokenDigest(otherOne).slice(0, 16),
    });
  });

  it('does not end the current one (that is signing out)', async () => {
    const current = (await t.login('jb_officer', 'Officer@2026')).access_token;
    const url = `/organization/user/sessions/${tokenDigest(current)}`;
    const { status, body } = await call(t.app, current, 'DELETE', url);
    expect(status).toBe(409);
    expect(body.msg).toBe('This is the session you are using; to end it, sign out');
    expect((await menu(t.app, current)).statusCode).toBe(200);
  });

  it('cannot end another user’s session through the personal route', async () => {
    const mine = (await t.login('jb_officer', 'Officer@2026')).access_token;
    const theirs = (await t.login('bj_officer', 'Officer@2026')).access_token;
    const url = `/organization/user/sessions/${tokenDigest(theirs)}`;
    expect((await call(t.app, mine, 'DELETE', url)).status).toBe(404);
    expect((await menu(t.app, theirs)).statusCode).toBe(200);
    const own = await data<{ id: string }[]>(t.app, mine, 'GET', '/organization/user/sessions');
    expect(own.map((s) => s.id)).not.toContain(tokenDigest(theirs));
  });
});

describe('last activity', () => {
  async function lastSeen(token: string): Promise<string | null> {
    const { rows } = await t.database.db.execute<{ seen: Date | string | null }>(
      sql`select last_seen_at as seen from sessions where token_hash = ${tokenDigest(token)}`,
    );
    const seen = rows[0]!.seen;
    return seen === null ? null : new Date(seen).toISOString();
  }

  it('is the sign-in, then written on a request at most once a minute', async () => {
    const start = t.clock.now();
    const token = (await t.login('bj_officer', 'Officer@2026')).access_token;
    expect(await lastSeen(token)).toBe(start.toISOString());
    await menu(t.app, token);
    expect(await lastSeen(token)).toBe(start.toISOString());

    t.clock.advance(30_000);
    await menu(t.app, token);
    await menu(other, token);
    expect(await lastSeen(token)).toBe(start.toISOString());

    t.clock.advance(31_000);
    await menu(t.app, token);
    expect(await lastSeen(token)).toBe(t.clock.now().toISOString());
    const list = await data<Page & { list: { id: string; lastSeenAt: string | null }[] }>(
      t.app,
      security,
      'GET',
      '/system/sessions?keyword=bj_officer&pageSize=100',
    );
    expect(list.list.find((s) => s.id === tokenDigest(token))?.lastSeenAt).toBe(
      t.clock.now().toISOString(),
    );
  });
});

describe('the previous sign-in', () => {
  it('comes with one’s own user info: the time and address of the sign-in before this one', async () => {
    const first = await t.login('auditor', 'Auditor@2026');
    const firstAt = t.clock.now().toISOString();
    t.clock.advance(60_000);
    const second = (await t.login('auditor', 'Auditor@2026')).access_token;
    const info = await data(t.app, second, 'GET', '/organization/user?uniqueId=auditor');
    expect(info.previousSignIn).toEqual({ at: firstAt, ipAddress: '127.0.0.1' });
    // Reading someone else's user data gives no sign-in of theirs.
    const admin = (await t.login('admin', 'Admin@2026')).access_token;
    const theirs = await data(t.app, admin, 'GET', '/organization/user?uniqueId=auditor');
    expect(theirs.previousSignIn).toBeUndefined();
    expect(first.access_token).not.toBe(second);
  });

  it('is null for a first sign-in', async () => {
    const { rows } = await t.database.db.execute<{ n: number }>(
      sql`select count(*)::int as n from sessions s join users u on u.id = s.user_id
           where u.username = 'jn_officer'`,
    );
    expect(rows[0]!.n).toBe(0);
    const token = (await t.login('jn_officer', 'Officer@2026')).access_token;
    const info = await data(t.app, token, 'GET', '/organization/user?uniqueId=jn_officer');
    expect(info.previousSignIn).toBeNull();
  });
});

describe('a refused token says why it stopped (issue 24)', () => {
  const reasonOf = async (token: string) => {
    const response = await menu(t.app, token);
    expect(response.statusCode).toBe(401);
    return response.json().data?.reason ?? null;
  };

  it('ended by an administrator, disabled, expired, or never a session', async () => {
    const ended = (await t.login('operator', 'Operator@2026')).access_token;
    await data(t.app, security, 'DELETE', `/system/sessions/${tokenDigest(ended)}`);
    expect(await reasonOf(ended)).toBe('ended');

    const admin = (await t.login('admin', 'Admin@2026')).access_token;
    const bureau = await unitId(t.app, admin, 'Jiangcheng Urban Management Bureau');
    const created = await data(t.app, admin, 'POST', '/system/users', {
      username: 'soon.disabled',
      name: '将停用',
      mobile: '13900005555',
      organizationId: bureau,
      roleIds: ['staff'],
    });
    const disabledToken = (await t.login('soon.disabled', created.initialPassword)).access_token;
    await data(t.app, admin, 'PUT', `/system/users/${created.user.id}/status`, {
      disabled: true,
      version: created.user.version,
    });
    expect(await reasonOf(disabledToken)).toBe('disabled');

    expect(await reasonOf('not-a-session-token')).toBeNull();

    const expiring = (await t.login('operator', 'Operator@2026')).access_token;
    t.clock.advance(25 * 3_600_000);
    expect(await reasonOf(expiring)).toBe('expired');
  });

  it('ended by a password reset or the holder’s own change: `password`, not a forced sign-out (issue 32)', async () => {
    const reset = await createAccount(t.app);
    const resetToken = (await t.login(reset.username, reset.password)).access_token;
    const admin = (await t.login('admin', 'Admin@2026')).access_token;
    await data(t.app, admin, 'POST', fillPath(SYSTEM_PATHS.userPassword, { id: reset.id }));
    expect(await reasonOf(resetToken)).toBe('password');

    // The holder's change in one tab: the session of another device learns why.
    const own = await createAccount(t.app);
    const changing = (await t.login(own.username, own.password)).access_token;
    const elsewhere = (await t.login(own.username, own.password)).access_token;
    const md5 = (text: string) => createHash('md5').update(text, 'utf8').digest('hex');
    const encrypted = await encryptPassword(t.app, 'Changed#2026x');
    const changed = await t.app.inject({
      method: 'POST',
      url: `/api${USER_PATHS.changePassword}`,
      headers: bearer(changing),
      payload: {
        password: md5(own.password),
        newPassword: md5('Changed#2026x'),
        newPasswordTwo: md5('Changed#2026x'),
        newPasswordCipher: encrypted.password,
        keyId: encrypted.keyId,
      },
    });
    expect(changed.json().code).toBe('000000');
    expect(await reasonOf(elsewhere)).toBe('password');
  });

  it('ended by the server after the idle time, with the setting applied at once (issue 32)', async () => {
    await withSecuritySettings(t, { 'session.idleMinutes': '5' }, async () => {
      // Busy: a request every four minutes for twenty minutes keeps the session.
      const busy = (await t.login('editor', 'Editor@2026')).access_token;
      for (let minute = 0; minute < 20; minute += 4) {
        t.clock.advance(4 * 60_000);
        expect((await menu(t.app, busy)).statusCode).toBe(200);
      }
      // Idle: six minutes and a little (activity is written once a minute) ends it.
      const idle = (await t.login('operator', 'Operator@2026')).access_token;
      t.clock.advance(4 * 60_000);
      expect((await menu(t.app, idle)).statusCode).toBe(200);
      t.clock.advance(6 * 60_000 + 1_000);
      expect(await reasonOf(idle)).toBe('idle');
      // It stays ended when used again, and the trail says the server signed it out.
      t.clock.advance(1_000);
      expect(await reasonOf(idle)).toBe('idle');
      expect(await auditEvents(t.app, 1, 'auth.logout')).toEqual(['auth.logout/success/idle']);
      const { rows } = await t.database.db.execute<{ ended_reason: string }>(
        sql`select ended_reason from sessions where token_hash = ${tokenDigest(idle)}`,
      );
      expect(rows[0]!.ended_reason).toBe('idle');
      // The busy session is idle now too; with the timeout off (0) it lives on.
      await t.app.services.securitySettings.set('session.idleMinutes', '0');
      expect((await menu(t.app, busy)).statusCode).toBe(200);
    });
  });
});
