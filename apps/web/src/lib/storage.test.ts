import { afterEach, describe, expect, it, vi } from 'vitest';
import { storageApi } from './storage';

/** What Chromium does to a frame on another site: touching the storage throws. */
function refuseStorage(kind: 'localStorage' | 'sessionStorage') {
  return vi.spyOn(window, kind, 'get').mockImplementation(() => {
    throw new DOMException('Access is denied for this document.', 'SecurityError');
  });
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('storage', () => {
  it('reads and writes the browser storage when it is available', () => {
    const local = storageApi('localStorage');
    local.set('language', 'en');
    expect(localStorage.getItem('language')).toBe('en');
    expect(local.get('language')).toBe('en');
    local.remove('language');
    expect(localStorage.getItem('language')).toBeNull();
    expect(local.get('language')).toBeNull();
  });

  it.each(['localStorage', 'sessionStorage'] as const)(
    'keeps values in memory for this page when %s is refused',
    (kind) => {
      const storage = storageApi(kind);
      refuseStorage(kind);
      expect(storage.get('token')).toBeNull();
      storage.set('token', 'T');
      expect(storage.get('token')).toBe('T');
      storage.remove('token');
      expect(storage.get('token')).toBeNull();
    },
  );

  it('keeps a value in memory when writing throws (a full storage)', () => {
    const local = storageApi('localStorage');
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    local.set('userData', '{"name":"张伟"}');
    expect(local.get('userData')).toBe('{"name":"张伟"}');
  });

  it('prefers what the storage holds once it accepts the value again', () => {
    const local = storageApi('localStorage');
    const refusal = refuseStorage('localStorage');
    local.set('size', 'small');
    refusal.mockRestore();
    local.set('size', 'large');
    expect(local.get('size')).toBe('large');
    localStorage.removeItem('size');
    // The page's old copy was dropped when the storage took the new value.
    expect(local.get('size')).toBeNull();
  });
});
