/**
 * A short, deterministic run of the reliability suite's fuzz (bench/reliability):
 * every route of the served OpenAPI document with a NUL byte in each field, the
 * edge ids (2^31, 2^63, 20 digits) in each id and a few more bad values drawn
 * with a fixed seed, with and without a token. No answer may be a 5xx. The full
 * run (`npm run reliability -- fuzz`) sends tens of thousands of requests over
 * real sockets.
 */
import { describe, expect, it } from 'vitest';
import {
  type OpenApiDocument,
  idCasesFor,
  operationsOf,
  runFuzz,
} from '../../../bench/reliability/lib/fuzz-cases.js';
import { createTestApp } from './helpers/test-app.js';

const MENU_PATH = '/api/organization/customize_configuration/userSysModel';

describe('fuzz (short run)', () => {
  it('answers no bad input with a 5xx, and stays healthy', { timeout: 120_000 }, async () => {
    const t = await createTestApp();
    try {
      const document = (
        await t.app.inject({ method: 'GET', url: '/api/docs/json' })
      ).json() as OpenApiDocument;
      // Every id of every route gets 2^31, 2^63 and 20 digits, with and without a token (issue 21).
      const idCases = operationsOf(document).flatMap((operation) => idCasesFor(operation));
      let idRequests = 0;
      const report = await runFuzz({
        document,
        seed: 20261124,
        runs: 4,
        perOperation: 6,
        concurrency: 1,
        // The fuzz's failed sign-ins come from an address of their own.
        send: async (request) => {
          if (request.label.startsWith('id ')) idRequests++;
          const response = await t.app.inject({
            method: request.method as 'GET',
            url: request.url,
            headers: request.headers,
            payload: request.body,
            remoteAddress: '192.0.2.77',
          });
          let code: string | null = null;
          try {
            code = (response.json() as { code?: string }).code ?? null;
          } catch {
            // Not an envelope.
          }
          return { status: response.statusCode, code };
        },
        signIn: async () => (await t.login('admin', 'Admin@2026')).access_token,
        progress: process.env.FUZZ_PROGRESS
          ? (line) => console.warn(new Date().toISOString().slice(17, 23), line)
          : undefined,
        tokenAlive: async (token) =>
          (
            await t.app.inject({
              method: 'GET',
              url: MENU_PATH,
              headers: { authorization: `Bearer ${token}` },
            })
          ).statusCode !== 401,
      });
      expect(report.operations).toBeGreaterThan(40);
      expect(report.requests).toBeGreaterThan(900);
      expect(report.serverErrorCases).toEqual([]);
      expect(idCases.length).toBeGreaterThan(300);
      expect(idRequests).toBeGreaterThanOrEqual(2 * idCases.length);
      const health = await t.app.inject({ method: 'GET', url: '/api/health' });
      expect(health.statusCode).toBe(200);
      const { access_token } = await t.login('admin', 'Admin@2026');
      const menu = await t.app.inject({
        method: 'GET',
        url: MENU_PATH,
        headers: { authorization: `Bearer ${access_token}` },
      });
      expect(menu.statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });
});
