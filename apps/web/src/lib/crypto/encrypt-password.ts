import type { PublicKey } from '@cityops/contract';
import { encryptWithPublicKey } from './rsa-oaep';

/**
 * Encrypts a password for the server with the key of `oauth/pubKey`, by the algorithm
 * its answer names: RSA-OAEP-256 (base64), or SM2 under the 国密 profile (GB/T 32918.4,
 * C1C3C2 in hex, docs/cryptography.md). sm-crypto-v2 is loaded only when the answer
 * says SM2, so the sign-in page of the international profile never downloads it.
 */
export async function encryptPassword(key: PublicKey, password: string): Promise<string> {
  if (key.algorithm === 'SM2') {
    const { sm2 } = await import('sm-crypto-v2');
    return sm2.doEncrypt(password, key.publicKey, 1);
  }
  return encryptWithPublicKey(key.publicKey, password);
}
