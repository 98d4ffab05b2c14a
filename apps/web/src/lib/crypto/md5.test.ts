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

  // The test suite of RFC 1321, appendix A.5.
  it.each([
    ['', 'd41d8cd98f00b204e9800998ecf8427e'],
    ['a', '0cc175b9c0f1b6a831c399e269772661'],
    ['abc', '900150983cd24fb0d6963f7d28e17f72'],
    ['message digest', 'f96b697d7cb7938d525a2f31aaf161d0'],
    ['abcdefghijklmnopqrstuvwxyz', 'c3fcd3d76192e4007dfb496cca67e13b'],
    [
      'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789',
      'd174ab98d277d9f5a5611c2c9f419d9f',
    ],
    [
      '12345678901234567890123456789012345678901234567890123456789012345678901234567890',
      '57edf4a22be3c955ac49da2e2107b67a',
    ],
  ])('gives the RFC 1321 test suite digest of %j', (text, expected) => {
    expect(md5Hex(text)).toBe(expected);
  });
});
