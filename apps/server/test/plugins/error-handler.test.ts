import { ErrorCode } from '@cityops/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp } from '../helpers/test-app.js';

/** Framework refusals: the envelope in the caller's language, the URL not echoed. */
describe('framework errors', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const qrCode = '/api/authorization-server/oauth/qrCode';

  it.each([
    [
      'a bad URL under /api',
      'GET',
      '/api/%E0%A4%A<script>',
      undefined,
      undefined,
      400,
      ErrorCode.BAD_REQUEST,
    ],
    [
      'a bad URL of a page',
      'GET',
      '/business_guide/%zz<script>',
      undefined,
      undefined,
      400,
      ErrorCode.BAD_REQUEST,
    ],
    ['malformed JSON', 'POST', qrCode, 'application/json', '{"appId":', 400, ErrorCode.BAD_REQUEST],
    [
      'a JSON prototype key',
      'POST',
      qrCode,
      'application/json',
      '{"__proto__":{"x":1}}',
      400,
      ErrorCode.BAD_REQUEST,
    ],
    ['an empty JSON body', 'POST', qrCode, 'application/json', '', 400, ErrorCode.BAD_REQUEST],
    [
      'an unsupported media type',
      'POST',
      qrCode,
      'text/xml',
      '<appId/>',
      415,
      ErrorCode.UNSUPPORTED_MEDIA,
    ],
    [
      'a body over 1 MiB',
      'POST',
      qrCode,
      'application/json',
      `{"appId":"${'x'.repeat(1024 * 1024 + 10)}"}`,
      413,
      ErrorCode.PAYLOAD_TOO_LARGE,
    ],
  ] as const)(
    '%s answers the envelope',
    async (_name, method, url, type, payload, status, code) => {
      const response = await t.app.inject({
        method,
        url,
        headers: { 'accept-language': 'en', ...(type ? { 'content-type': type } : {}) },
        ...(payload === undefined ? {} : { payload }),
      });
      expect(response.statusCode, response.body).toBe(status);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      const body = response.json();
      expect(body).toMatchObject({ code, boolSuccess: false, data: null });
      expect(body.msg).toMatch(/^[A-Za-z ,]+$/);
      expect(response.body).not.toContain('script');
      expect(response.body).not.toContain('%');
    },
  );

  it('answers in Chinese by default', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/%E0%A4%A' });
    expect(response.json()).toMatchObject({ code: ErrorCode.BAD_REQUEST, msg: '请求无效' });
  });
});
