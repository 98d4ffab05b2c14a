import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { PUBLIC_CONFIG_KEYS } from '../src/constants.js';
import { bucketNameSchema, uploadResultSchema } from '../src/files.js';
import { configQuerySchema, configValueSchema, weatherSchema } from '../src/organization.js';
import { healthSchema, runtimeConfigSchema } from '../src/system.js';
import { messageKeyErrorMap } from '../src/zod-messages.js';

beforeAll(() => {
  z.config({ customError: messageKeyErrorMap });
});

function firstMessage(schema: z.ZodType, value: unknown): string {
  const result = schema.safeParse(value);
  return result.success ? 'ok' : result.error.issues[0]!.message;
}

describe('configQuerySchema (GET /organization/config?key=)', () => {
  it.each([
    [{ key: 'systemName' }, 'ok'],
    [{ key: 'k'.repeat(64) }, 'ok'],
    [{ key: '' }, 'validation.required'],
    [{}, 'validation.required'],
    [{ key: 'k'.repeat(65) }, 'validation.tooLong'],
  ])('%j -> %s', (query, expected) => {
    expect(firstMessage(configQuerySchema, query)).toBe(expected);
  });

  it('the public keys include the system name and the command coordination code', () => {
    expect(PUBLIC_CONFIG_KEYS).toEqual(
      expect.arrayContaining(['systemName', 'commandCoordinationCode']),
    );
  });

  it('a setting value is a string or null', () => {
    expect(configValueSchema.safeParse('城市运行管理服务平台').success).toBe(true);
    expect(configValueSchema.safeParse(null).success).toBe(true);
    expect(configValueSchema.safeParse(1).success).toBe(false);
  });
});

describe('weatherSchema', () => {
  const weather = {
    city: '江城',
    cityEn: 'Jiangcheng',
    text: '多云',
    textEn: 'Cloudy',
    temperature: -3.5,
    icon: 'cloudy',
    updatedAt: '2026-06-01T08:00:00.000Z',
  };

  it('accepts the weather', () => {
    expect(weatherSchema.parse(weather)).toEqual(weather);
  });

  it.each([
    ['a textual temperature', { temperature: '18' }],
    ['no English city', { cityEn: undefined }],
    ['no icon', { icon: undefined }],
  ])('refuses %s', (_name, override) => {
    expect(weatherSchema.safeParse({ ...weather, ...override }).success).toBe(false);
  });
});

describe('healthSchema', () => {
  it.each([
    [{ status: 'ok', database: 'ok', driver: 'pglite', uptimeSeconds: 1 }, true],
    [{ status: 'unavailable', database: 'down', driver: 'postgres', uptimeSeconds: 0 }, true],
    [{ status: 'degraded', database: 'ok', driver: 'pglite', uptimeSeconds: 1 }, false],
    [{ status: 'ok', database: 'ok', driver: 'mysql', uptimeSeconds: 1 }, false],
    // Anonymous callers get liveness only; the details are an administrator's.
    [{ status: 'ok', database: 'ok' }, true],
    [{ status: 'ok', database: 'ok', driver: 'pglite', uptimeSeconds: 'long' }, false],
  ])('%j -> %s', (value, expected) => {
    expect(healthSchema.safeParse(value).success).toBe(expected);
  });
});

describe('runtimeConfigSchema (/config.json)', () => {
  it.each([
    [
      {
        apiBaseUrl: '/api',
        routerMode: 'history',
        systemName: 'x',
        subsystemOrigins: [],
        idleMinutes: 30,
      },
      true,
    ],
    [
      {
        apiBaseUrl: '/api',
        routerMode: 'history',
        systemName: 'x',
        subsystemOrigins: [],
        idleMinutes: -1,
      },
      false,
    ],
    [
      {
        apiBaseUrl: 'https://api.example.com/api',
        routerMode: 'hash',
        systemName: 'x',
        subsystemOrigins: ['https://video.example.gov'],
        idleMinutes: 0,
      },
      true,
    ],
    [{ apiBaseUrl: '/api', routerMode: 'memory', systemName: 'x', subsystemOrigins: [] }, false],
    [{ apiBaseUrl: '/api', routerMode: 'history', systemName: 'x' }, false],
    [{ apiBaseUrl: '/api', routerMode: 'hash' }, false],
  ])('%j -> %s', (value, expected) => {
    expect(runtimeConfigSchema.safeParse(value).success).toBe(expected);
  });
});

describe('upload schemas', () => {
  it.each([
    ['avatars', 'ok'],
    [' article-covers ', 'ok'],
    ['a', 'ok'],
    ['', 'validation.required'],
    ['Avatars', 'upload.bucketInvalid'],
    ['-avatars', 'upload.bucketInvalid'],
    ['../etc', 'upload.bucketInvalid'],
    ['a'.repeat(64), 'upload.bucketInvalid'],
  ])('bucket %j -> %s', (value, expected) => {
    expect(firstMessage(bucketNameSchema, value)).toBe(expected);
  });

  it('the upload answer carries the url the spec reads', () => {
    const result = {
      id: '1',
      url: '/api/files/1.png',
      name: 'a.png',
      contentType: 'image/png',
      size: 10,
      width: 1,
      height: 1,
    };
    expect(uploadResultSchema.safeParse(result).success).toBe(true);
    expect(uploadResultSchema.safeParse({ ...result, contentType: 'image/gif' }).success).toBe(
      false,
    );
    expect(uploadResultSchema.safeParse({ ...result, url: undefined }).success).toBe(false);
  });
});
