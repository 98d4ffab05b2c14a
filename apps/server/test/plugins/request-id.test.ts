import { ErrorCode } from '@cityops/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type TestApp, createTestApp } from '../helpers/test-app.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The JSON log lines written since `from`. */
function linesSince(t: TestApp, from: number): Record<string, unknown>[] {
  return t.logs.slice(from).map((line) => JSON.parse(line) as Record<string, unknown>);
}

describe('request ids', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("keeps a caller's sane id, answers it and logs it on every line of the request", async () => {
    const from = t.logs.length;
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': 'complaint-2026.11_28-A7' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['x-request-id']).toBe('complaint-2026.11_28-A7');
    const lines = linesSince(t, from);
    expect(lines.map((line) => line.msg)).toEqual(
      expect.arrayContaining(['incoming request', 'request completed']),
    );
    for (const line of lines) expect(line.requestId).toBe('complaint-2026.11_28-A7');
  });

  it('makes one when the caller sends none', async () => {
    const first = await t.app.inject({ method: 'GET', url: '/api/health' });
    const second = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(first.headers['x-request-id']).toMatch(UUID);
    expect(second.headers['x-request-id']).toMatch(UUID);
    expect(first.headers['x-request-id']).not.toBe(second.headers['x-request-id']);
  });

  it.each([
    ['too long', 'a'.repeat(65)],
    ['a space', 'a b'],
    ['markup', '<script>alert(1)</script>'],
    ['a percent sign', 'a%0Ab'],
    ['non-ASCII letters', '请求一'],
  ])('replaces an id with %s, which never reaches the log', async (_name, given) => {
    // A header carries ASCII only: the rest goes percent-encoded, as a client would send it.
    const sent = encodeURI(given);
    const from = t.logs.length;
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': sent },
    });
    const id = response.headers['x-request-id'];
    expect(id).toMatch(UUID);
    for (const line of linesSince(t, from)) expect(line.requestId).toBe(id);
    expect(t.logs.slice(from).join('')).not.toContain(sent);
  });

  it('names the request on a refusal before any route (a bad URL)', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/%E0%A4%A',
      headers: { 'x-request-id': 'bad-url-1' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.headers['x-request-id']).toBe('bad-url-1');
    // Only a server error carries the id in its envelope.
    expect(response.json()).not.toHaveProperty('requestId');
  });

  it('puts the id in the envelope of a server error and in its log line', async () => {
    const token = (await t.login('admin', 'Admin@2026')).access_token;
    const spy = vi
      .spyOn(t.app.services.auth, 'authenticate')
      .mockRejectedValueOnce(new Error('unexpected failure'));
    const from = t.logs.length;
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/organization/user',
      headers: { authorization: `Bearer ${token}`, 'x-request-id': 'server-error-1' },
    });
    spy.mockRestore();
    expect(response.statusCode).toBe(500);
    expect(response.headers['x-request-id']).toBe('server-error-1');
    expect(response.json()).toMatchObject({
      code: ErrorCode.SERVER_ERROR,
      boolSuccess: false,
      requestId: 'server-error-1',
    });
    const logged = linesSince(t, from).find((line) => line.msg === 'unexpected error');
    expect(logged?.requestId).toBe('server-error-1');
  });

  it('puts the id in the envelope of a 503 too (database down)', async () => {
    const spy = vi.spyOn(t.database, 'ping').mockRejectedValueOnce(new Error('down'));
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': 'db-down-1' },
    });
    spy.mockRestore();
    expect(response.statusCode).toBe(503);
    expect(response.json()).toMatchObject({ requestId: 'db-down-1' });
  });
});
