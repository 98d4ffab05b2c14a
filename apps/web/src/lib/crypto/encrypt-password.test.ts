import { constants, generateKeyPairSync, privateDecrypt } from 'node:crypto';
import { sm2 } from 'sm-crypto-v2';
import { describe, expect, it } from 'vitest';
import { encryptPassword } from './encrypt-password';

describe('encryptPassword', () => {
  it('encrypts with SM2 (C1C3C2, hex) when the key says SM2', async () => {
    const pair = sm2.generateKeyPairHex();
    const cipher = await encryptPassword(
      { keyId: 'k', publicKey: pair.publicKey, algorithm: 'SM2' },
      '城市运行@2026',
    );
    expect(cipher).toMatch(/^[0-9a-f]+$/);
    expect(sm2.doDecrypt(cipher, pair.privateKey, 1)).toBe('城市运行@2026');
  });

  it('encrypts with RSA-OAEP-256 (base64) when the key says so', async () => {
    const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const pem = publicKey.export({ type: 'spki', format: 'pem' }).toString();
    const cipher = await encryptPassword(
      { keyId: 'k', publicKey: pem, algorithm: 'RSA-OAEP-256' },
      'Admin@2026',
    );
    const plain = privateDecrypt(
      { key: privateKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
      Buffer.from(cipher, 'base64'),
    );
    expect(plain.toString('utf8')).toBe('Admin@2026');
  });
});
