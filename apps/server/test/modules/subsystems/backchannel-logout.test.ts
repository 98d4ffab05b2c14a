import { createHash, randomBytes, randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { SYSTEM_PATHS } from '@cityops/contract';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  type JWK,
  createLocalJWKSet,
  createRemoteJWKSet,
  decodeProtectedHeader,
  jwtVerify,
} from 'jose';
import * as client from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAccountsCommand } from '../../../src/cli/accounts.js';
import { tokenDigest } from '../../../src/lib/tokens.js';
import {
  BACKCHANNEL_LOGOUT_EVENT,
  MAX_ATTEMPTS,
  retryDelayMs,
} from '../../../src/modules/subsystems/backchannel-logout.service.js';
import { signInThroughPlatform } from '../../helpers/oidc-browser.js';
import {
  type TestApp,
  bearer,
  createTestApp,
  encryptPassword,
  secondInstance,
} from '../../helpers/test-app.js';
import { call, data, unitId } from '../system/system-helpers.js';
import { offerSubsystem, registerTestSubsystem } from '../../helpers/subsystem-menu.js';
import type { Repositories } from '../../../src/repositories.js';
import { testRepositories } from '../../helpers/test-repositories.js';

// Back-channel logout (issue 22, item 3): every session effect reaches the
// subsystems the session signed in to, as a logout token POSTed within 2 s.

const ISSUER = 'http://platform.test';
const md5 = (text: string) => createHash('md5').update(text, 'utf8').digest('hex');

/** A subsystem's back-channel logout endpoint: what it received, and how it answers. */
class Receiver {
  readonly received: { contentType: string | undefined; body: string }[] = [];
  status = 200;
  private waiters: (() => void)[] = [];
  private server = http.createServer((request, response) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (body += chunk));
    request.on('end', () => {
      this.received.push({ contentType: request.headers['content-type'], body });
      response.writeHead(this.status).end();
      for (const wake of this.waiters.splice(0)) wake();
    });
  });
  port = 0;

  async listen(port = 0): Promise<void> {
    await new Promise<void>((resolve) => this.server.listen(port, '127.0.0.1', resolve));
    this.port = (this.server.address() as AddressInfo).port;
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}/backchannel-logout`;
  }

  /** The `count`-th request (1-based), waited for at most `ms`. */
  async nth(count: number, ms = 2_000): Promise<{ contentType: string | undefined; body: string }> {
    const deadline = Date.now() + ms;
    while (this.received.length < count) {
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no request ${count} within ${ms} ms`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
    return this.received[count - 1]!;
  }
}

let t: TestApp;
let receiver: Receiver;
let admin: string;
let security: string;
let subsystemId: number;
const clientId = 'backchannel-test';

let repositories: Repositories;

function registerSubsystem(id: string, backchannelLogoutUri: string | null) {
  return registerTestSubsystem(t.app, {
    clientId: id,
    name: '测试子系统',
    nameEn: 'Test subsystem',
    kind: 'confidential',
    origins: ['http://127.0.0.1'],
    backchannelLogoutUri,
  });
}

beforeAll(async () => {
  t = await createTestApp();
  repositories = await testRepositories(t.database.db);
  receiver = new Receiver();
  await receiver.listen();
  subsystemId = await registerSubsystem(clientId, receiver.url);
  admin = (await t.login('admin', 'Admin@2026')).access_token;
  security = (await t.login('security', 'Security@2026')).access_token;
});
afterAll(async () => {
  await t.close();
  await receiver.close();
});

let accounts = 0;
/** A new account of the staff role, signed in once: its id, version, password and token. */
async function newAccount() {
  accounts += 1;
  const username = `bc.user${accounts}`;
  const { user, initialPassword } = await data(t.app, admin, 'POST', SYSTEM_PATHS.users, {
    username,
    name: '测试用户',
    mobile: '13900009999',
    organizationId: await unitId(t.app, admin, 'Jiangcheng Urban Management Bureau'),
    departmentId: null,
    roleIds: ['staff'],
  });
  const token = (await t.login(username, initialPassword)).access_token;
  return {
    id: Number(user.id),
    version: user.version as number,
    password: initialPassword as string,
    token,
  };
}

/** The session signed in to a subsystem (as the provider records it), with a grant and its refresh token. */
async function signIn(token: string, userId: number, subsystem = subsystemId) {
  const sid = randomUUID();
  const grantId = `grant-${randomUUID()}`;
  const refreshToken = `refresh-${randomUUID()}`;
  const r = repositories;
  await r.oidcRecords.upsert('Grant', grantId, { accountId: String(userId) }, null);
  await r.oidcRecords.upsert('RefreshToken', refreshToken, { grantId }, null);
  await r.subsystemSignIns.record({
    sessionTokenHash: tokenDigest(token),
    subsystemId: subsystem,
    userId,
    sid,
    issuer: ISSUER,
    grantId,
    now: t.clock.now(),
  });
  return { sid, grantId, refreshToken };
}

/** The provider's published keys, read where every instance reads them. */
async function publicKeys() {
  const { rows } = await t.database.db.execute<{ public_jwk: JWK }>(
    sql`select public_jwk from oidc_signing_keys`,
  );
  return createLocalJWKSet({ keys: rows.map((row) => row.public_jwk) });
}

/** Checks a received request is a form with a valid logout token for this user and session. */
async function expectLogoutToken(
  request: { contentType: string | undefined; body: string },
  userId: number,
  sid: string,
  expected: { issuer: string; audience: string; keys?: ReturnType<typeof createRemoteJWKSet> } = {
    issuer: ISSUER,
    audience: clientId,
  },
) {
  expect(request.contentType).toBe('application/x-www-form-urlencoded');
  const token = new URLSearchParams(request.body).get('logout_token');
  expect(token).toBeTruthy();
  expect(decodeProtectedHeader(token!)).toMatchObject({ typ: 'logout+jwt', alg: 'ES256' });
  const { payload } = await jwtVerify(token!, expected.keys ?? (await publicKeys()), {
    issuer: expected.issuer,
    audience: expected.audience,
    typ: 'logout+jwt',
    currentDate: t.clock.now(),
  });
  expect(payload).toMatchObject({
    sub: String(userId),
    sid,
    events: { [BACKCHANNEL_LOGOUT_EVENT]: {} },
  });
  expect(payload).not.toHaveProperty('nonce');
  expect(typeof payload.jti).toBe('string');
  expect(payload.exp! - payload.iat!).toBe(120);
}

async function expectGrantRevoked(grantId: string, refreshToken: string) {
  const r = repositories;
  expect(await r.oidcRecords.find('Grant', grantId, t.clock.now())).toBeNull();
  expect(await r.oidcRecords.find('RefreshToken', refreshToken, t.clock.now())).toBeNull();
}

/** Waits (a little) until `check` holds. */
async function eventually<T>(read: () => Promise<T>, check: (value: T) => boolean): Promise<T> {
  const deadline = Date.now() + 3_000;
  for (;;) {
    const value = await read();
    if (check(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

async function logoutRecords() {
  return repositories.audit.page({ action: 'subsystem.logout' }, undefined, 50);
}

/** The trail's record of the logout of this session's sign-in, once written. */
async function recordOf(sid: string) {
  const rows = await eventually(logoutRecords, (rows) =>
    rows.some((row) => (row.after as { sid?: string } | null)?.sid === sid),
  );
  return rows.find((row) => (row.after as { sid?: string } | null)?.sid === sid);
}

async function outbox() {
  const { rows } = await t.database.db.execute<{
    id: number;
    attempts: number;
    last_error: string | null;
    sid: string;
  }>(sql`select id, attempts, last_error, sid from backchannel_logouts order by id`);
  return rows;
}

describe('back-channel logout', () => {
  it('sign-out: the subsystem gets a logout token within 2 s; grants revoked; recorded', async () => {
    const account = await newAccount();
    const { sid, grantId, refreshToken } = await signIn(account.token, account.id);
    const before = receiver.received.length;
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/authorization-server/oauth/logout',
      headers: bearer(account.token),
    });
    expect(response.statusCode).toBe(200);
    await expectLogoutToken(await receiver.nth(before + 1), account.id, sid);
    await expectGrantRevoked(grantId, refreshToken);
    expect(await recordOf(sid)).toMatchObject({
      action: 'subsystem.logout',
      outcome: 'success',
      actorId: account.id,
      targetKind: 'subsystem',
      targetId: String(subsystemId),
      targetName: clientId,
      after: { userId: account.id, sid, reason: 'sign-out', attempts: 1 },
    });
    expect(await outbox()).toEqual([]);
    // Its sign-ins went with it: nothing is sent twice.
    expect(await repositories.subsystemSignIns.takeOfUser(account.id)).toEqual([]);
  });

  it("forced logout of one session by the security administrator; the user's other session stays signed in", async () => {
    const account = await newAccount();
    const kept = (await t.login(`bc.user${accounts}`, account.password)).access_token;
    const { sid, grantId, refreshToken } = await signIn(account.token, account.id);
    const other = await signIn(kept, account.id);
    const before = receiver.received.length;
    await data(t.app, security, 'DELETE', `/system/sessions/${tokenDigest(account.token)}`);
    await expectLogoutToken(await receiver.nth(before + 1), account.id, sid);
    await expectGrantRevoked(grantId, refreshToken);
    expect(await recordOf(sid)).toMatchObject({ outcome: 'success', after: { reason: 'ended' } });
    const r = repositories;
    expect(await r.oidcRecords.find('Grant', other.grantId, t.clock.now())).not.toBeNull();
    const left = await r.subsystemSignIns.takeOfSession(tokenDigest(kept));
    expect(left.map((signIn) => signIn.sid)).toEqual([other.sid]);
    expect(receiver.received.length).toBe(before + 1);
  });

  it('disabling the account in the console logs out every session of it', async () => {
    const account = await newAccount();
    const second = (await t.login(`bc.user${accounts}`, account.password)).access_token;
    const first = await signIn(account.token, account.id);
    const other = await signIn(second, account.id);
    const before = receiver.received.length;
    await data(t.app, admin, 'PUT', SYSTEM_PATHS.userStatus.replace(':id', String(account.id)), {
      disabled: true,
      version: account.version,
    });
    const requests = [await receiver.nth(before + 1), await receiver.nth(before + 2)];
    const sids = requests.map(
      (request) =>
        JSON.parse(
          Buffer.from(
            new URLSearchParams(request.body).get('logout_token')!.split('.')[1]!,
            'base64url',
          ).toString(),
        ).sid as string,
    );
    expect([...sids].sort()).toEqual([first.sid, other.sid].sort());
    for (const [index, request] of requests.entries()) {
      await expectLogoutToken(request, account.id, sids[index]!);
    }
    await expectGrantRevoked(first.grantId, first.refreshToken);
    await expectGrantRevoked(other.grantId, other.refreshToken);
    expect(await recordOf(first.sid)).toMatchObject({
      outcome: 'success',
      after: { reason: 'disabled' },
    });
  });

  it("the console's change of the account's roles logs out its subsystems", async () => {
    const account = await newAccount();
    const { sid, grantId, refreshToken } = await signIn(account.token, account.id);
    const before = receiver.received.length;
    const url = SYSTEM_PATHS.user.replace(':id', String(account.id));
    const current = await data(t.app, admin, 'GET', url);
    const edited = await call(t.app, admin, 'PUT', url, {
      username: current.username,
      name: current.name,
      mobile: '13900009999',
      organizationId: current.organizationId,
      departmentId: current.departmentId,
      roleIds: ['staff', 'editor'],
      version: current.version,
    });
    expect(edited.body).toMatchObject({ code: '000000' });
    await expectLogoutToken(await receiver.nth(before + 1), account.id, sid);
    await expectGrantRevoked(grantId, refreshToken);
    // The session itself lives on, with its new rights.
    expect((await call(t.app, account.token, 'GET', '/organization/user/isPassword')).status).toBe(
      200,
    );
  });

  it("the operator's command disables an account: its logouts wait for the servers' delivery", async () => {
    const account = await newAccount();
    const { sid, grantId, refreshToken } = await signIn(account.token, account.id);
    const before = receiver.received.length;
    await runAccountsCommand(['disable', `bc.user${accounts}`], {
      database: t.database,
      clock: t.clock,
      print: () => undefined,
    });
    expect(await outbox()).toMatchObject([{ sid, attempts: 0 }]);
    await expectGrantRevoked(grantId, refreshToken);
    // The server's next look (every 30 s while none wait), here at once.
    await t.app.services.subsystemLogouts.deliver();
    await expectLogoutToken(await receiver.nth(before + 1), account.id, sid);
    expect(await recordOf(sid)).toMatchObject({
      outcome: 'success',
      after: { reason: 'disabled' },
    });
  });

  it('changing the own password logs out the subsystems', async () => {
    const account = await newAccount();
    const { sid, grantId, refreshToken } = await signIn(account.token, account.id);
    const before = receiver.received.length;
    const newPassword = 'Changed@2026bc';
    const encrypted = await encryptPassword(t.app, newPassword);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/organization/user/ret',
      headers: { ...bearer(account.token), 'accept-language': 'en' },
      payload: {
        password: md5(account.password),
        newPassword: md5(newPassword),
        newPasswordTwo: md5(newPassword),
        newPasswordCipher: encrypted.password,
        keyId: encrypted.keyId,
      },
    });
    expect(response.json()).toMatchObject({ code: '000000' });
    await expectLogoutToken(await receiver.nth(before + 1), account.id, sid);
    await expectGrantRevoked(grantId, refreshToken);
    expect(await recordOf(sid)).toMatchObject({
      outcome: 'success',
      after: { reason: 'password' },
    });
  });

  it('a change of many users’ rights logs out no subsystem; a subsystem with no address gets none', async () => {
    const account = await newAccount();
    const silentId = await registerSubsystem('no-backchannel', null);
    const { grantId: silentGrant } = await signIn(account.token, account.id, silentId);
    const kept = await signIn(account.token, account.id);
    const before = receiver.received.length;
    await t.app.services.subsystemLogouts.sessionChanged({ everyone: true });
    const r = repositories;
    expect(await r.oidcRecords.find('Grant', kept.grantId, t.clock.now())).not.toBeNull();
    // Signing out revokes the grants of both; only the subsystem with an address is told.
    await t.app.inject({
      method: 'POST',
      url: '/api/authorization-server/oauth/logout',
      headers: bearer(account.token),
    });
    await expectLogoutToken(await receiver.nth(before + 1), account.id, kept.sid);
    expect(await r.oidcRecords.find('Grant', silentGrant, t.clock.now())).toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(receiver.received.length).toBe(before + 1);
    expect(await outbox()).toEqual([]);
  });

  it('an unreachable subsystem is retried with backoff, and gets the logout when it is back', async () => {
    const account = await newAccount();
    const { sid } = await signIn(account.token, account.id);
    receiver.status = 503;
    const before = receiver.received.length;
    try {
      await call(t.app, account.token, 'POST', '/authorization-server/oauth/logout');
      await receiver.nth(before + 1);
      const [waiting] = await eventually(outbox, (rows) => rows[0]?.attempts === 1);
      expect(waiting).toMatchObject({ sid, attempts: 1, last_error: 'http-503' });
      // Not due before its wait (1 s of the app's clock).
      await t.app.services.subsystemLogouts.deliver();
      expect(receiver.received.length).toBe(before + 1);
      receiver.status = 200;
      t.clock.advance(retryDelayMs(1));
      // The delivery's own timer finds it due (it looks every second while logouts wait).
      await expectLogoutToken(await receiver.nth(before + 2, 2_500), account.id, sid);
    } finally {
      receiver.status = 200;
    }
    expect(await recordOf(sid)).toMatchObject({
      outcome: 'success',
      after: { attempts: 2 },
    });
    expect(await outbox()).toEqual([]);
  });

  it('gives up after the last attempt and records the failure, never the token', async () => {
    // A port nothing listens on: every attempt is refused.
    const closed = new Receiver();
    await closed.listen();
    const address = closed.url;
    await closed.close();
    const downId = await registerSubsystem('backchannel-down', address);
    const account = await newAccount();
    const { sid } = await signIn(account.token, account.id, downId);
    await call(t.app, account.token, 'POST', '/authorization-server/oauth/logout');
    for (let attempt = 1; attempt < MAX_ATTEMPTS; attempt += 1) {
      const [row] = await eventually(outbox, (rows) => rows[0]?.attempts === attempt);
      expect(row).toMatchObject({ attempts: attempt, last_error: 'ECONNREFUSED' });
      t.clock.advance(retryDelayMs(attempt));
      await t.app.services.subsystemLogouts.deliver();
    }
    expect(await recordOf(sid)).toMatchObject({
      outcome: 'failure',
      reason: 'ECONNREFUSED',
      targetName: 'backchannel-down',
      after: { userId: account.id, sid, attempts: MAX_ATTEMPTS },
    });
    expect(await outbox()).toEqual([]);
    expect(t.logs.join('')).toContain('back-channel logout not delivered');
    expect(t.logs.join('')).not.toMatch(/logout_token|eyJ[\w-]+\.eyJ/);
  });

  it('a logout made on a second instance reaches a subsystem signed in through the first', async () => {
    let other: FastifyInstance | null = null;
    try {
      other = await secondInstance(t);
      const account = await newAccount();
      const { sid, grantId, refreshToken } = await signIn(account.token, account.id);
      // The session is used on both instances, so both remember it.
      await call(t.app, account.token, 'GET', '/organization/user/isPassword');
      const before = receiver.received.length;
      const response = await other.inject({
        method: 'POST',
        url: '/api/authorization-server/oauth/logout',
        headers: bearer(account.token),
      });
      expect(response.statusCode).toBe(200);
      await expectLogoutToken(await receiver.nth(before + 1), account.id, sid);
      await expectGrantRevoked(grantId, refreshToken);
      // Told once: the first instance only forgets the session it heard of.
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(receiver.received.length).toBe(before + 1);
    } finally {
      await other?.close();
    }
  });

  it('a subsystem signed in by code + PKCE: sign-out sends its logout token and its refresh token dies', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    const redirect = 'http://127.0.0.1:9/callback';
    const secret = randomBytes(32).toString('base64url');
    await registerTestSubsystem(t.app, {
      clientId: 'vendor-bc',
      name: '供应商系统',
      nameEn: 'Vendor app',
      secret,
      origins: ['http://127.0.0.1:9'],
      redirectUris: [redirect],
      backchannelLogoutUri: receiver.url,
      claims: ['preferred_username'],
    });
    await offerSubsystem(t.app, 'vendor-bc');
    // An account whose first password was changed (a new one must change it before anything).
    const { rows } = await t.database.db.execute<{ id: number }>(
      sql`select id from users where username = 'operator'`,
    );
    const account = {
      id: rows[0]!.id,
      token: (await t.login('operator', 'Operator@2026')).access_token,
    };
    const config = await client.discovery(
      new URL(base),
      'vendor-bc',
      undefined,
      client.ClientSecretBasic(secret),
      { execute: [client.allowInsecureRequests] },
    );
    const { callback, verifier, state } = await signInThroughPlatform({
      config,
      base,
      token: account.token,
      redirectUri: redirect,
      scope: 'openid offline_access',
    });
    const tokens = await client.authorizationCodeGrant(config, callback, {
      pkceCodeVerifier: verifier,
      expectedState: state,
    });
    expect(tokens.refresh_token).toBeTruthy();
    const sid = tokens.claims()!.sid as string;

    const before = receiver.received.length;
    await call(t.app, account.token, 'POST', '/authorization-server/oauth/logout');
    await expectLogoutToken(await receiver.nth(before + 1), account.id, sid, {
      issuer: base,
      audience: 'vendor-bc',
      keys: createRemoteJWKSet(new URL(`${base}/oidc/jwks`)),
    });
    await expect(client.refreshTokenGrant(config, tokens.refresh_token!)).rejects.toMatchObject({
      error: 'invalid_grant',
    });
  });
});
