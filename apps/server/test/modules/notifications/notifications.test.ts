import { ErrorCode } from '@cityops/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, bearer, createTestApp } from '../../helpers/test-app.js';

const base = '/api/message-sms/messageData';

describe('messages of the bell', () => {
  let t: TestApp;
  let operator: { token: string; id: string };
  let admin: { token: string; id: string };

  beforeAll(async () => {
    t = await createTestApp();
    const op = await t.login('operator', 'Operator@2026');
    const ad = await t.login('admin', 'Admin@2026');
    operator = { token: op.access_token, id: op.id };
    admin = { token: ad.access_token, id: ad.id };
  });
  afterAll(() => t.close());

  function page(token: string, payload: Record<string, string>, language = 'en') {
    return t.app.inject({
      method: 'POST',
      url: `${base}/page`,
      headers: {
        ...bearer(token),
        'accept-language': language,
        'content-type': 'application/x-www-form-urlencoded',
      },
      payload: new URLSearchParams(payload).toString(),
    });
  }

  function get(path: string, token?: string) {
    return t.app.inject({
      method: 'GET',
      url: `${base}${path}`,
      headers: { ...(token ? bearer(token) : {}), 'accept-language': 'en' },
    });
  }

  function send(token: string, payload: Record<string, unknown>) {
    return t.app.inject({
      method: 'POST',
      url: `${base}/send`,
      headers: { ...bearer(token), 'accept-language': 'en' },
      payload,
    });
  }

  it('refuses every call without a token', async () => {
    const calls = [
      t.app.inject({ method: 'POST', url: `${base}/page`, payload: { pageIndex: 1 } }),
      get('/updateRead?id=1'),
      get('/upAllMsg'),
      get('/recipients'),
      get('/recipients/users?keyword=a'),
      t.app.inject({ method: 'POST', url: `${base}/sse-ticket` }),
      t.app.inject({ method: 'POST', url: `${base}/send`, payload: { title: 'x' } }),
      get('/updateRead?id=1', 'not-a-real-token'),
    ];
    for (const response of await Promise.all(calls)) {
      expect(response.statusCode).toBe(401);
      expect(response.json().code).toBe(ErrorCode.TOKEN_INVALID);
    }
  });

  it('pages the unread messages, newest first, 10 a page (the spec call, form-encoded)', async () => {
    const first = await page(operator.token, {
      pageIndex: '1',
      pageSize: '10',
      userId: operator.id,
      boolMessage: 'true',
      boolRead: 'false',
    });
    expect(first.statusCode).toBe(200);
    const data = first.json().data;
    expect(data).toMatchObject({ pageIndex: 1, pageSize: 10, total: 13, pages: 2 });
    expect(data.rows).toHaveLength(10);
    expect(data.rows[0]).toMatchObject({
      title: '事件调度：新派遣任务',
      type: 'json',
      boolRead: false,
    });
    expect(Object.keys(data.rows[0]).sort()).toEqual(
      ['boolRead', 'content', 'createdTime', 'id', 'title', 'type', 'updatedTime'].sort(),
    );
    const times = data.rows.map((row: { createdTime: string }) => Date.parse(row.createdTime));
    expect([...times].sort((a, b) => b - a)).toEqual(times);

    const second = (await page(operator.token, { pageIndex: '2', boolRead: 'false' })).json().data;
    expect(second.rows).toHaveLength(3);
    const ids = new Set([...data.rows, ...second.rows].map((row: { id: string }) => row.id));
    expect(ids.size).toBe(13);

    const read = (await page(operator.token, { pageIndex: '1', boolRead: 'true' })).json().data;
    expect(read.total).toBe(2);
    expect(read.rows.every((row: { boolRead: boolean }) => row.boolRead)).toBe(true);
    const all = (await page(operator.token, { pageIndex: '1' })).json().data;
    expect(all.total).toBe(15);
  });

  it('accepts JSON bodies with real booleans', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: `${base}/page`,
      headers: bearer(operator.token),
      payload: { pageIndex: 1, pageSize: 10, boolMessage: true, boolRead: false },
    });
    expect(response.json().data.total).toBe(13);
  });

  it("refuses to page another user's messages, even for an administrator", async () => {
    const byOperator = await page(operator.token, { pageIndex: '1', userId: admin.id });
    expect(byOperator.statusCode).toBe(403);
    expect(byOperator.json().code).toBe(ErrorCode.FORBIDDEN);
    const byAdmin = await page(admin.token, { pageIndex: '1', userId: operator.id });
    expect(byAdmin.statusCode).toBe(403);
  });

  it('refuses bad page parameters with field messages', async () => {
    for (const payload of [
      { pageIndex: '0' },
      { pageIndex: 'abc' },
      { pageSize: '1000' },
      { pageSize: '-1' },
      { userId: 'x' },
      { boolRead: 'maybe' },
    ] as Record<string, string>[]) {
      const response = await page(operator.token, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(422);
      expect(response.json().code).toBe(ErrorCode.VALIDATION);
      expect(response.json().data.fields.length).toBeGreaterThan(0);
    }
  });

  it("marks one message read; another user's message can neither be read nor marked", async () => {
    const sent = await send(admin.token, {
      title: '仅管理员',
      content: 'admin only',
      userIds: [admin.id],
    });
    expect(sent.json().data).toMatchObject({ recipients: 1 });
    const adminOnlyId = sent.json().data.id as string;

    // The operator never sees it in any page...
    const all = (await page(operator.token, { pageIndex: '1', pageSize: '100' })).json().data;
    expect(all.rows.some((row: { id: string }) => row.id === adminOnlyId)).toBe(false);
    // ...cannot mark it...
    const foreign = await get(`/updateRead?id=${adminOnlyId}`, operator.token);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toMatchObject({
      code: ErrorCode.NOT_FOUND,
      msg: 'This message does not exist or is not yours',
    });
    // ...and it stays unread for its owner.
    const adminPage = (await page(admin.token, { pageIndex: '1', boolRead: 'false' })).json().data;
    expect(adminPage.rows[0]).toMatchObject({ id: adminOnlyId, boolRead: false });

    const own = (await page(operator.token, { pageIndex: '1', boolRead: 'false' })).json().data;
    const marked = await get(`/updateRead?id=${own.rows[0].id}`, operator.token);
    expect(marked.statusCode).toBe(200);
    expect(marked.json().data).toEqual({ unread: own.total - 1 });
    // Marking again changes nothing and still succeeds.
    const again = await get(`/updateRead?id=${own.rows[0].id}`, operator.token);
    expect(again.json().data).toEqual({ unread: own.total - 1 });
  });

  it('refuses bad message ids', async () => {
    for (const id of ['abc', '0', '-1', '1.5', '99999999999', '']) {
      const response = await get(`/updateRead?id=${id}`, operator.token);
      expect(response.statusCode, id).toBe(422);
      expect(response.json().code).toBe(ErrorCode.VALIDATION);
    }
    expect((await get('/updateRead', operator.token)).statusCode).toBe(422);
    expect((await get('/updateRead?id=987654', operator.token)).statusCode).toBe(404);
  });

  it('marks all read (upAllMsg) for the caller only', async () => {
    const before = (await page(admin.token, { pageIndex: '1', boolRead: 'false' })).json().data;
    expect(before.total).toBeGreaterThan(0);
    const response = await get('/upAllMsg', operator.token);
    expect(response.json().data).toEqual({ unread: 0 });
    const after = (await page(operator.token, { pageIndex: '1', boolRead: 'false' })).json().data;
    expect(after).toMatchObject({ total: 0, pages: 0, rows: [] });
    const adminAfter = (await page(admin.token, { pageIndex: '1', boolRead: 'false' })).json().data;
    expect(adminAfter.total).toBe(before.total);
  });

  it('lets only administrators send, to users, roles or everyone', async () => {
    const refused = await send(operator.token, { title: 'x', content: 'y', allUsers: true });
    expect(refused.statusCode).toBe(403);
    expect((await get('/recipients', operator.token)).statusCode).toBe(403);

    expect((await get('/recipients/users?keyword=op', operator.token)).statusCode).toBe(403);
    const found = (await get('/recipients/users?keyword=op', admin.token)).json().data;
    expect(found.list.map((user: { username: string }) => user.username)).toContain('operator');
    const options = (await get('/recipients', admin.token)).json().data;
    expect(Object.keys(options)).toEqual(['units', 'roles']);
    expect(options.roles.map((role: { id: string }) => role.id)).toEqual(
      expect.arrayContaining(['admin', 'staff']),
    );

    const toStaff = await send(admin.token, {
      title: '通知',
      content: '全体员工',
      roleIds: 'staff',
    });
    expect(toStaff.json().data.recipients).toBe(6);
    const toAll = await send(admin.token, { title: '通知', content: '全体', allUsers: 'true' });
    // Everyone: every enabled account.
    const { rows } = await t.database.db.execute<{ count: number }>(
      sql`select count(*)::int as count from users where not disabled`,
    );
    expect(toAll.json().data.recipients).toBe(rows[0]!.count);
    const toList = await send(admin.token, {
      title: '通知',
      content: 'two',
      userIds: `${admin.id};${operator.id}`,
    });
    expect(toList.json().data.recipients).toBe(2);
  });

  it('refuses a message without recipients, title or content, or with unknown people', async () => {
    const none = await send(admin.token, { title: 't', content: 'c' });
    expect(none.statusCode).toBe(422);
    expect(none.json().data.fields[0]).toEqual({
      field: 'userIds',
      message: 'Choose at least one user, unit or role',
    });
    const unknown = await send(admin.token, { title: 't', content: 'c', userIds: ['999999'] });
    expect(unknown.statusCode).toBe(422);
    const badId = await send(admin.token, { title: 't', content: 'c', userIds: ['abc'] });
    expect(badId.statusCode).toBe(422);
    const empty = await send(admin.token, { title: '  ', content: '', allUsers: true });
    expect(empty.statusCode).toBe(422);
    const fields = empty.json().data.fields.map((field: { field: string }) => field.field);
    expect(fields).toEqual(expect.arrayContaining(['title', 'content']));
    const badType = await send(admin.token, {
      title: 't',
      content: 'c',
      type: 'html',
      allUsers: true,
    });
    expect(badType.statusCode).toBe(422);
  });
});

describe('json message links', () => {
  let t: TestApp;
  let admin: { token: string };
  beforeAll(async () => {
    t = await createTestApp();
    admin = { token: (await t.login('admin', 'Admin@2026')).access_token };
  });
  afterAll(() => t.close());

  function send(token: string, payload: Record<string, unknown>) {
    return t.app.inject({
      method: 'POST',
      url: `${base}/send`,
      headers: { ...bearer(token), 'accept-language': 'en' },
      payload,
    });
  }

  const json = (fields: Record<string, string>) =>
    JSON.stringify({ content: 'c', oneType: 'command_coordination', ...fields });

  it.each([
    ['a backslash trick', { pcRoute: '/\\evil.example' }],
    ['a protocol-relative address', { pcUrl: '//evil.example/page' }],
    ['whitespace before the slashes', { pcUrl: ' \t//evil.example' }],
    ['a tab inside the slashes', { pcUrl: '/\t/evil.example' }],
    ['credentials disguising the host', { pcUrl: 'https://video.example.gov@evil.example/' }],
    ['a javascript: address', { pcUrl: 'javascript:alert(document.cookie)' }],
    ['a data: address', { pcUrl: 'data:text/html,<script>alert(1)</script>' }],
    ['an https site that is not a subsystem', { pcUrl: 'https://evil.example/x' }],
    // Issue 21: a scheme without an authority is another host once the page is http.
    ['a scheme without slashes', { pcUrl: 'https:evil.example' }],
    ['a scheme with one slash', { pcUrl: 'https:/evil.example' }],
    ['a scheme with three slashes', { pcUrl: 'https:///evil.example' }],
    ['an http scheme without slashes', { pcUrl: 'http:x' }],
    ['an upper-case scheme without slashes', { pcUrl: 'HTTPS:evil.example/x' }],
    ['a scheme with backslashes', { pcUrl: 'https:\\\\evil.example' }],
    ['two backslashes', { pcUrl: '\\\\evil.example' }],
    ['a control character', { pcUrl: '/\u0001/evil.example' }],
    ['a no-break space', { pcUrl: '/demo-subsystem.html?\u00a0//evil.example' }],
    ['a zero-width space', { pcUrl: '/\u200b/evil.example' }],
    ['a line separator', { pcUrl: '/\u2028/evil.example' }],
  ])('refuses %s', async (_name, fields) => {
    const response = await send(admin.token, {
      title: 'link',
      type: 'json',
      content: json(fields),
      allUsers: true,
    });
    expect(response.statusCode, response.body).toBe(422);
    expect(response.json().data.fields).toContainEqual({
      field: 'content',
      message:
        'The link must be a page of this platform or of a configured subsystem (http or https)',
    });
  });

  it('refuses a bad link in the list form too', async () => {
    const response = await send(admin.token, {
      title: 'link',
      type: 'json',
      content: 'content:x;pcUrl:https://evil.example;pcRoute:/a;oneType:command_coordination',
      allUsers: true,
    });
    expect(response.statusCode).toBe(422);
  });

  it("takes the request's own origin as the product's when PUBLIC_URL is not set", async () => {
    const sendTo = (host: string, pcUrl: string) =>
      t.app.inject({
        method: 'POST',
        url: `${base}/send`,
        headers: { ...bearer(admin.token), 'accept-language': 'en', host },
        payload: { title: 'link', type: 'json', content: json({ pcUrl }), allUsers: true },
      });
    const own = await sendTo(
      'ops.city.example:8080',
      'http://ops.city.example:8080/demo-subsystem.html',
    );
    expect(own.json().code, own.body).toBe('000000');
    const elsewhere = await sendTo('ops.city.example:8080', 'https://product.invalid/x');
    expect(elsewhere.statusCode, elsewhere.body).toBe(422);
  });

  it('accepts a page of the product and an address of a configured subsystem', async () => {
    await t.app.services.securitySettings.set(
      'embed.subsystemOrigins',
      'https://video.example.gov',
    );
    for (const fields of [
      { pcUrl: '/demo-subsystem.html', pcRoute: '?system=event_dispatch' },
      { pcUrl: 'https://video.example.gov/app', pcRoute: '#/camera/3' },
    ]) {
      const response = await send(admin.token, {
        title: 'link',
        type: 'json',
        content: json(fields),
        allUsers: true,
      });
      expect(response.json().code, response.body).toBe('000000');
    }
    await t.app.services.securitySettings.set('embed.subsystemOrigins', '');
  });
});

describe('json message links below PUBLIC_URL', () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp({ PUBLIC_URL: 'https://ops.city.example/console/' });
    admin = (await t.login('admin', 'Admin@2026')).access_token;
  });
  afterAll(() => t.close());

  const send = (pcUrl: string, pcRoute = '') =>
    t.app.inject({
      method: 'POST',
      url: `${base}/send`,
      headers: { ...bearer(admin), 'accept-language': 'en' },
      payload: {
        title: 'link',
        type: 'json',
        content: JSON.stringify({ content: 'c', oneType: 'command_coordination', pcUrl, pcRoute }),
        allUsers: true,
      },
    });

  it.each([
    ['/demo-subsystem.html', '?system=event_dispatch'],
    ['https://ops.city.example/console/demo-subsystem.html', '?system=video_surveillance'],
    ['demo-subsystem.html', ''],
    ['', '?system=event_dispatch'],
  ])('accepts %s%s, a page of the product', async (pcUrl, pcRoute) => {
    const response = await send(pcUrl, pcRoute);
    expect(response.json().code, response.body).toBe('000000');
  });

  it.each([
    'https:evil.example',
    'https:/evil.example',
    'https:ops.city.example',
    'http://ops.city.example/x',
  ])(
    'refuses %s (an https product resolves the first three to itself; a browser on http would not)',
    async (pcUrl) => {
      const response = await send(pcUrl);
      expect(response.statusCode, response.body).toBe(422);
    },
  );
});
