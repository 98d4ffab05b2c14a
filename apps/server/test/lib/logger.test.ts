import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settings } from '../../src/db/schema/index.js';
import { loggerOptions, prettyLogs, redactUrl } from '../../src/lib/logger.js';
import errorHandler from '../../src/plugins/error-handler.js';
import {
  type TestApp,
  basicAuthorization,
  bearer,
  createTestApp,
  encryptPassword,
  requestToken,
} from '../helpers/test-app.js';

describe('redactUrl', () => {
  it.each([
    ['/api/health', '/api/health'],
    ['/?embed=true', '/?embed=true'],
    ['/?token=abc&user=admin&embed=true', '/?token=%5Bredacted%5D&user=admin&embed=true'],
    ['/x?access_token=abc', '/x?access_token=%5Bredacted%5D'],
    [
      '/x?password=a&newPassword=b&newPasswordTwo=c',
      '/x?password=%5Bredacted%5D&newPassword=%5Bredacted%5D&newPasswordTwo=%5Bredacted%5D',
    ],
    ['/x?code=123456', '/x?code=%5Bredacted%5D'],
    [
      '/oidc/session/end?id_token_hint=eyJ.a.b&client_id=app',
      '/oidc/session/end?id_token_hint=%5Bredacted%5D&client_id=app',
    ],
    [
      '/oidc/auth?login_hint=13900001111&scope=openid',
      '/oidc/auth?login_hint=%5Bredacted%5D&scope=openid',
    ],
  ])('%s -> %s', (url, expected) => {
    expect(redactUrl(url)).toBe(expected);
  });
});

describe('log format', () => {
  it('is readable only for a person at a terminal in development', () => {
    expect(prettyLogs('development', true)).toBe(true);
    expect(prettyLogs('development', false)).toBe(false);
    expect(prettyLogs('production', true)).toBe(false);
    expect(prettyLogs('test', true)).toBe(false);
  });

  it('goes through pino-pretty when pretty, and stays JSON with a stream of its own', () => {
    expect(loggerOptions('info', undefined, { pretty: true })).toMatchObject({
      transport: { target: 'pino-pretty' },
    });
    const toStream = loggerOptions('info', { write: () => undefined }, { pretty: true });
    expect(toStream).not.toHaveProperty('transport');
    expect(loggerOptions('info')).not.toHaveProperty('transport');
  });
});

describe('logs of a real session', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ LOG_LEVEL: 'trace' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('contain no token, password, cipher or client secret', async () => {
    const password = 'Admin@2026';
    const encrypted = await encryptPassword(t.app, password);
    // JSON, not a form: the cipher must be looked for in the logs as it was sent.
    const login = await requestToken(
      t.app,
      { username: 'admin', ...encrypted },
      { encrypt: false, encoding: 'json', language: null },
    );
    const token = login.json().data.access_token as string;
    expect(token).toBeTruthy();

    // A failed sign-in with the password in the clear, a bad body, a token in the query.
    await t.app.inject({
      method: 'POST',
      url: '/api/authorization-server/oauth/token',
      headers: { authorization: basicAuthorization },
      payload: { username: 'admin', password, keyId: encrypted.keyId },
    });
    await t.app.inject({
      method: 'GET',
      url: `/api/organization/user?uniqueId=admin&token=${token}&password=${password}`,
      headers: { ...bearer(token), cookie: `token=${token}` },
    });
    await t.app.inject({
      method: 'GET',
      url: `/api/organization/customize_configuration/userSysModel?access_token=${token}`,
      headers: bearer(token),
    });
    await t.app.inject({
      method: 'POST',
      url: '/api/authorization-server/oauth/logout',
      headers: bearer(token),
    });
    await t.app.inject({ method: 'GET', url: '/api/health', headers: bearer(token) });

    const logs = t.logs.join('');
    expect(logs).toContain('/api/organization/user');
    expect(logs).toContain('token=%5Bredacted%5D');
    expect(logs).toContain('access_token=%5Bredacted%5D');
    for (const secret of [
      token,
      password,
      encodeURIComponent(password),
      encrypted.password,
      basicAuthorization,
      basicAuthorization.slice('Basic '.length),
    ]) {
      expect(logs).not.toContain(secret);
    }
    expect(logs).not.toMatch(/"(authorization|cookie)"/i);
  });
});

describe('database errors in the log', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  /** An app with the product's logger and error handler whose routes fail in the database. */
  async function failingApp() {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        lines.push(chunk.toString('utf8'));
        callback();
      },
    });
    const app = Fastify({ logger: loggerOptions('info', stream) });
    await app.register(errorHandler);
    const db = t.database.db;
    const mobile = '13912345678';
    // A value in the message itself: invalid input syntax for type integer: "13912345678x".
    app.get('/cast', async () => db.execute(sql`select ${`${mobile}x`}::int as n`));
    // A value in the parameters and in the detail: Key (key)=(...) already exists.
    app.get('/duplicate', async () => {
      await db.insert(settings).values({ key: mobile, value: mobile });
      await db.insert(settings).values({ key: mobile, value: mobile });
    });
    return { app, lines, mobile };
  }

  it('keep the query, the SQLSTATE and the constraint, never the parameter values', async () => {
    const { app, lines, mobile } = await failingApp();
    for (const url of ['/cast', '/duplicate']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(500);
      expect(response.body).not.toContain(mobile);
    }
    await app.close();
    const logs = lines.join('');
    expect(logs).toContain('unexpected error');
    expect(logs).toMatch(/"code":"22/);
    expect(logs).toContain('23505');
    expect(logs).toContain('insert into \\"settings\\"');
    expect(logs).not.toContain(mobile);
    expect(logs).not.toContain('1391234');
  });
});
