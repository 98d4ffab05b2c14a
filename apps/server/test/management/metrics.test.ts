import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildManagementApp } from '../../src/management.js';
import { type TestApp, createTestApp, requestToken } from '../helpers/test-app.js';
import { chained } from '../helpers/chained.js';

/** The value of one series in Prometheus text, or undefined when absent. */
function sample(text: string, name: string, labels: Record<string, string> = {}) {
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
    const labelText = line.slice(name.length).split(' ')[0]!;
    if (Object.entries(labels).every(([key, value]) => labelText.includes(`${key}="${value}"`))) {
      return Number(line.slice(line.lastIndexOf(' ') + 1));
    }
  }
  return undefined;
}

describe('management port: /metrics', () => {
  let t: TestApp;
  let management: FastifyInstance;
  let text: string;
  beforeAll(async () => {
    t = await createTestApp();
    management = await buildManagementApp(t.app);
    // Known traffic: a health check, a page that does not exist, a failed and a
    // good sign-in, and the same session used twice (a miss, then a hit).
    await t.app.inject({ method: 'GET', url: '/api/health' });
    await t.app.inject({ method: 'GET', url: '/api/no-such-thing/42' });
    await requestToken(t.app, { username: 'admin', password: 'wrong-password' });
    const { access_token } = await t.login('admin', 'Admin@2026');
    for (let i = 0; i < 2; i++) {
      await t.app.inject({
        method: 'GET',
        url: '/api/organization/user',
        headers: { authorization: `Bearer ${access_token}` },
      });
    }
    // The sign-ins' records are chained after their answers (audit/audit-chainer.ts): a
    // move still running would hold a connection while the pool is read.
    await chained(t);
    const response = await management.inject({ method: 'GET', url: '/metrics' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    text = response.body;
  });
  afterAll(async () => {
    await management.close();
    await t.close();
  });

  it('measures requests by route pattern, method and status, never the raw URL', () => {
    expect(
      sample(text, 'http_server_request_duration_seconds_count', {
        method: 'GET',
        route: '/api/health',
        status_code: '200',
      }),
    ).toBe(1);
    expect(
      sample(text, 'http_server_request_duration_seconds_bucket', {
        route: '/api/health',
        le: '+Inf',
      }),
    ).toBe(1);
    expect(text).not.toContain('/api/no-such-thing/42');
    expect(sample(text, 'http_server_request_duration_seconds_count', { status_code: '404' })).toBe(
      1,
    );
    expect(sample(text, 'http_server_active_requests', { method: 'GET' })).toBe(0);
  });

  it('counts sign-ins by outcome and the audit records written', () => {
    expect(sample(text, 'cityops_sign_ins_total', { outcome: 'success', reason: 'none' })).toBe(1);
    expect(sample(text, 'cityops_sign_ins_total', { outcome: 'failure', reason: 'password' })).toBe(
      1,
    );
    expect(
      sample(text, 'cityops_audit_records_written_total', {
        action: 'auth.login',
        outcome: 'success',
      }),
    ).toBe(1);
  });

  it('counts session cache hits and misses', () => {
    expect(sample(text, 'cityops_session_cache_lookups_total', { result: 'hit' })).toBeGreaterThan(
      0,
    );
    expect(sample(text, 'cityops_session_cache_lookups_total', { result: 'miss' })).toBeGreaterThan(
      0,
    );
  });

  it('reports the database pool, live notifications and the process', () => {
    expect(sample(text, 'cityops_db_pool_connections', { state: 'max' })).toBeGreaterThan(0);
    if (t.database.driver === 'postgres') {
      expect(sample(text, 'cityops_db_pool_connections', { state: 'in_use' })).toBe(0);
      expect(sample(text, 'cityops_db_pool_waiting_requests')).toBe(0);
    }
    expect(sample(text, 'cityops_notification_streams')).toBe(0);
    expect(sample(text, 'process_resident_memory_bytes')).toBeGreaterThan(0);
    expect(sample(text, 'process_cpu_seconds_total')).toBeGreaterThan(0);
    expect(sample(text, 'nodejs_eventloop_lag_p99_seconds')).toBeGreaterThanOrEqual(0);
    expect(sample(text, 'nodejs_heap_size_used_bytes')).toBeGreaterThan(0);
  });

  it('is not served on the public port', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain('http_server_request_duration_seconds');
  });

  it('keeps each app in its own registry', async () => {
    const other = await createTestApp();
    try {
      const otherManagement = await buildManagementApp(other.app);
      const response = await otherManagement.inject({ method: 'GET', url: '/metrics' });
      expect(sample(response.body, 'cityops_sign_ins_total', { outcome: 'failure' })).toBe(
        undefined,
      );
      await otherManagement.close();
    } finally {
      await other.close();
    }
  });
});
