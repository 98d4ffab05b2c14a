import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { ErrorCode, runtimeConfigSchema } from '@cityops/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp } from '../helpers/test-app.js';

const indexHtml =
  '<!doctype html><html><head><title>cityops</title></head><body><div id="root"></div></body></html>';
const html = { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' };

describe('web app hosting', () => {
  let t: TestApp;
  let distDir: string;

  beforeAll(async () => {
    distDir = await fs.mkdtemp(path.join(os.tmpdir(), 'cityops-dist-'));
    await fs.mkdir(path.join(distDir, 'assets'));
    await fs.writeFile(path.join(distDir, 'index.html'), indexHtml);
    await fs.writeFile(path.join(distDir, 'assets', 'index-abc123.js'), 'console.log("app");');
    await fs.writeFile(path.join(distDir, 'logo.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    await fs.writeFile(
      path.join(distDir, 'demo-subsystem.html'),
      '<!doctype html><p>subsystem</p>',
    );
    t = await createTestApp({
      WEB_DIST_DIR: distDir,
      API_BASE_URL: 'https://ops.example.com/api',
      ROUTER_MODE: 'hash',
    });
  });
  afterAll(async () => {
    await t.close();
    await fs.rm(distDir, { recursive: true, force: true });
  });

  it('serves index.html at the root', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/', headers: html });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.body).toBe(indexHtml);
  });

  it.each(['/business_guide/table', '/amap?x=1', '/login', '/some/unknown/page'])(
    'falls back to index.html for the history-mode page %s',
    async (url) => {
      const response = await t.app.inject({ method: 'GET', url, headers: html });
      expect(response.statusCode).toBe(200);
      expect(response.body).toBe(indexHtml);
      expect(response.headers['cache-control']).toBe('no-cache');
    },
  );

  it('serves hashed assets to be cached for good, and other files revalidated', async () => {
    const asset = await t.app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['content-type']).toContain('javascript');
    expect(asset.body).toBe('console.log("app");');
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');

    const page = await t.app.inject({ method: 'GET', url: '/demo-subsystem.html' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('subsystem');
    expect(page.headers['cache-control']).toBe('no-cache');
  });

  it('serves the demo subsystem page, a page of its own in the build, not the app', async () => {
    // A browser asks for it as a page, and comes back to it with the code of a sign-in.
    for (const url of ['/demo-subsystem.html', '/demo-subsystem.html?code=abc&state=xyz']) {
      const page = await t.app.inject({ method: 'GET', url, headers: html });
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toContain('text/html');
      expect(page.body).toBe('<!doctype html><p>subsystem</p>');
    }
  });

  it('gives the runtime config.json from the environment and the settings', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/config.json' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(runtimeConfigSchema.strict().parse(response.json())).toEqual({
      apiBaseUrl: 'https://ops.example.com/api',
      routerMode: 'hash',
      systemName: '城市运行管理服务平台',
      subsystemOrigins: [],
      idleMinutes: 30,
    });
  });

  it('names the subsystem origins of the setting in config.json, well-formed ones only', async () => {
    await t.app.services.securitySettings.set(
      'embed.subsystemOrigins',
      'https://video.example.gov  javascript:alert(1) http://GIS.example:8080/ /\\\\evil.example',
    );
    const response = await t.app.inject({ method: 'GET', url: '/config.json' });
    expect(response.json().subsystemOrigins).toEqual([
      'https://video.example.gov',
      'http://gis.example:8080',
    ]);
    await t.app.services.securitySettings.set('embed.subsystemOrigins', '');
  });

  describe('range and conditional headers', () => {
    const files = [
      ['the SPA fallback', '/business_guide/details?id=1'],
      ['the root', '/'],
      ['a public file', '/logo.svg'],
      ['a hashed asset', '/assets/index-abc123.js'],
    ] as const;
    const conditions = [
      ['Range past the end', { range: 'bytes=99999-' }, [416, 200]],
      ['a malformed Range', { range: 'bytes=zz' }, [200, 416]],
      ['If-Match with another tag', { 'if-match': '"x"' }, [412]],
      [
        'If-Unmodified-Since in 1970',
        { 'if-unmodified-since': 'Thu, 01 Jan 1970 00:00:00 GMT' },
        [412],
      ],
      ['If-None-Match *', { 'if-none-match': '*' }, [304]],
      ['If-Range with another tag and a Range', { 'if-range': '"x"', range: 'bytes=0-3' }, [200]],
    ] as const;
    for (const [fileName, url] of files) {
      it.each(conditions)(
        `${fileName} (${url}) with %s answers as a static server`,
        async (_name, headers, statuses) => {
          const before = t.logs.length;
          const response = await t.app.inject({
            method: 'GET',
            url,
            headers: { ...html, ...headers },
          });
          expect(statuses as readonly number[], response.body).toContain(response.statusCode);
          expect(t.logs.slice(before).join('')).not.toContain('"level":50');
        },
      );
    }

    it('serves a satisfiable range of a file', async () => {
      const response = await t.app.inject({
        method: 'GET',
        url: '/assets/index-abc123.js',
        headers: { range: 'bytes=0-6' },
      });
      expect(response.statusCode).toBe(206);
      expect(response.body).toBe('console');
    });
  });

  it.each([
    ['/api/unknown', html],
    ['/api/unknown', {}],
    ['/api', html],
    ['/assets/missing.js', {}],
  ])('answers %s with the JSON 404 envelope, not index.html', async (url, headers) => {
    const response = await t.app.inject({
      method: 'GET',
      url,
      headers: { ...headers, 'accept-language': 'en' },
    });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toContain('application/json');
    expect(response.json()).toEqual({
      code: ErrorCode.NOT_FOUND,
      boolSuccess: false,
      msg: 'Not found',
      data: null,
    });
  });

  it('does not answer a POST to a page address with index.html', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/business_guide', headers: html });
    expect(response.statusCode).toBe(404);
    expect(response.json().code).toBe(ErrorCode.NOT_FOUND);
  });

  it('does not serve files outside the dist folder', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/../../../etc/passwd' });
    expect(response.body).not.toContain('root:');
  });

  it('sends the security headers with the page', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/', headers: html });
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('no-referrer');
    expect(response.headers['content-security-policy']).toContain("frame-ancestors 'self'");
  });
});

describe('without a built web app', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('still answers config.json with the defaults', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/config.json' });
    expect(response.json()).toEqual({
      apiBaseUrl: '/api',
      routerMode: 'history',
      systemName: '城市运行管理服务平台',
      subsystemOrigins: [],
      idleMinutes: 30,
    });
  });

  it('answers a page address with the JSON 404', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/login', headers: html });
    expect(response.statusCode).toBe(404);
    expect(response.json().code).toBe(ErrorCode.NOT_FOUND);
  });
});
