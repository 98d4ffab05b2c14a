import { randomBytes } from 'node:crypto';
import { ErrorCode } from '@cityops/contract';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { buildApp } from '../../../src/app.js';
import { loadConfig } from '../../../src/config.js';
import { type Database, openDatabase } from '../../../src/db/client.js';
import { ManualClock } from '../../../src/lib/clock.js';
import { tokenDigest } from '../../../src/lib/tokens.js';
import { TEST_EPOCH, TEST_SECRETS_KEY } from '../../helpers/constants.js';
import { readEvents } from '../../helpers/event-stream.js';
import { withDatabase } from '../../helpers/global-setup.js';
import { type TestApp, bearer, createTestApp, requestToken } from '../../helpers/test-app.js';

const base = '/api/message-sms/messageData';

async function ticketFor(app: FastifyInstance, token: string): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: `${base}/sse-ticket`,
    headers: bearer(token),
  });
  expect(response.json().data.expiresIn).toBe(30);
  return response.json().data.ticket as string;
}

function sendTo(app: FastifyInstance, token: string, userIds: string[]) {
  return app.inject({
    method: 'POST',
    url: `${base}/send`,
    headers: bearer(token),
    payload: { title: '实时消息', content: 'live', userIds },
  });
}

describe('the live unread count (server-sent events)', () => {
  let t: TestApp;
  let origin: string;

  beforeAll(async () => {
    t = await createTestApp();
    origin = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => t.close());

  it('pushes the count at once, then on every change', async () => {
    const operator = await t.login('operator', 'Operator@2026');
    const admin = await t.login('admin', 'Admin@2026');
    const ticket = await ticketFor(t.app, operator.access_token);
    const response = await fetch(`${origin}${base}/stream?ticket=${ticket}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/event-stream');
    expect(response.headers.get('cache-control')).toBe('no-store');
    const events = readEvents(response);
    expect(await events.nextUnread()).toBe(13);

    expect((await sendTo(t.app, admin.access_token, [operator.id])).statusCode).toBe(200);
    expect(await events.nextUnread()).toBe(14);

    const first = await t.app.inject({
      method: 'POST',
      url: `${base}/page`,
      headers: bearer(operator.access_token),
      payload: { pageIndex: 1, boolRead: false },
    });
    await t.app.inject({
      method: 'GET',
      url: `${base}/updateRead?id=${first.json().data.rows[0].id}`,
      headers: bearer(operator.access_token),
    });
    expect(await events.nextUnread()).toBe(13);

    // A message to someone else does not reach this stream.
    await sendTo(t.app, admin.access_token, [admin.id]);
    await t.app.inject({
      method: 'GET',
      url: `${base}/upAllMsg`,
      headers: bearer(operator.access_token),
    });
    expect(await events.nextUnread()).toBe(0);
    await events.cancel();

    // Neither the access token nor the ticket reaches the log.
    const log = t.logs.join('');
    expect(log).toContain('/stream?ticket=');
    expect(log).not.toContain(ticket);
    expect(log).not.toContain(operator.access_token);
  });

  it('ends at once when its session is ended, long before the next heartbeat (issue 32)', async () => {
    const operator = await t.login('operator', 'Operator@2026');
    const security = await t.login('security', 'Security@2026');
    const ticket = await ticketFor(t.app, operator.access_token);
    const response = await fetch(`${origin}${base}/stream?ticket=${ticket}`);
    const events = readEvents(response);
    expect((await events.next()).event).toBe('unread');
    const ended = await t.app.inject({
      method: 'DELETE',
      url: `/api/system/sessions/${tokenDigest(operator.access_token)}`,
      headers: bearer(security.access_token),
    });
    expect(ended.statusCode).toBe(200);
    // The heartbeat is 25 s: the event comes from the session's end itself.
    expect((await events.next(2000)).event).toBe('revoked');
    await events.cancel();
  });

  it('opens only with a fresh, unused ticket of a live session', async () => {
    const operator = await t.login('operator', 'Operator@2026');
    const open = (ticket: string) =>
      fetch(`${origin}${base}/stream?ticket=${encodeURIComponent(ticket)}`, {
        headers: { 'accept-language': 'en' },
      });

    const missing = await fetch(`${origin}${base}/stream`);
    expect(missing.status).toBe(422);
    const forged = await open(randomBytes(32).toString('base64url'));
    expect(forged.status).toBe(401);
    expect(await forged.json()).toMatchObject({
      code: ErrorCode.TOKEN_INVALID,
      msg: 'The live-update ticket is invalid or used',
    });
    // The access token itself is not a ticket.
    expect((await open(operator.access_token)).status).toBe(401);

    const ticket = await ticketFor(t.app, operator.access_token);
    const first = await open(ticket);
    expect(first.status).toBe(200);
    await first.body?.cancel();
    expect((await open(ticket)).status).toBe(401);

    const late = await ticketFor(t.app, operator.access_token);
    t.clock.advance(31_000);
    expect((await open(late)).status).toBe(401);

    const orphan = await ticketFor(t.app, operator.access_token);
    await t.app.inject({
      method: 'POST',
      url: '/api/authorization-server/oauth/logout',
      headers: bearer(operator.access_token),
    });
    expect((await open(orphan)).status).toBe(401);
  });
});

/** Two app instances on one PostgreSQL database, as behind a load balancer. */
describe.runIf(process.env.TEST_DATABASE === 'postgres')('across two instances', () => {
  const url = process.env.DATABASE_URL!;
  const name = `cityops_t_live_${process.pid}_${randomBytes(3).toString('hex')}`;
  const apps: FastifyInstance[] = [];
  const databases: Database[] = [];

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create database ${name} template ${inject('postgresTemplate')}`);
    await admin.end();
    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: ':memory:',
      LOG_LEVEL: 'silent',
      WEB_DIST_DIR: '/nonexistent',
      // The template's data key is wrapped under it (test/helpers/global-setup.ts).
      SECRETS_KEY: TEST_SECRETS_KEY,
    });
    for (let i = 0; i < 2; i++) {
      const database = await openDatabase({
        databaseUrl: withDatabase(url, name),
        dataDir: '',
        poolSize: 3,
      });
      databases.push(database);
      const clock = new ManualClock(new Date(TEST_EPOCH.getTime() + 60_000));
      const app = await buildApp(config, { database, clock });
      await app.ready();
      apps.push(app);
    }
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    const dropper = new pg.Client({ connectionString: url });
    await dropper.connect();
    await dropper.query(`drop database if exists ${name} with (force)`);
    await dropper.end();
  });

  it('a message sent through one instance updates a stream open on the other', async () => {
    const [a, b] = apps as [FastifyInstance, FastifyInstance];
    const originB = await b.listen({ port: 0, host: '127.0.0.1' });
    const login = async (app: FastifyInstance, username: string, password: string) =>
      (await requestToken(app, { username: username, password: password })).json().data as {
        access_token: string;
        id: string;
      };
    // Sessions and tickets live in the database: sign in on A, stream from B.
    const operator = await login(a, 'operator', 'Operator@2026');
    const admin = await login(a, 'admin', 'Admin@2026');
    const ticket = await ticketFor(a, operator.access_token);
    const response = await fetch(`${originB}${base}/stream?ticket=${ticket}`);
    expect(response.status).toBe(200);
    const events = readEvents(response);
    expect(await events.nextUnread()).toBe(13);

    expect((await sendTo(a, admin.access_token, [operator.id])).json().data.recipients).toBe(1);
    expect(await events.nextUnread()).toBe(14);

    await a.inject({
      method: 'GET',
      url: `${base}/upAllMsg`,
      headers: bearer(operator.access_token),
    });
    expect(await events.nextUnread()).toBe(0);
    await events.cancel();
  });

  it('a session ended through one instance ends its stream open on the other at once', async () => {
    const [a, b] = apps as [FastifyInstance, FastifyInstance];
    const originB = b.server.listening
      ? `http://127.0.0.1:${(b.server.address() as { port: number }).port}`
      : await b.listen({ port: 0, host: '127.0.0.1' });
    const token = (await requestToken(a, { username: 'editor', password: 'Editor@2026' })).json()
      .data.access_token as string;
    const ticket = await ticketFor(a, token);
    const events = readEvents(await fetch(`${originB}${base}/stream?ticket=${ticket}`));
    expect((await events.next()).event).toBe('unread');
    await a.inject({
      method: 'POST',
      url: '/api/authorization-server/oauth/logout',
      headers: bearer(token),
    });
    expect((await events.next(2000)).event).toBe('revoked');
    await events.cancel();
  });
});
