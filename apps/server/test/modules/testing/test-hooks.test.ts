import { ErrorCode, MESSAGE_PATHS } from '@cityops/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, bearer, createTestApp } from '../../helpers/test-app.js';

describe('the legacy message hook', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("stores a message as an older version did, link unchecked, in the user's inbox", async () => {
    // A link the send call refuses (message-links.spec.ts checks the web app does not follow it).
    const content = JSON.stringify({ content: '<p>old</p>', pcUrl: 'javascript:alert(1)' });
    const stored = await t.app.inject({
      method: 'POST',
      url: '/api/test-hooks/messages',
      payload: { username: 'operator', title: 'legacy', type: 'json', content },
    });
    expect(stored.statusCode).toBe(200);
    const id = stored.json().data.id as number;

    const operator = await t.login('operator', 'Operator@2026');
    const inbox = await t.app.inject({
      method: 'POST',
      url: `/api${MESSAGE_PATHS.page}`,
      headers: bearer(operator.access_token),
      payload: { pageIndex: 1, pageSize: 1 },
    });
    expect(inbox.json().data.rows[0]).toMatchObject({
      id: String(id),
      title: 'legacy',
      type: 'json',
      content,
      boolRead: false,
    });
  });

  it('answers 404 for an unknown account', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/test-hooks/messages',
      payload: { username: 'nobody-here', title: 'x', type: 'text', content: 'x' },
    });
    expect(response.statusCode).toBe(404);
    expect(response.json().code).toBe(ErrorCode.NOT_FOUND);
  });
});
