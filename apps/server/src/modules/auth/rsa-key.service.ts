import { constants, generateKeyPair, privateDecrypt, randomUUID } from 'node:crypto';
import { promisify } from 'node:util';
import type { PublicKey } from '@cityops/contract';
import type { Clock } from '../../lib/clock.js';
import type { Repositories, WithTransaction } from '../../repositories.js';
import type { ActiveRsaKey, RsaKeyRecord, RsaKeyRepository } from './rsa-key.repository.js';
import type { SecuritySettings } from './security-settings.js';

const generate = promisify(generateKeyPair);
/** How long an instance trusts its copy of the active key before it looks again. */
const ACTIVE_CACHE_MS = 60_000;

async function newKeyPair(): Promise<RsaKeyRecord> {
  const pair = await generate('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
  return { id: randomUUID(), publicKey: pair.publicKey, privateKey: pair.privateKey };
}

/** Creates the first key; called once by the seed, under the migration lock. */
export async function ensureRsaKey(keys: RsaKeyRepository, now: Date): Promise<void> {
  if (await keys.findActive()) return;
  await keys.insert({ ...(await newKeyPair()), createdAt: now });
}

export interface RsaKeyServiceOptions {
  repositories: Pick<Repositories, 'rsaKeys'>;
  withTransaction: WithTransaction;
  clock: Clock;
  settings: SecuritySettings;
}

/**
 * The RSA key that protects the login password in transit. Keys live in the
 * database so every instance can decrypt what any instance's key encrypted.
 * The active key is replaced after `rsa.rotationHours` (by whichever instance
 * notices first, see `replace`); the one it replaced still decrypts for
 * `rsa.overlapMinutes`, so a sign-in page that fetched it a moment before still
 * works. The web client fetches the key for each sign-in.
 */
export class RsaKeyService {
  private active: { key: ActiveRsaKey; readAt: number } | undefined;

  constructor(private readonly options: RsaKeyServiceOptions) {}

  private get keys(): RsaKeyRepository {
    return this.options.repositories.rsaKeys;
  }

  private async activeKey(): Promise<ActiveRsaKey> {
    const now = this.options.clock.now().getTime();
    if (this.active && now - this.active.readAt < ACTIVE_CACHE_MS && now >= this.active.readAt) {
      if (!(await this.isOld(this.active.key))) return this.active.key;
    }
    let key = await this.keys.findActive();
    if (!key) throw new Error('No RSA key: the seed did not run');
    if (await this.isOld(key)) {
      await this.replace(key.id, await newKeyPair());
      key = (await this.keys.findActive()) ?? key;
    }
    this.active = { key, readAt: now };
    return key;
  }

  /**
   * Replaces the active key `currentId` by `next`, in one transaction: the
   * conditional retirement lets exactly one instance do it when several find
   * the key old at once (the others change nothing), and a failed insert of the
   * new key leaves the old one active.
   */
  private async replace(currentId: string, next: RsaKeyRecord): Promise<void> {
    const now = this.options.clock.now();
    await this.options.withTransaction(async ({ rsaKeys }) => {
      if (await rsaKeys.retireActive(currentId, now)) {
        await rsaKeys.insert({ ...next, createdAt: now });
      }
    });
  }

  private async isOld(key: ActiveRsaKey): Promise<boolean> {
    const hours = await this.options.settings.number('rsa.rotationHours');
    return key.createdAt.getTime() + hours * 3_600_000 <= this.options.clock.now().getTime();
  }

  async publicKey(): Promise<PublicKey> {
    const key = await this.activeKey();
    return { keyId: key.id, publicKey: key.publicKey, algorithm: 'RSA-OAEP-256' };
  }

  /** When a retired key stops decrypting. */
  async retiredKeysUsableSince(): Promise<Date> {
    const minutes = await this.options.settings.number('rsa.overlapMinutes');
    return new Date(this.options.clock.now().getTime() - minutes * 60_000);
  }

  /**
   * The plain text of an RSA-OAEP (SHA-256) cipher in base64, or null when it
   * does not decrypt or its key is unknown or retired past the overlap.
   */
  async decrypt(keyId: string, cipherBase64: string): Promise<string | null> {
    const key = await this.keys.findUsable(keyId, await this.retiredKeysUsableSince());
    if (!key) return null;
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
