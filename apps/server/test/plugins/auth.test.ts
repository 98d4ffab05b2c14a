import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { ErrorCode } from '@cityops/contract';
import Fastify, { type RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthService } from '../../src/modules/auth/auth.service.js';
import authPlugin from '../../src/plugins/auth.js';
import errorHandler from '../../src/plugins/error-handler.js';
import { type TestApp, createTestApp } from '../helpers/test-app.js';

/**
 * Signed-in changes whose service still asks the access policy itself rather than
 * declaring `config.policy` on the route. One, by design:
 *
 * - The user import asks the policy per row, and a declaration cannot say that: the
 *   rows are in the multipart file, read by the handler after the pipeline has run;
 *   each row is weighed with `can` (one decision per unit and roles), a refused row
 *   is a line of the 422 report beside the rows' other problems, not a 403, and the
 *   file's refusal is recorded once (`user.import`, reason `policy`); its success
 *   writes a `user.create` record per account and one `user.import`, where a command
 *   writes one record.
 */
const STILL_ASKED_IN_SERVICE: string[] = ['POST /api/system/users/import'];

describe('route access declarations', () => {
  let t: TestApp;
  let distDir: string;
  const routes: RouteOptions[] = [];

  beforeAll(async () => {
    // A built web app, so the static files' routes are registered too.
    distDir = await fs.mkdtemp(path.join(os.tmpdir(), 'cityops-dist-'));
    await fs.writeFile(path.join(distDir, 'index.html'), '<!doctype html><title>x</title>');
    t = await createTestApp({ WEB_DIST_DIR: distDir }, { onRoute: (route) => routes.push(route) });
  });
  afterAll(async () => {
    await t.close();
    await fs.rm(distDir, { recursive: true, force: true });
  });

  /** `GET /path` for each method of a route. */
  const names = (route: RouteOptions) =>
    [route.method].flat().map((method) => `${method} ${route.url}`);

  it('finds a declaration on every registered route', () => {
    const urls = routes.flatMap(names);
    // The walk sees the API, the documentation pages, the runtime config and the static files.
    expect(urls).toEqual(
      expect.arrayContaining([
        'GET /api/health',
        'POST /api/authorization-server/oauth/token',
        'GET /api/docs/',
        'GET /config.json',
        'GET /*',
        'HEAD /*',
      ]),
    );
    const undeclared = routes.filter((route) => route.config?.access === undefined).flatMap(names);
    expect(undeclared).toEqual([]);
  });

  it('finds an audit declaration on every route that is not a read (issue 21)', () => {
    const reads = new Set(['GET', 'HEAD', 'OPTIONS']);
    const undeclared = routes
      .filter((route) => route.config?.audit === undefined)
      .flatMap(names)
      .filter((name) => !reads.has(name.split(' ')[0] ?? ''));
    expect(undeclared).toEqual([]);
  });

  it('finds a policy declaration on every signed-in change, but for the ones still asked in their service', () => {
    const reads = new Set(['GET', 'HEAD', 'OPTIONS']);
    const undeclared = routes
      .filter((route) => route.config?.access !== 'public' && route.config?.policy === undefined)
      .filter((route) => {
        const audit = route.config?.audit;
        return audit === undefined || typeof audit !== 'object' || !('none' in audit);
      })
      .flatMap(names)
      .filter((name) => !reads.has(name.split(' ')[0] ?? ''))
      .sort();
    // A new route declares `config.policy` (docs/architecture.md, "A write is one
    // declaration"); this list only shrinks as the services below move onto it.
    expect(undeclared).toEqual(STILL_ASKED_IN_SERVICE);
  });

  it('checks a rule before the body: a lower role gets 403, not the body rules', async () => {
    const { access_token } = await t.login('operator', 'Operator@2026');
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/business-guide/categories',
      headers: { authorization: `Bearer ${access_token}` },
      payload: { code: '' },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ code: ErrorCode.FORBIDDEN, data: null });
  });
});

describe('deny by default', () => {
  it('refuses a route that declares no access, without asking for a token', async () => {
    const app = Fastify();
    await app.register(errorHandler);
    const authenticate = async () => {
      throw new Error('an undeclared route must not reach authentication');
    };
    // Only the authentication this test refuses to reach; the rest of the options unused.
    await app.register(authPlugin, {
      auth: { authenticate, prepare: async () => undefined } as unknown as AuthService,
    } as unknown as Parameters<typeof authPlugin>[1]);
    app.get('/undeclared', async () => 'answered');
    app.get('/open', { config: { access: 'public' } }, async () => 'answered');

    const refused = await app.inject({ method: 'GET', url: '/undeclared' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: ErrorCode.FORBIDDEN });
    expect((await app.inject({ method: 'GET', url: '/open' })).body).toBe('answered');
    await app.close();
  });
});
