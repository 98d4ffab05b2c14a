import { describe, expect, it } from 'vitest';
import {
  DATA_SCOPES,
  escapeSpreadsheetText,
  isAllowedMenuAddress,
  loginNameSchema,
  looksLikeFormula,
  menuCreateSchema,
  normalizeLoginName,
  roleCreateSchema,
  unescapeSpreadsheetText,
  userCreateSchema,
  userEditSchema,
} from '../src/index.js';

describe('login names', () => {
  it('fold compatible forms and drop invisible characters, so look-the-same is the same', () => {
    expect(normalizeLoginName(' wang\u200b.fang ')).toBe('wang.fang');
    expect(normalizeLoginName('ｗａｎｇ')).toBe('wang');
    expect(normalizeLoginName('li\u2060ming\u200d')).toBe('liming');
    expect(loginNameSchema.parse('zhang\u200bwei')).toBe('zhangwei');
  });

  it('refuse letters of other scripts that look Latin, and other characters', () => {
    for (const name of ['wаng', 'zhang wei', 'a', '.lead', 'x'.repeat(33), '张伟', 'a/b']) {
      const parsed = loginNameSchema.safeParse(name);
      expect(parsed.success, name).toBe(false);
    }
    for (const name of ['ab', 'jb_officer', 'wang.fang', 'Z-9', 'x'.repeat(32)]) {
      expect(loginNameSchema.safeParse(name).success, name).toBe(true);
    }
  });

  it('name the message keys of the form', () => {
    const empty = loginNameSchema.safeParse('\u200b');
    expect(empty.error?.issues[0]?.message).toBe('validation.username.required');
    const wrong = loginNameSchema.safeParse('wаng');
    expect(wrong.error?.issues[0]?.message).toBe('system.loginName.invalid');
  });
});

describe('the user form', () => {
  const user = {
    username: 'li.ming',
    name: '李明',
    mobile: '13900001111',
    organizationId: '3',
    roleIds: ['staff'],
  };

  it('takes ids as strings or numbers and defaults the department to none', () => {
    expect(userCreateSchema.parse(user)).toMatchObject({ organizationId: 3, departmentId: null });
  });

  it('needs the version it started from to edit', () => {
    expect(userEditSchema.safeParse(user).success).toBe(false);
    expect(userEditSchema.parse({ ...user, version: '2' }).version).toBe(2);
  });

  it('refuses control characters in names and a bad mobile number', () => {
    expect(userCreateSchema.safeParse({ ...user, name: 'a\u0007b' }).success).toBe(false);
    expect(userCreateSchema.safeParse({ ...user, mobile: '12345' }).success).toBe(false);
  });
});

describe('roles and their data scopes', () => {
  it('know the five scopes and nothing else', () => {
    expect(DATA_SCOPES).toEqual(['all', 'units', 'unit', 'unit-and-below', 'self']);
    const role = { id: 'inspector', name: '督查', nameEn: 'Inspector' };
    for (const dataScope of DATA_SCOPES) {
      expect(roleCreateSchema.safeParse({ ...role, dataScope }).success, dataScope).toBe(true);
    }
    // A scope is a value, never SQL: anything else is refused before the server reads it.
    for (const dataScope of ["all' or 1=1", 'dept', '']) {
      expect(roleCreateSchema.safeParse({ ...role, dataScope }).success, dataScope).toBe(false);
    }
  });

  it('take codes of lower-case letters, digits, _ and -', () => {
    const role = { name: '督查', nameEn: 'Inspector', dataScope: 'self' };
    expect(roleCreateSchema.safeParse({ ...role, id: 'district_admin' }).success).toBe(true);
    for (const id of ['Admin', '1role', 'a', 'with space']) {
      expect(roleCreateSchema.safeParse({ ...role, id }).success, id).toBe(false);
    }
  });
});

describe('menu addresses', () => {
  it('allow a path of this product or an http(s) address, nothing else', () => {
    for (const url of [
      '',
      '/amap',
      '/demo-subsystem.html?system=x',
      'https://a.gov.cn/x?y=1#z',
      'http://10.0.0.5:8080/',
    ]) {
      expect(isAllowedMenuAddress(url), url).toBe(true);
    }
    for (const url of [
      'javascript:alert(1)',
      '//evil.example',
      'data:text/html,x',
      'ftp://x',
      'amap',
      '/a b',
      'https://',
      'http:\\\\evil',
    ]) {
      expect(isAllowedMenuAddress(url), url).toBe(false);
    }
  });

  it('are checked by the menu form, with the message key', () => {
    const parsed = menuCreateSchema.safeParse({
      code: 'bad',
      name: '坏',
      nameEn: 'Bad',
      kind: 'page',
      externalUrl: 'javascript:alert(1)',
    });
    expect(parsed.error?.issues[0]?.message).toBe('system.menu.addressInvalid');
  });
});

describe('spreadsheet cells', () => {
  it('escape text a spreadsheet would read as a formula, and read it back', () => {
    for (const text of ["=cmd|' /C calc'!A0", '+SUM(A1)', '-2+3', '@x', '\tx']) {
      const escaped = escapeSpreadsheetText(text);
      expect(escaped, text).toBe(`'${text}`);
      expect(unescapeSpreadsheetText(escaped)).toBe(text);
    }
    expect(escapeSpreadsheetText('张伟')).toBe('张伟');
  });

  it('tell formulas from mobile numbers', () => {
    expect(looksLikeFormula('=1+1')).toBe(true);
    expect(looksLikeFormula('@SUM(A1)')).toBe(true);
    expect(looksLikeFormula('+cmd')).toBe(true);
    expect(looksLikeFormula('+8613800138000')).toBe(false);
    expect(looksLikeFormula('李明')).toBe(false);
  });
});
