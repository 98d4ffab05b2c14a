import { afterEach, describe, expect, it } from 'vitest';
import { parseOrigins } from '../../src/plugins/frame-ancestors.js';
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

  it('adds the origins of the configuration and of the setting, dropping anything else', async () => {
    t = await createTestApp({ FRAME_ANCESTORS: 'https://portal.city.example' });
    expect(await csp(t.app)).toContain("frame-ancestors 'self' https://portal.city.example;");
    await t.app.services.securitySettings.set(
      'embed.frameAncestors',
      'http://10.0.0.8:8080, javascript:alert(1) https://x.example/ ; script-src *',
    );
    expect(await csp(t.app)).toContain(
      "frame-ancestors 'self' https://portal.city.example http://10.0.0.8:8080 https://x.example;",
    );
  });

  it('parses origins strictly', () => {
    expect(parseOrigins('https://a.example:8443/ http://b.example ftp://c.example "x"')).toEqual([
      'https://a.example:8443',
      'http://b.example',
    ]);
  });
});
