import { describe, expect, it } from 'vitest';
import { ErrorCode, errorMessageKey, httpStatusOf } from '../src/error-codes.js';
import { contractMessages, isMessageKey } from '../src/message-catalog.js';

const codes = Object.values(ErrorCode);

describe('error codes', () => {
  it('are six-digit strings, all different', () => {
    for (const code of codes) expect(code).toMatch(/^\d{6}$/);
    expect(new Set(codes).size).toBe(codes.length);
  });

  it('have the values the spec and DESIGN.md name', () => {
    expect(ErrorCode.SUCCESS).toBe('000000');
    expect(ErrorCode.TOKEN_INVALID).toBe('040005');
    expect(ErrorCode.SESSION_GONE).toBe('000404');
  });

  it('group caller errors as 04xxxx and server errors as 05xxxx', () => {
    for (const code of codes) {
      if (code === ErrorCode.SUCCESS || code === ErrorCode.SESSION_GONE) continue;
      const status = httpStatusOf[code];
      expect(code.startsWith(status >= 500 ? '05' : '04'), `${code} -> ${status}`).toBe(true);
    }
  });

  it.each([
    [ErrorCode.SUCCESS, 200],
    [ErrorCode.TOKEN_INVALID, 401],
    [ErrorCode.SESSION_GONE, 401],
    [ErrorCode.VALIDATION, 422],
    [ErrorCode.FORBIDDEN, 403],
    [ErrorCode.NOT_FOUND, 404],
    [ErrorCode.CONFLICT, 409],
    [ErrorCode.PAYLOAD_TOO_LARGE, 413],
    [ErrorCode.RATE_LIMITED, 429],
    [ErrorCode.ACCOUNT_LOCKED, 423],
    [ErrorCode.SERVER_ERROR, 500],
    [ErrorCode.UNAVAILABLE, 503],
    [ErrorCode.TEMPORARILY_UNAVAILABLE, 503],
  ])('code %s goes with HTTP %i', (code, status) => {
    expect(httpStatusOf[code]).toBe(status);
  });

  it('every code has an HTTP status', () => {
    for (const code of codes) expect(httpStatusOf[code]).toBeGreaterThanOrEqual(200);
  });

  it('every failure code has a message in both languages', () => {
    for (const code of codes) {
      if (code === ErrorCode.SUCCESS) continue;
      const key = errorMessageKey[code];
      expect(isMessageKey(key), code).toBe(true);
      expect(contractMessages.en[key]).toBeTruthy();
      expect(contractMessages['zh-CN'][key]).toBeTruthy();
    }
  });

  it('040005 and 000404 carry the spec texts', () => {
    expect(contractMessages.en[errorMessageKey[ErrorCode.TOKEN_INVALID]]).toBe(
      'Invalid token, please log in again!',
    );
    expect(contractMessages.en[errorMessageKey[ErrorCode.SESSION_GONE]]).toBe(
      'Please log in again',
    );
    expect(contractMessages.en[errorMessageKey[ErrorCode.SERVER_ERROR]]).toBe('Server exception');
  });
});
