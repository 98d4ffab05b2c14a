import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { mobileSchema, newPasswordSchema, usernameSchema } from '../src/validation.js';
import { messageKeyErrorMap } from '../src/zod-messages.js';

/** The first message key a schema answers for a value, or 'ok'. */
function outcome(schema: z.ZodType, value: unknown): string {
  const result = schema.safeParse(value);
  return result.success ? 'ok' : result.error.issues[0]!.message;
}

beforeAll(() => {
  // As the server and the web app do: zod's own issues become message keys too.
  z.config({ customError: messageKeyErrorMap });
});

describe('mobileSchema', () => {
  it.each([
    ['13800138000', 'ok'],
    ['+8613800138000', 'ok'],
    ['008613800138000', 'ok'],
    [' 13800138000 ', 'ok'],
    ['', 'validation.mobile.required'],
    ['   ', 'validation.mobile.required'],
    [undefined, 'validation.mobile.required'],
    [13800138000, 'validation.mobile.required'],
    ['12800138000', 'validation.mobile.invalid'],
    ['1380013800', 'validation.mobile.invalid'],
    ['+85213800138000', 'validation.mobile.invalid'],
  ])('%j -> %s', (value, expected) => {
    expect(outcome(mobileSchema, value)).toBe(expected);
  });

  it('trims the number it keeps', () => {
    expect(mobileSchema.parse('  +8613800138000\t')).toBe('+8613800138000');
  });
});

describe('newPasswordSchema', () => {
  it.each([
    ['Admin@2026', 'ok'],
    ['Aa1!aaaa', 'ok'],
    [`Aa1!${'a'.repeat(14)}`, 'ok'],
    ['', 'validation.newPassword.required'],
    [undefined, 'validation.newPassword.required'],
    [null, 'validation.newPassword.required'],
    ['Aa1!aaa', 'validation.newPassword.policy'],
    [`Aa1!${'a'.repeat(15)}`, 'validation.newPassword.policy'],
    ['admin@2026', 'validation.newPassword.policy'],
    ['ADMIN@2026', 'validation.newPassword.policy'],
    ['Admin@abcd', 'validation.newPassword.policy'],
    ['Admin20266', 'validation.newPassword.policy'],
  ])('%j -> %s', (value, expected) => {
    expect(outcome(newPasswordSchema, value)).toBe(expected);
  });

  it('does not trim: spaces are part of a password', () => {
    expect(newPasswordSchema.parse(' Admin@2026 ')).toBe(' Admin@2026 ');
  });
});

describe('usernameSchema (login trims the account name)', () => {
  it.each([
    ['admin', 'ok'],
    ['  admin  ', 'ok'],
    ['a'.repeat(64), 'ok'],
    ['', 'validation.username.required'],
    ['   ', 'validation.username.required'],
    [undefined, 'validation.username.required'],
    [42, 'validation.username.required'],
    ['a'.repeat(65), 'validation.tooLong'],
  ])('%j -> %s', (value, expected) => {
    expect(outcome(usernameSchema, value)).toBe(expected);
  });

  it('keeps the trimmed name', () => {
    expect(usernameSchema.parse('  operator \n')).toBe('operator');
  });
});
