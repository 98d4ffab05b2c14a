import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { contractMessages, formatMessage, isMessageKey } from '../src/message-catalog.js';
import { type MessageKey, defaultLanguage, languages } from '../src/messages.js';

const en = contractMessages.en;
const zh = contractMessages['zh-CN'];
const keys = Object.keys(en) as MessageKey[];
const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();

describe('contract messages', () => {
  it('have the same keys in en and zh-CN', () => {
    expect(Object.keys(zh).sort()).toEqual([...keys].sort());
  });

  it.each(keys)('%s has a text in both languages with the same placeholders', (key) => {
    expect(en[key].trim()).not.toBe('');
    expect(zh[key].trim()).not.toBe('');
    expect(placeholders(zh[key])).toEqual(placeholders(en[key]));
  });

  // A text of placeholders and punctuation alone has nothing to translate, nor has
  // example data (a login name in the import template).
  const exampleData = new Set<string>(['system.sheet.exampleUsername']);
  const hasWords = (key: MessageKey) =>
    !exampleData.has(key) && /[A-Za-z]{2,}/.test(en[key].replace(/\{\{\w+\}\}/g, ''));

  it.each(keys.filter(hasWords))('%s is proper Chinese in zh-CN', (key) => {
    expect(zh[key]).toMatch(/[\u4e00-\u9fff]/);
    expect(zh[key]).not.toBe(en[key]);
  });

  it('every message key the contract sources name exists', () => {
    const sourceDir = fileURLToPath(new URL('../src', import.meta.url));
    const named = new Set<string>();
    for (const file of fs.readdirSync(sourceDir)) {
      if (!file.endsWith('.ts') || file === 'messages.ts') continue;
      const text = fs.readFileSync(path.join(sourceDir, file), 'utf8');
      for (const match of text.matchAll(/'((?:validation|error|upload)\.[A-Za-z.]+)'/g)) {
        named.add(match[1]!);
      }
    }
    expect(named.size).toBeGreaterThan(10);
    for (const key of named) expect(isMessageKey(key), key).toBe(true);
  });

  // The exact English texts the product specifies for the form messages.
  it.each([
    ['validation.username.required', 'Username cannot be empty!'],
    ['validation.name.required', 'Name cannot be empty!'],
    ['validation.mobile.required', 'Please enter mobile number'],
    ['validation.mobile.invalid', 'Please enter correct mobile number'],
    ['validation.unit.required', 'Unit cannot be empty!'],
    ['validation.department.required', 'Department cannot be empty!'],
    ['validation.oldPassword.required', 'Please enter old password'],
    ['validation.newPassword.required', 'Please enter new password'],
    [
      'validation.newPassword.policy',
      'Password needs 8-18 characters, must contain upper and lower case letters, digits, special characters!',
    ],
    ['validation.confirmPassword.required', 'Please confirm password again'],
    ['validation.confirmPassword.mismatch', 'The two passwords do not match'],
    ['validation.password.mismatchOnSubmit', 'Two passwords do not match'],
    ['error.tokenInvalid', 'Invalid token, please log in again!'],
    ['error.sessionGone', 'Please log in again'],
    ['error.server', 'Server exception'],
    ['error.passwordResetRequired', 'Please reset password'],
  ] as const)('%s is the spec text', (key, text) => {
    expect(en[key]).toBe(text);
  });

  it('offer Chinese first and by default', () => {
    expect(defaultLanguage).toBe('zh-CN');
    expect([...languages].sort()).toEqual(['en', 'zh-CN']);
  });
});

describe('isMessageKey', () => {
  it.each([
    ['validation.required', true],
    ['error.tokenInvalid', true],
    ['upload.corrupt', true],
    ['validation.nope', false],
    ['toString', false],
    ['constructor', false],
    ['', false],
  ])('%j -> %s', (value, expected) => {
    expect(isMessageKey(value)).toBe(expected);
  });
});

describe('formatMessage', () => {
  it('renders in each language', () => {
    expect(formatMessage('en', 'error.badCredentials')).toBe('Incorrect username or password');
    expect(formatMessage('zh-CN', 'error.badCredentials')).toBe('用户名或密码错误');
  });

  it('fills placeholders and keeps unknown ones', () => {
    expect(formatMessage('en', 'error.validation', { fields: 'username, password' })).toBe(
      'Please check the field: username, password',
    );
    expect(formatMessage('zh-CN', 'upload.tooLarge', { limit: '10 MB' })).toBe(
      '文件大小不能超过 10 MB',
    );
    expect(formatMessage('en', 'error.validation')).toBe('Please check the field: {{fields}}');
    expect(
      formatMessage('en', 'upload.tooManyPixels', { width: 9000, height: 9000, limit: 40 }),
    ).toBe('The image is too large (9000 x 9000 pixels; at most 40 megapixels)');
  });

  it('does not interpret replacement patterns in values', () => {
    expect(formatMessage('en', 'error.validation', { fields: '$& $1' })).toBe(
      'Please check the field: $& $1',
    );
  });
});
