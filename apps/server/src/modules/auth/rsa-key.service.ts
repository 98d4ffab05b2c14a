import { constants, generateKeyPairSync, privateDecrypt, randomUUID } from 'node:crypto';
import type { PublicKey } from '@cityops/contract';
import type { RsaKeyRecord, RsaKeyRepository } from './rsa-key.repository.js';

/**
 * The RSA key that protects the login password in transit. Keys live in the
 * database so every instance can decrypt what any instance's key encrypted.
 */
export class RsaKeyService {
  private readonly byId = new Map<string, RsaKeyRecord>();
  private active: RsaKeyRecord | undefined;

  constructor(private readonly keys: RsaKeyRepository) {}

  /** Creates the first key; called once under the migration lock. */
  async ensureKey(): Promise<void> {
    if (await this.keys.findActive()) return;
    const pair = generateKeyPairSync('rsa', {
      modulusLength: 2048,
      publicKeyEncoding: { type: 'spki', format: 'pem' },
      privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    });
    await this.keys.insert({
      id: randomUUID(),
      publicKey: pair.publicKey,
      privateKey: pair.privateKey,
    });
  }

  async publicKey(): Promise<PublicKey> {
    if (!this.active) {
      const found = await this.keys.findActive();
      if (!found) throw new Error('No RSA key: the seed did not run');
      this.active = found;
      this.byId.set(found.id, found);
    }
    return { keyId: this.active.id, publicKey: this.active.publicKey, algorithm: 'RSA-OAEP-256' };
  }

  /** The plain text of an RSA-OAEP (SHA-256) cipher in base64, or null when it does not decrypt. */
  async decrypt(keyId: string, cipherBase64: string): Promise<string | null> {
    let key = this.byId.get(keyId);
    if (!key) {
      const found = await this.keys.findById(keyId);
      if (!found) return null;
      key = found;
      this.byId.set(keyId, key);
    }
    try {
      const plain = privateDecrypt(
        { key: key.privateKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
        Buffer.from(cipherBase64, 'base64'),
      );
      return plain.toString('utf8');
    } catch {
      return null;
    }
  }
}
