import { describe, expect, it } from 'vitest';
import {
  MD5_HEX_PATTERN,
  MOBILE_PATTERN,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  PASSWORD_SPECIALS,
  DEFAULT_PASSWORD_RULES,
  isMobile,
  meetsPasswordPolicy,
  passwordProblem,
} from '../src/rules.js';

describe('mainland mobile pattern', () => {
  it.each([
    '13800138000',
    '13912345678',
    '14512345678',
    '15800002222',
    '16612345678',
    '17712345678',
    '18812345678',
    '19912345678',
    '+8613800138000',
    '008613800138000',
    '+8619912345678',
  ])('accepts %s', (value) => {
    expect(isMobile(value)).toBe(true);
    expect(MOBILE_PATTERN.test(value)).toBe(true);
  });

  it.each([
    ['', 'empty'],
    ['10012345678', 'second digit 0'],
    ['11012345678', 'second digit 1'],
    ['12012345678', 'second digit 2'],
    ['23800138000', 'does not start with 1'],
    ['1380013800', '10 digits'],
    ['138001380000', '12 digits'],
    ['8613800138000', '86 without +'],
    ['08613800138000', '086 prefix'],
    ['+85213800138000', 'Hong Kong prefix'],
    ['+86 13800138000', 'space after the prefix'],
    ['138-0013-8000', 'dashes'],
    ['138 0013 8000', 'spaces'],
    [' 13800138000', 'leading space (the schema trims, the pattern does not)'],
    ['1380013800a', 'a letter'],
    ['+0086138001380', 'both prefixes'],
    ['１３８００１３８０００', 'full-width digits'],
    ['13800138000\n', 'trailing newline'],
  ])('refuses %j (%s)', (value) => {
    expect(isMobile(value)).toBe(false);
  });
});

describe('password policy', () => {
  it('has the spec constants', () => {
    expect(PASSWORD_MIN_LENGTH).toBe(8);
    expect(PASSWORD_MAX_LENGTH).toBe(18);
    expect([...PASSWORD_SPECIALS].sort()).toEqual(
      ['!', '@', '#', '$', '%', '^', '&', '-', '.', '+', '_', '*', '?', ' '].sort(),
    );
  });

  it.each([
    ['Admin@2026', 'demo password'],
    ['Operator@2026', 'demo password'],
    ['Stale@2026a', 'demo password'],
    ['Newhire@2026', 'demo password'],
    ['Aa1!aaaa', 'exactly 8 characters'],
    [`Aa1!${'a'.repeat(14)}`, 'exactly 18 characters'],
    ['Aa1 bbbb', 'space as the special character'],
    ['1!aaaaaA', 'order does not matter'],
    ['Aa1~bbb@', 'other characters are allowed once a listed special is present'],
    ['Aa1密码abc!', 'non-ASCII letters next to the required classes'],
  ])('accepts %j (%s)', (value) => {
    expect(meetsPasswordPolicy(value)).toBe(true);
  });

  it.each([...PASSWORD_SPECIALS])('accepts the special character %j', (special) => {
    expect(meetsPasswordPolicy(`Abcdef1${special}`)).toBe(true);
  });

  it.each([
    ['', 'empty'],
    ['Aa1!aaa', '7 characters'],
    [`Aa1!${'a'.repeat(15)}`, '19 characters'],
    ['admin@2026', 'no upper-case letter'],
    ['ADMIN@2026', 'no lower-case letter'],
    ['Admin@abcd', 'no digit'],
    ['Admin2026x', 'no special character'],
    ['Admin(2026', '( is not in the special set'],
    ['Admin~2026', '~ is not in the special set'],
    ['Admin/2026', '/ is not in the special set'],
    ['Admin=2026', '= is not in the special set'],
    ['Aa1!\naaaa', 'a line break'],
  ])('refuses %j (%s)', (value) => {
    expect(meetsPasswordPolicy(value)).toBe(false);
  });
});

describe('the security administrator’s password rules (issue 24)', () => {
  it('keeps the spec’s message at the default minimum and names another minimum', () => {
    expect(passwordProblem('Abc#1234', DEFAULT_PASSWORD_RULES, 'admin')).toBeNull();
    expect(passwordProblem('Abc#123', DEFAULT_PASSWORD_RULES, null)).toEqual({
      key: 'validation.newPassword.policy',
      values: { min: 8, max: 18 },
    });
    const twelve = { minLength: 12, forbidLoginName: false };
    expect(passwordProblem('Abc#12345678', twelve, null)).toBeNull();
    expect(passwordProblem('Abc#1234567', twelve, null)).toEqual({
      key: 'validation.newPassword.policyLength',
      values: { min: 12, max: 18 },
    });
    // The classes stay required whatever the length.
    expect(passwordProblem('abcdefgh#123', twelve, null)?.key).toBe(
      'validation.newPassword.policyLength',
    );
  });

  it('refuses the login name in any case only when the rule is on and the name is known', () => {
    const rules = { minLength: 8, forbidLoginName: true };
    expect(passwordProblem('My#Admin2026', rules, 'admin')).toEqual({
      key: 'validation.newPassword.containsLoginName',
      values: {},
    });
    expect(passwordProblem('My#ADMIN2026', rules, 'Admin')?.key).toBe(
      'validation.newPassword.containsLoginName',
    );
    expect(passwordProblem('My#Admin2026', rules, null)).toBeNull();
    expect(passwordProblem('My#Admin2026', DEFAULT_PASSWORD_RULES, 'admin')).toBeNull();
    expect(passwordProblem('My#Adm1n2026', rules, 'admin')).toBeNull();
  });
});

describe('MD5 hex digest pattern', () => {
  it.each(['e10adc3949ba59abbe56e057f20f883e', '0'.repeat(32)])('accepts %s', (value) => {
    expect(MD5_HEX_PATTERN.test(value)).toBe(true);
  });

  it.each([
    ['E10ADC3949BA59ABBE56E057F20F883E', 'upper case'],
    ['e10adc3949ba59abbe56e057f20f883', '31 characters'],
    ['e10adc3949ba59abbe56e057f20f883e0', '33 characters'],
    ['g10adc3949ba59abbe56e057f20f883e', 'not hex'],
    ['Admin@2026', 'a plain password'],
  ])('refuses %s (%s)', (value) => {
    expect(MD5_HEX_PATTERN.test(value)).toBe(false);
  });
});
