import { ErrorCode, healthSchema } from '@cityops/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, bearer, createTestApp } from '../../helpers/test-app.js';

const driver = process.env.TEST_DATABASE === 'postgres' ? 'postgres' : 'pglite';

describe('GET /api/health', () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    // After the database was taken away, closing it a second time may complain.
    await t?.close().catch(() => undefined);
    t = undefined;
  });

  it('answers ok with the database reachable, without a token', async () => {
    t = await createTestApp();
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ code: '000000', boolSuccess: true });
    expect(healthSchema.parse(body.data)).toEqual({ status: 'ok', database: 'ok' });
  });

  it('answers 503 and not ok when the database is down, and logs why', async () => {
    t = await createTestApp();
    // Really take the database away: PGlite is closed; on PostgreSQL the pool is
    // ended and the test database dropped.
    await t.database.close();
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'accept-language': 'en' },
    });
    expect(response.statusCode).toBe(503);
    const body = response.json();
    expect(body).toMatchObject({
      code: ErrorCode.UNAVAILABLE,
      boolSuccess: false,
      msg: 'The service is restarting, please try again in a moment',
    });
    expect(healthSchema.parse(body.data)).toEqual({ status: 'unavailable', database: 'down' });
    expect(t.logs.join('')).toContain('health check: database unreachable');
    // The answer keeps its security headers.
    expect(response.headers['content-security-policy']).toContain("frame-ancestors 'self'");
    // No driver detail reaches the caller.
    expect(response.body).not.toMatch(/closed|ECONN|stack|terminat|exist/i);
  });
});

describe('GET /api/health: details for administrators only', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('tells an anonymous caller only that it is alive', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual({ status: 'ok', database: 'ok' });
  });

  it('tells a staff member no more', async () => {
    const { access_token } = await t.login('operator', 'Operator@2026');
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: bearer(access_token),
    });
    expect(response.json().data).toEqual({ status: 'ok', database: 'ok' });
  });

  it('gives an administrator the driver and uptime', async () => {
    const { access_token } = await t.login('admin', 'Admin@2026');
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: bearer(access_token),
    });
    expect(response.json().data).toMatchObject({
      status: 'ok',
      database: 'ok',
      driver,
      uptimeSeconds: expect.any(Number),
    });
  });

  it('stays public with a bad token', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: bearer('not-a-token'),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual({ status: 'ok', database: 'ok' });
  });
});
