import { ErrorCode, healthSchema } from '@cityops/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp } from '../../helpers/test-app.js';

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
    expect(healthSchema.parse(body.data)).toMatchObject({ status: 'ok', database: 'ok', driver });
    expect(body.data.uptimeSeconds).toBeGreaterThanOrEqual(0);
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
      msg: 'the service is restarting, please try again in a moment',
    });
    expect(healthSchema.parse(body.data)).toMatchObject({
      status: 'unavailable',
      database: 'down',
      driver,
    });
    expect(t.logs.join('')).toContain('health check: database unreachable');
    // The answer keeps its security headers.
    expect(response.headers['content-security-policy']).toContain("frame-ancestors 'self'");
    // No driver detail reaches the caller.
    expect(response.body).not.toMatch(/closed|ECONN|stack|terminat|exist/i);
  });
});
