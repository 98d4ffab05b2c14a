import {
  ErrorCode,
  MESSAGE_PATHS,
  RECIPIENT_USERS_LIMIT,
  type RecipientUserPage,
} from '@cityops/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp } from '../../helpers/test-app.js';
import { call, data, unitId } from '../system/system-helpers.js';
import { chained } from '../../helpers/chained.js';

// Issue 13 item 7: the administrator's list of sent messages, sending to users,
// units or roles, and withdrawing a message from those who have not read it.

let t: TestApp;
let admin: string;
let operator: string;
let officer: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = (await t.login('admin', 'Admin@2026')).access_token;
  operator = (await t.login('operator', 'Operator@2026')).access_token;
  officer = (await t.login('jb_officer', 'Officer@2026')).access_token;
});
afterAll(async () => {
  await t.close();
});

async function userIdOf(username: string): Promise<number> {
  const { rows } = await t.database.db.execute<{ id: number }>(
    sql`select id from users where username = ${username}`,
  );
  return rows[0]!.id;
}

async function records(action: string) {
  await chained(t);
  const { rows } = await t.database.db.execute<{
    actor_name: string;
    target_id: string;
    target_name: string;
    before: Record<string, unknown> | null;
    after: Record<string, unknown> | null;
  }>(
    sql`select actor_name, target_id, target_name, before, after from audit_trail
         where action = ${action} order by seq`,
  );
  return rows;
}

/** The first page of a user's bell. */
async function inbox(token: string) {
  return data<{ total: number; rows: { id: string; title: string }[] }>(
    t.app,
    token,
    'POST',
    '/message-sms/messageData/page',
    { pageIndex: 1, pageSize: 50 },
  );
}

let sentId = '';

describe('sending', () => {
  it('sends to a unit and a user, audited with its audience', async () => {
    const jiangbei = await unitId(t.app, admin, 'Jiangbei District Urban Management Bureau');
    const { rows } = await t.database.db.execute<{ total: number }>(
      sql`select count(*)::int as total from users
           where organization_id = ${jiangbei} and not disabled`,
    );
    const unitUsers = rows[0]!.total;
    const operatorId = await userIdOf('operator');
    const before = (await inbox(officer)).total;
    const sent = await data(t.app, admin, 'POST', '/system/messages', {
      title: '防汛值班通知',
      content: '今晚起进入防汛二级响应。',
      type: 'text',
      unitIds: [String(jiangbei)],
      userIds: [String(operatorId)],
    });
    expect(sent.recipients).toBe(unitUsers + 1);
    sentId = sent.id;
    expect((await inbox(officer)).total).toBe(before + 1);
    expect((await records('message.send')).at(-1)).toMatchObject({
      actor_name: 'admin',
      target_id: sent.id,
      target_name: '防汛值班通知',
      after: {
        title: '防汛值班通知',
        unitIds: [jiangbei],
        userIds: [operatorId],
        recipients: unitUsers + 1,
      },
    });
  });

  it('finds accounts by the start of a name, enabled ones only, and labels chosen ones', async () => {
    const find = (query: string) =>
      data<RecipientUserPage>(t.app, admin, 'GET', `${MESSAGE_PATHS.recipientUsers}?${query}`);
    const byLogin = await find('keyword=OPER');
    expect(byLogin.list.map((user) => user.username)).toEqual(['operator']);
    expect(byLogin.hasMore).toBe(false);
    // LIKE's wildcards are letters like any other.
    expect((await find('keyword=%25')).list).toEqual([]);
    const officerId = await userIdOf('jb_officer');
    const chosen = await find(`ids=${officerId},999999`);
    expect(chosen.list.map((user) => user.username)).toEqual(['jb_officer']);
    // No keyword: the first accounts by login name, and word that more are found by typing.
    const first = await find('');
    expect(first.list.length).toBeLessThanOrEqual(RECIPIENT_USERS_LIMIT);
    await t.database.db.execute(sql`update users set disabled = true where id = ${officerId}`);
    try {
      expect((await find(`ids=${officerId}`)).list).toEqual([]);
      expect((await find('keyword=jb_off')).list).toEqual([]);
    } finally {
      await t.database.db.execute(sql`update users set disabled = false where id = ${officerId}`);
    }
    for (const query of ['ids=abc', `ids=${'1,'.repeat(201)}`, `keyword=${'x'.repeat(65)}`]) {
      const answer = await call(t.app, admin, 'GET', `${MESSAGE_PATHS.recipientUsers}?${query}`);
      expect(answer.status, query).toBe(422);
    }
  });

  it('names the units among the recipient options', async () => {
    const options = await data(t.app, admin, 'GET', '/message-sms/messageData/recipients');
    expect(options.units).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ nameEn: 'Jiangbei District Urban Management Bureau' }),
      ]),
    );
  });

  it('refuses a message without recipients, and records nothing', async () => {
    const count = (await records('message.send')).length;
    const refused = await call(t.app, admin, 'POST', '/system/messages', {
      title: 'x',
      content: 'y',
      unitIds: [],
    });
    expect(refused.status).toBe(422);
    expect(refused.body.data.fields).toEqual([
      { field: 'userIds', message: 'Choose at least one user, unit or role' },
    ]);
    expect(await records('message.send')).toHaveLength(count);
  });
});

describe('the list of sent messages', () => {
  it('shows each sent message with its recipients and reads, newest first, paged', async () => {
    // The operator reads it.
    await data(t.app, operator, 'GET', `/message-sms/messageData/updateRead?id=${sentId}`);
    const page = await data(t.app, admin, 'GET', '/system/messages?pageIndex=1&pageSize=1');
    expect(page).toMatchObject({ pageIndex: 1, pageSize: 1 });
    expect(page.total).toBeGreaterThanOrEqual(1);
    expect(page.rows).toEqual([
      expect.objectContaining({
        id: sentId,
        title: '防汛值班通知',
        senderName: '系统管理员',
        read: 1,
        withdrawnTime: null,
        withdrawn: 0,
      }),
    ]);
    const found = await data(t.app, admin, 'GET', '/system/messages?pageIndex=1&keyword=防汛');
    expect(found.rows.map((row: { id: string }) => row.id)).toContain(sentId);
    const none = await data(t.app, admin, 'GET', '/system/messages?pageIndex=1&keyword=%25_none');
    expect(none).toMatchObject({ total: 0, rows: [] });
  });

  it('lists the recipients, unread first, with when each read it', async () => {
    const page = await data(
      t.app,
      admin,
      'GET',
      `/system/messages/${sentId}/recipients?pageIndex=1&pageSize=100`,
    );
    const operatorRow = page.rows.find((row: { username: string }) => row.username === 'operator');
    expect(operatorRow).toMatchObject({ read: true, readTime: expect.any(String) });
    expect(page.rows[0].read).toBe(false);
    expect(page.rows.find((row: { username: string }) => row.username === 'jb_officer')).toEqual(
      expect.objectContaining({
        read: false,
        readTime: null,
        unitNameEn: 'Jiangbei District Urban Management Bureau',
      }),
    );
  });

  it('is the sender’s only: a staff member is refused', async () => {
    for (const [method, url] of [
      ['GET', '/system/messages?pageIndex=1'],
      ['POST', '/system/messages'],
      ['GET', `/system/messages/${sentId}/recipients?pageIndex=1`],
      ['POST', `/system/messages/${sentId}/withdraw`],
    ] as const) {
      expect((await call(t.app, operator, method, url, {})).status, url).toBe(403);
    }
  });
});

describe('withdrawing', () => {
  it('removes it from the inboxes of those who have not read it; readers keep it', async () => {
    const officerBefore = await inbox(officer);
    expect(officerBefore.rows.map((row) => row.id)).toContain(sentId);
    const result = await data(t.app, admin, 'POST', `/system/messages/${sentId}/withdraw`);
    expect(result.kept).toBe(1);
    expect(result.withdrawn).toBeGreaterThanOrEqual(1);
    expect((await inbox(officer)).rows.map((row) => row.id)).not.toContain(sentId);
    expect((await inbox(operator)).rows.map((row) => row.id)).toContain(sentId);
    const listed = await data(t.app, admin, 'GET', '/system/messages?pageIndex=1&keyword=防汛');
    expect(listed.rows[0]).toMatchObject({
      id: sentId,
      recipients: 1,
      read: 1,
      withdrawn: result.withdrawn,
      withdrawnTime: expect.any(String),
    });
    expect((await records('message.withdraw')).at(-1)).toMatchObject({
      actor_name: 'admin',
      target_id: sentId,
      before: { withdrawn: false },
      after: { withdrawn: true, removed: result.withdrawn, kept: 1 },
    });
  });

  it('refuses a second withdrawal, one that would change nothing, and an unknown message', async () => {
    const again = await call(t.app, admin, 'POST', `/system/messages/${sentId}/withdraw`);
    expect(again.status).toBe(409);
    expect(again.body.msg).toBe('This message has already been withdrawn');

    const operatorId = await userIdOf('operator');
    const sent = await data(t.app, admin, 'POST', '/system/messages', {
      title: '已读消息',
      content: '读过了',
      userIds: [String(operatorId)],
    });
    await data(t.app, operator, 'GET', `/message-sms/messageData/updateRead?id=${sent.id}`);
    const count = (await records('message.withdraw')).length;
    const allRead = await call(t.app, admin, 'POST', `/system/messages/${sent.id}/withdraw`);
    expect(allRead.status).toBe(409);
    expect(allRead.body.msg).toBe(
      'Every recipient has read this message: there is nothing to withdraw',
    );
    // Rolled back whole: not marked withdrawn, nothing recorded.
    const listed = await data(t.app, admin, 'GET', '/system/messages?pageIndex=1&keyword=已读消息');
    expect(listed.rows[0].withdrawnTime).toBeNull();
    expect(await records('message.withdraw')).toHaveLength(count);

    const unknown = await call(t.app, admin, 'POST', '/system/messages/999999/withdraw');
    expect(unknown.status).toBe(404);
    expect(unknown.body.code).toBe(ErrorCode.NOT_FOUND);
  });
});
