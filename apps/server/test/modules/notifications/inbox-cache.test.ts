import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InboxCache } from '../../../src/modules/notifications/inbox-cache.js';
import { type TestApp, bearer, createTestApp, secondInstance } from '../../helpers/test-app.js';

// The first page of the bell is remembered per instance (src/modules/notifications/
// inbox-cache.ts): every change of a user's messages must show on the next page,
// on the instance that made it at once and on the others once the broadcast arrives.

const base = '/api/message-sms/messageData';

describe('the inbox cache alone', () => {
  const clock = { now: () => new Date(at) };
  let at = Date.parse('2026-11-26T10:00:00Z');
  const page = (total: number) => ({ pageIndex: 1, pageSize: 10, pages: 1, total, rows: [] });

  it('answers from memory until the user is forgotten or the entry ages out', async () => {
    const cache = new InboxCache({ clock, ttlMs: 1000 });
    let loads = 0;
    const load = async () => page(++loads);
    expect((await cache.lookup(1, 'k', load)).total).toBe(1);
    expect((await cache.lookup(1, 'k', load)).total).toBe(1);
    cache.forget([1]);
    expect((await cache.lookup(1, 'k', load)).total).toBe(2);
    at += 1000;
    expect((await cache.lookup(1, 'k', load)).total).toBe(3);
    cache.forget(null);
    expect(cache.size).toBe(0);
  });

  it('forgets the users remembered first beyond 16 MiB of text', async () => {
    const cache = new InboxCache({ clock });
    const row = {
      id: '1',
      title: 't',
      content: 'x'.repeat(100_000),
      type: 'text',
      boolRead: false,
      createdTime: '',
      updatedTime: '',
    };
    const big = async () => ({ ...page(10), rows: Array.from({ length: 10 }, () => row) });
    for (let user = 1; user <= 12; user += 1) await cache.lookup(user, 'k', big);
    expect(cache.byteSize).toBeLessThanOrEqual(16 * 1024 * 1024);
    expect(cache.size).toBeLessThan(12);
    let loaded = false;
    await cache.lookup(1, 'k', async () => {
      loaded = true;
      return page(0);
    });
    expect(loaded).toBe(true);
  });

  it('does not keep a page read while a change happened', async () => {
    const cache = new InboxCache({ clock });
    let release: () => void = () => undefined;
    const slow = cache.lookup(
      7,
      'k',
      () =>
        new Promise((resolve) => {
          release = () => resolve(page(1));
        }),
    );
    cache.forget([8]);
    release();
    expect((await slow).total).toBe(1);
    expect((await cache.lookup(7, 'k', async () => page(2))).total).toBe(2);
  });
});

describe('the remembered first page', () => {
  let t: TestApp;
  /** A second instance on the same database, as a second server behind the proxy. */
  let other: FastifyInstance;
  let operator: string;
  let admin: string;

  beforeAll(async () => {
    t = await createTestApp();
    other = await secondInstance(t);
    operator = (await t.login('operator', 'Operator@2026')).access_token;
    admin = (await t.login('admin', 'Admin@2026')).access_token;
  });
  afterAll(async () => {
    await other.close();
    await t.close();
  });

  async function unreadPage(app: FastifyInstance, token: string) {
    const response = await app.inject({
      method: 'POST',
      url: `${base}/page`,
      headers: bearer(token),
      payload: { pageIndex: 1, pageSize: 10, boolRead: false },
    });
    expect(response.statusCode).toBe(200);
    return response.json().data as { total: number; rows: { id: string; title: string }[] };
  }

  it('shows a new message and a read one at once here, and on the other instance', async () => {
    const before = await unreadPage(t.app, operator);
    expect((await unreadPage(other, operator)).total).toBe(before.total);

    const sent = await t.app.inject({
      method: 'POST',
      url: `${base}/send`,
      headers: bearer(admin),
      payload: { title: 'Cache check', content: 'x', type: 'text', allUsers: true },
    });
    expect(sent.statusCode).toBe(200);
    const after = await unreadPage(t.app, operator);
    expect(after.total).toBe(before.total + 1);
    expect(after.rows[0]!.title).toBe('Cache check');
    await expect.poll(async () => (await unreadPage(other, operator)).total).toBe(before.total + 1);

    const read = await other.inject({
      method: 'GET',
      url: `${base}/updateRead?id=${after.rows[0]!.id}`,
      headers: bearer(operator),
    });
    expect(read.json().data.unread).toBe(before.total);
    expect((await unreadPage(other, operator)).total).toBe(before.total);
    await expect.poll(async () => (await unreadPage(t.app, operator)).total).toBe(before.total);
  });

  it('shows everything read after "all read"', async () => {
    await unreadPage(t.app, operator);
    const all = await t.app.inject({
      method: 'GET',
      url: `${base}/upAllMsg`,
      headers: bearer(operator),
    });
    expect(all.json().data.unread).toBe(0);
    expect((await unreadPage(t.app, operator)).total).toBe(0);
  });
});
