import { describe, expect, it } from 'vitest';
import { describeBrowser, signInTime } from './session-display';

describe('session display', () => {
  it('names a browser and its system', () => {
    expect(
      describeBrowser(
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
      ),
    ).toBe('Chrome 131 · Windows 10');
    expect(describeBrowser(null)).toBe('');
    expect(describeBrowser('curl-like-thing')).toBe('curl-like-thing');
  });

  it('writes a time to the minute in the city time zone', () => {
    expect(signInTime('2026-11-26T01:12:30Z')).toBe('2026-11-26 09:12');
    expect(signInTime('nonsense')).toBe('');
  });
});
