import { afterEach, describe, expect, it, vi } from 'vitest';
import { cookies } from './storage';
import { clearToken, getToken, saveToken } from './token';

describe('token storage', () => {
  it('reads the cookie first', () => {
    cookies.set('token', 'from-cookie');
    localStorage.setItem('token', 'from-local');
    expect(getToken()).toBe('from-cookie');
  });

  it('falls back to local storage when the cookie is gone', () => {
    localStorage.setItem('token', 'from-local');
    expect(getToken()).toBe('from-local');
  });

  it('has no token when neither holds one', () => {
    expect(getToken()).toBeNull();
  });

  it('saves to the cookie (path /) and local storage, and clears both', () => {
    saveToken('abc def');
    expect(document.cookie).toContain('token=abc%20def');
    expect(localStorage.getItem('token')).toBe('abc def');
    expect(getToken()).toBe('abc def');

    clearToken();
    expect(getToken()).toBeNull();
    expect(localStorage.getItem('token')).toBeNull();
  });
});

describe('token in a frame whose storage and cookies are refused (another site)', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    clearToken();
  });

  it('keeps the token in memory for the page, and forgets it on sign-out', () => {
    vi.spyOn(window, 'localStorage', 'get').mockImplementation(() => {
      throw new DOMException('Access is denied for this document.', 'SecurityError');
    });
    // Third-party cookies are dropped without a word.
    vi.spyOn(Document.prototype, 'cookie', 'set').mockImplementation(() => undefined);

    saveToken('T');
    expect(getToken()).toBe('T');

    clearToken();
    expect(getToken()).toBeNull();
  });
});
