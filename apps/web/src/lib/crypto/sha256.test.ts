import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import { describe, expect, it } from 'vitest';

/** Pins the SHA-256 that the RSA-OAEP fallback (rsa-oaep.ts) masks with. */
describe('sha256 of @noble/hashes', () => {
  // FIPS 180-2, appendix B.1 to B.3 (the million "a" of B.3 included).
  it.each([
    ['abc', 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad'],
    [
      'abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq',
      '248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1',
    ],
    ['a'.repeat(1_000_000), 'cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0'],
    ['', 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855'],
  ])('gives the FIPS 180-2 digest of %#', (text, expected) => {
    expect(bytesToHex(sha256(utf8ToBytes(text)))).toBe(expected);
  });
});
