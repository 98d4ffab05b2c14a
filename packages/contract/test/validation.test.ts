import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  auditSeqSchema,
  idSchema,
  mobileSchema,
  newPasswordSchema,
  requiredIdSchema,
  usernameSchema,
} from '../src/validation.js';
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

describe('idSchema (issue 21: the range of the integer id columns)', () => {
  it.each([
    ['1', 1],
    ['7', 7],
    [' 42 ', 42],
    ['2147483647', 2_147_483_647],
    [1, 1],
    [2_147_483_647, 2_147_483_647],
    [1e3, 1000],
  ])('takes %j as %d', (value, expected) => {
    expect(idSchema.parse(value)).toBe(expected);
  });

  it.each([
    '2147483648',
    2_147_483_648,
    '9999999999',
    '9223372036854775808',
    2 ** 63,
    '12345678901234567890',
    '9'.repeat(400),
    '0',
    0,
    '-1',
    -1,
    '0001',
    '01',
    '1.5',
    1.5,
    '1e3',
    '0x10',
    '+5',
    '1 2',
    'abc',
    'NaN',
    'Infinity',
    '１２',
    true,
    null,
    [],
    {},
  ])('refuses %j as not valid', (value) => {
    expect(outcome(idSchema, value)).toBe('validation.invalid');
  });

  it.each([undefined, '', '  '])('asks for %j', (value) => {
    expect(outcome(idSchema, value)).toBe('validation.required');
  });

  it("a form's own message for an empty id, the same refusal for a bad one", () => {
    const unit = requiredIdSchema('validation.unit.required');
    expect(outcome(unit, '')).toBe('validation.unit.required');
    expect(outcome(unit, undefined)).toBe('validation.unit.required');
    expect(outcome(unit, '2147483648')).toBe('validation.invalid');
    expect(unit.parse('12')).toBe(12);
  });
});

describe('auditSeqSchema (a bigint column, read as an exact JavaScript number)', () => {
  it.each([
    ['1', 1],
    ['2147483648', 2_147_483_648],
    ['9007199254740991', Number.MAX_SAFE_INTEGER],
  ])('takes %j', (value, expected) => {
    expect(auditSeqSchema.parse(value)).toBe(expected);
  });

  it.each(['9007199254740992', '9223372036854775808', '12345678901234567890', '007', '0', '1e3'])(
    'refuses %j',
    (value) => {
      expect(outcome(auditSeqSchema, value)).toBe('validation.invalid');
    },
  );
});
