import { describe, expect, it } from 'vitest';
import { md5Hex } from './md5';

describe('md5Hex', () => {
  it.each([
    ['', 'd41d8cd98f00b204e9800998ecf8427e'],
    ['abc', '900150983cd24fb0d6963f7d28e17f72'],
    ['The quick brown fox jumps over the lazy dog', '9e107d9d372bb6826bd81d3542a419d6'],
    ['Admin@2026', 'ce5dec5f7d5cda41bd625bd6a23bb9aa'],
    ['密码Ab1!', '5a6c3edf512f31478b506a9f61af0d45'],
    ['a'.repeat(120), '5f61c0ccad4cac44c75ff505e1f1e537'],
  ])('digests %j like RFC 1321', (text, expected) => {
    expect(md5Hex(text)).toBe(expected);
  });
});
