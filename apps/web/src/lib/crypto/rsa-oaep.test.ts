import { constants, generateKeyPairSync, privateDecrypt, type KeyObject } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  encryptWithPublicKey,
  encryptWithoutSubtle,
  parseRsaPublicKey,
  pemToDer,
} from './rsa-oaep';

/** Node's own RSA-OAEP (SHA-256) decryption, as the server does it (rsa-key.service.ts). */
function nodeDecrypt(privateKey: KeyObject, cipher: Uint8Array): string {
  return privateDecrypt(
    { key: privateKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
    cipher,
  ).toString('utf8');
}

function keyPair(modulusLength: number, publicExponent = 65537) {
  const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength, publicExponent });
  return {
    pem: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
    publicKey,
    privateKey,
  };
}

const fromBase64 = (text: string) => Uint8Array.from(Buffer.from(text, 'base64'));

// The server's key is 2048 bits with exponent 65537; the others show the DER reading is general.
const keys = [keyPair(2048), keyPair(3072), keyPair(2048, 3)];
const encoder = new TextEncoder();

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the RSA-OAEP fallback without crypto.subtle', () => {
  it.each(keys.map((key, i) => [i, key] as const))(
    'reads the modulus and exponent of key %i as Node does',
    (_, key) => {
      const jwk = key.publicKey.export({ format: 'jwk' });
      const { n, e, size } = parseRsaPublicKey(pemToDer(key.pem));
      expect(n.toString(16)).toBe(
        Buffer.from(jwk.n!, 'base64url').toString('hex').replace(/^0+/, ''),
      );
      expect(e).toBe(BigInt(`0x${Buffer.from(jwk.e!, 'base64url').toString('hex')}`));
      expect(size * 8).toBe(key.publicKey.asymmetricKeyDetails!.modulusLength);
    },
  );

  it.each(['', 'Admin@2026', '密码Ab1!（测试）', 'x'.repeat(190)])(
    'encrypts %j so that Node decrypts it with every key',
    (text) => {
      for (const key of keys) {
        const cipher = encryptWithoutSubtle(pemToDer(key.pem), encoder.encode(text));
        expect(cipher.length * 8).toBe(key.publicKey.asymmetricKeyDetails!.modulusLength);
        expect(nodeDecrypt(key.privateKey, cipher)).toBe(text);
      }
    },
  );

  it('refuses a message longer than the key allows (k - 2·32 - 2 bytes)', () => {
    const der = pemToDer(keys[0]!.pem);
    expect(() => encryptWithoutSubtle(der, new Uint8Array(191))).toThrow(/too long/);
  });

  it('pads with a fresh random seed every time', () => {
    const der = pemToDer(keys[0]!.pem);
    const first = encryptWithoutSubtle(der, encoder.encode('same'));
    const second = encryptWithoutSubtle(der, encoder.encode('same'));
    expect(Buffer.from(first).equals(Buffer.from(second))).toBe(false);
  });
});

describe('encryptWithPublicKey', () => {
  const key = keys[0]!;

  it('uses WebCrypto where there is one, and Node decrypts it', async () => {
    expect(globalThis.crypto.subtle).toBeDefined();
    const encrypt = vi.spyOn(globalThis.crypto.subtle, 'encrypt');
    const cipher = await encryptWithPublicKey(key.pem, 'Admin@2026');
    expect(encrypt).toHaveBeenCalledOnce();
    expect(nodeDecrypt(key.privateKey, fromBase64(cipher))).toBe('Admin@2026');
  });

  it('falls back where the page has no crypto.subtle (plain HTTP), and Node decrypts it', async () => {
    const random = globalThis.crypto.getRandomValues.bind(globalThis.crypto);
    vi.stubGlobal('crypto', { getRandomValues: random });
    const cipher = await encryptWithPublicKey(key.pem, '密码Ab1!');
    expect(nodeDecrypt(key.privateKey, fromBase64(cipher))).toBe('密码Ab1!');
  });
});
