import { createCipheriv, createHash } from 'node:crypto';
import { sm2, sm3, sm4 } from 'sm-crypto-v2';
import { describe, expect, it } from 'vitest';
import { sm2Decrypt } from '../../../src/modules/auth/rsa-key.service.js';

// The 国密 profile's algorithms against the standards' own examples, in both the
// library the browser uses (sm-crypto-v2) and Node's OpenSSL where the server uses it.

describe('SM3 (GB/T 32905-2016, example 1)', () => {
  const ABC = '66c7f0f462eeedd9d1f2d46bdc10e4e24167c4875cf2f7a2297da02b8f4ba8e0';

  it('hashes "abc" to the standard digest, in node:crypto and in sm-crypto-v2', () => {
    expect(createHash('sm3').update('abc').digest('hex')).toBe(ABC);
    expect(sm3('abc')).toBe(ABC);
  });

  it('example 2: sixteen times "abcd"', () => {
    expect(createHash('sm3').update('abcd'.repeat(16)).digest('hex')).toBe(
      'debe9ff92275b8a138604889c18e5a4d6fdb70e5387e5765293dcba39c0c5732',
    );
  });
});

describe('SM4 (GB/T 32907-2016, appendix A.1)', () => {
  const KEY = '0123456789abcdeffedcba9876543210';
  const CIPHER = '681edf34d206965e86b3e94f536e4246';

  it('encrypts the block with its own key to the standard cipher, in node:crypto and sm-crypto-v2', () => {
    const cipher = createCipheriv('sm4-ecb', Buffer.from(KEY, 'hex'), null);
    cipher.setAutoPadding(false);
    expect(
      Buffer.concat([cipher.update(Buffer.from(KEY, 'hex')), cipher.final()]).toString('hex'),
    ).toBe(CIPHER);
    expect(sm4.encrypt(sm2.hexToArray(KEY), KEY, { padding: 'none' })).toBe(CIPHER);
  });
});

describe('SM2 encryption (GB/T 32918.5-2017, annex C; GM/T 0003.5-2012)', () => {
  const PRIVATE = '3945208f7b2144b13f36e38ac6d39f95889393692860b51a42fb81ef4df7c5b8';
  const PUBLIC =
    '0409f9df311e5421a150dd7d161e4bc5c672179fad1833fc076bb08ff356f35020' +
    'ccea490ce26775a52dc6ea718cc1aa600aed05fbf35e084a6632f6072da9ad13';
  // C1 = [k]G with the example's k; its x begins with 04, as a leading 04 would.
  const C1 =
    '04ebfc718e8d1798620432268e77feb6415e2ede0e073c0f4f640ecd2e149a73' +
    'e858f9d81e5430a57b36daab8f950a3c64e6ee6a63094d99283aff767e124df0';
  const C3 = '59983c18f809e262923c53aec295d30383b54e39d609d160afcb1908d0bd8766';
  const C2 = '21886ca989ca9c7d58087307ca93092d651efa';

  it('derives the example public key from its private key', () => {
    expect(sm2.getPublicKeyFromPrivateKey(PRIVATE)).toBe(PUBLIC);
  });

  it('decrypts the standard ciphertext (C1C3C2) to "encryption standard", with or without the 04', () => {
    expect(sm2Decrypt(PRIVATE, C1 + C3 + C2)).toBe('encryption standard');
    expect(sm2Decrypt(PRIVATE, `04${C1}${C3}${C2}`)).toBe('encryption standard');
  });

  it('refuses the standard ciphertext with a byte of C2 or C3 changed, or under another key', () => {
    expect(sm2Decrypt(PRIVATE, C1 + C3 + C2.replace(/^21/, '22'))).toBeNull();
    expect(sm2Decrypt(PRIVATE, C1 + C3.replace(/^59/, '58') + C2)).toBeNull();
    expect(sm2Decrypt(sm2.generateKeyPairHex().privateKey, C1 + C3 + C2)).toBeNull();
  });

  it('round-trips what sm-crypto-v2 encrypts, a Chinese password too', () => {
    const pair = sm2.generateKeyPairHex();
    for (const text of ['Admin@2026', '城市运行@2026']) {
      const cipher = sm2.doEncrypt(text, pair.publicKey, 1);
      expect(sm2Decrypt(pair.privateKey, cipher)).toBe(text);
      expect(sm2Decrypt(pair.privateKey, `04${cipher}`)).toBe(text);
    }
  });
});
