import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import frameAncestors, { parseOrigins } from '../../src/plugins/frame-ancestors.js';
import securityHeaders from '../../src/plugins/security-headers.js';
import { type TestApp, createTestApp } from '../helpers/test-app.js';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
});

const csp = async (app: TestApp['app']) =>
  String(
    (await app.inject({ method: 'GET', url: '/api/health' })).headers['content-security-policy'],
  );

describe('CSP frame-ancestors (embedding)', () => {
  it("allows only 'self' by default", async () => {
    t = await createTestApp();
    expect(await csp(t.app)).toContain("frame-ancestors 'self';");
  });

  it('takes the configuration until the setting is saved, then the setting alone, dropping anything else', async () => {
    t = await createTestApp({ FRAME_ANCESTORS: 'https://portal.city.example' });
    expect(await csp(t.app)).toContain("frame-ancestors 'self' https://portal.city.example;");
    await t.app.services.securitySettings.set(
      'embed.frameAncestors',
      'http://10.0.0.8:8080, javascript:alert(1) https://x.example/ ; script-src *',
    );
    expect(await csp(t.app)).toContain(
      "frame-ancestors 'self' http://10.0.0.8:8080 https://x.example;",
    );
    // Saved empty: only the product itself, whatever the configuration says.
    await t.app.services.securitySettings.set('embed.frameAncestors', '');
    expect(await csp(t.app)).toContain("frame-ancestors 'self';");
  });

  it('does not hold an answer on a database that hangs: the last origins read are used', async () => {
    const app = Fastify();
    let answer: () => Promise<string | null> = async () => 'https://portal.city.example';
    await app.register(securityHeaders, { frameAncestors: ["'self'"] });
    await app.register(frameAncestors, { fromConfig: [], fromSetting: () => answer(), waitMs: 50 });
    app.get('/', async () => 'ok');
    const header = async () =>
      String((await app.inject({ method: 'GET', url: '/' })).headers['content-security-policy']);
    expect(await header()).toContain("frame-ancestors 'self' https://portal.city.example;");
    answer = () => new Promise(() => undefined);
    const started = Date.now();
    expect(await header()).toContain("frame-ancestors 'self' https://portal.city.example;");
    expect(Date.now() - started).toBeLessThan(1000);
    await app.close();
  });

  it('parses origins strictly', () => {
    expect(parseOrigins('https://a.example:8443/ http://b.example ftp://c.example "x"')).toEqual([
      'https://a.example:8443',
      'http://b.example',
    ]);
  });
});
