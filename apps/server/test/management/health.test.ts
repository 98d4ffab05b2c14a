import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildManagementApp } from '../../src/management.js';
import { type TestApp, createTestApp } from '../helpers/test-app.js';

let t: TestApp;
let management: FastifyInstance;
async function start() {
  t = await createTestApp();
  management = await buildManagementApp(t.app);
}
async function stop() {
  await management.close();
  await t.close();
}

// One app for the tests that leave it as they found it.
describe('management port: health and readiness', () => {
  beforeAll(start);
  afterAll(stop);

  it('answers liveness and readiness in the shape probes read', async () => {
    const live = await management.inject({ method: 'GET', url: '/health/live' });
    expect(live.statusCode).toBe(200);
    expect(live.json()).toEqual({ status: 'UP', checks: [] });
    const ready = await management.inject({ method: 'GET', url: '/health/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({
      status: 'UP',
      checks: [
        { name: 'database', status: 'UP' },
        { name: 'migrations', status: 'UP' },
        { name: 'accepting-requests', status: 'UP' },
      ],
    });
  });

  it('is not served on the public port', async () => {
    for (const url of ['/health/live', '/health/ready', '/metrics']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
    }
  });

  it('turns 503 while the database is down and back to 200 after', async () => {
    const ping = vi
      .spyOn(t.database, 'ping')
      .mockRejectedValue(
        Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }),
      );
    const down = await management.inject({ method: 'GET', url: '/health/ready' });
    expect(down.statusCode).toBe(503);
    expect(down.json()).toMatchObject({
      status: 'DOWN',
      checks: expect.arrayContaining([{ name: 'database', status: 'DOWN' }]),
    });
    // Liveness does not depend on the database: restarting would not bring it back.
    expect((await management.inject({ method: 'GET', url: '/health/live' })).statusCode).toBe(200);
    ping.mockRestore();
    const up = await management.inject({ method: 'GET', url: '/health/ready' });
    expect(up.statusCode).toBe(200);
  });

  it('answers 404 for anything else', async () => {
    const response = await management.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(404);
  });
});

// An app each for the tests that break it: a migration record deleted, the instance stopped.
describe('management port: readiness of a broken or stopping instance', () => {
  beforeEach(start);
  afterEach(stop);

  it('turns 503 when a migration of this release is missing', async () => {
    await t.database.db.execute(
      sql`delete from drizzle.__drizzle_migrations where created_at = (select max(created_at) from drizzle.__drizzle_migrations)`,
    );
    const response = await management.inject({ method: 'GET', url: '/health/ready' });
    expect(response.statusCode).toBe(503);
    expect(response.json().checks).toContainEqual({ name: 'migrations', status: 'DOWN' });
  });

  it('turns 503 as soon as the instance starts stopping', async () => {
    const stopped = t.app.stopGracefully(300);
    const response = await management.inject({ method: 'GET', url: '/health/ready' });
    expect(response.statusCode).toBe(503);
    expect(response.json().checks).toContainEqual({ name: 'accepting-requests', status: 'DOWN' });
    await stopped;
  });
});
