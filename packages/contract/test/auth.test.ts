import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  publicKeySchema,
  tokenRequestSchema,
  tokenResponseSchema,
  userDataSchema,
  userQuerySchema,
} from '../src/auth.js';
import { LOGIN_APP_ID, LOGIN_SCOPE } from '../src/constants.js';
import { messageKeyErrorMap } from '../src/zod-messages.js';

beforeAll(() => {
  z.config({ customError: messageKeyErrorMap });
});

/** Field -> message key of every issue, or 'ok'. */
function issues(schema: z.ZodType, value: unknown): Record<string, string> | 'ok' {
  const result = schema.safeParse(value);
  if (result.success) return 'ok';
  return Object.fromEntries(
    result.error.issues.map((issue) => [issue.path.join('.'), issue.message]),
  );
}

const goodLogin = {
  grant_type: 'password',
  username: 'admin',
  password: 'bXkgY2lwaGVy',
  keyId: '0b0a3c8e-6f6b-4a53-9d7e-0f4c1a2b3c4d',
  scope: 'read',
  appId: 'PC',
};

describe('tokenRequestSchema (password grant)', () => {
  it('uses scope read and appId PC', () => {
    expect(LOGIN_SCOPE).toBe('read');
    expect(LOGIN_APP_ID).toBe('PC');
  });

  it('accepts the login body and trims the account name', () => {
    expect(tokenRequestSchema.parse({ ...goodLogin, username: '  admin  ' })).toEqual(goodLogin);
  });

  it('ignores fields it does not know', () => {
    expect(tokenRequestSchema.parse({ ...goodLogin, remember: 'true' })).toEqual(goodLogin);
  });

  it.each([
    [{ grant_type: 'client_credentials' }, { grant_type: 'validation.invalid' }],
    [{ grant_type: undefined }, { grant_type: 'validation.required' }],
    [{ username: '' }, { username: 'validation.username.required' }],
    [{ username: '   ' }, { username: 'validation.username.required' }],
    [{ username: undefined }, { username: 'validation.username.required' }],
    [{ username: 'a'.repeat(65) }, { username: 'validation.tooLong' }],
    [{ password: '' }, { password: 'validation.password.required' }],
    [{ password: undefined }, { password: 'validation.password.required' }],
    [{ password: 'a'.repeat(1025) }, { password: 'validation.tooLong' }],
    [{ keyId: '' }, { keyId: 'validation.required' }],
    [{ keyId: undefined }, { keyId: 'validation.required' }],
    [{ keyId: 'k'.repeat(65) }, { keyId: 'validation.tooLong' }],
    [{ scope: 'write' }, { scope: 'validation.invalid' }],
    [{ scope: undefined }, { scope: 'validation.required' }],
    [{ appId: 'APP' }, { appId: 'validation.invalid' }],
    [{ appId: 'pc' }, { appId: 'validation.invalid' }],
  ])('%j -> %j', (override, expected) => {
    expect(issues(tokenRequestSchema, { ...goodLogin, ...override })).toEqual(expected);
  });

  it('names every bad field at once', () => {
    expect(Object.keys(issues(tokenRequestSchema, {}) as object).sort()).toEqual(
      ['appId', 'grant_type', 'keyId', 'password', 'scope', 'username'].sort(),
    );
  });
});

const userData = {
  username: 'admin',
  id: '1',
  userId: '1',
  roleIds: ['admin'],
  permissions: ['system:user:read'],
  name: '系统管理员',
  mobile: '13800138000',
  organizationId: '1',
  departmentId: null,
  headImage: null,
};

describe('userDataSchema', () => {
  it('accepts the user data', () => {
    expect(userDataSchema.parse(userData)).toEqual(userData);
  });

  it.each([
    ['a numeric id', { id: 1 }],
    ['roleIds as a string', { roleIds: 'admin' }],
    ['a missing name', { name: undefined }],
    ['an undefined organisation (null is the empty value)', { organizationId: undefined }],
  ])('refuses %s', (_name, override) => {
    expect(userDataSchema.safeParse({ ...userData, ...override }).success).toBe(false);
  });
});

describe('tokenResponseSchema', () => {
  const good = {
    ...userData,
    access_token: 'abc',
    token_type: 'bearer',
    expires_in: 8640,
    scope: 'read',
  };

  it('is the user data plus access_token', () => {
    expect(tokenResponseSchema.parse(good)).toEqual(good);
  });

  it.each([
    ['no access_token', { access_token: undefined }],
    ['a mac token type', { token_type: 'mac' }],
    ['a fractional lifetime', { expires_in: 1.5 }],
  ])('refuses %s', (_name, override) => {
    expect(tokenResponseSchema.safeParse({ ...good, ...override }).success).toBe(false);
  });
});

describe('publicKeySchema', () => {
  it('accepts an RSA-OAEP-256 or an SM2 key, and no other', () => {
    const key = { keyId: 'k', publicKey: '-----BEGIN PUBLIC KEY-----', algorithm: 'RSA-OAEP-256' };
    expect(publicKeySchema.parse(key)).toEqual(key);
    expect(publicKeySchema.safeParse({ ...key, algorithm: 'RSA1_5' }).success).toBe(false);
    expect(publicKeySchema.parse({ ...key, algorithm: 'SM2' }).algorithm).toBe('SM2');
  });
});

describe('userQuerySchema (GET /organization/user?uniqueId=)', () => {
  it.each([
    [{ uniqueId: 'admin' }, 'ok'],
    [{ uniqueId: ' admin ' }, 'ok'],
    [{ uniqueId: '' }, { uniqueId: 'validation.username.required' }],
    [{}, { uniqueId: 'validation.username.required' }],
  ])('%j -> %j', (query, expected) => {
    expect(issues(userQuerySchema, query)).toEqual(expected);
  });
});
