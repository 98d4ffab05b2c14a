import { constants, generateKeyPair, privateDecrypt, randomUUID } from 'node:crypto';
import { promisify } from 'node:util';
import { sm2 } from 'sm-crypto-v2';
import type { PublicKey, PublicKeyAlgorithm } from '@cityops/contract';
import type { CryptoProfile } from '../../config.js';
import type { Clock } from '../../lib/clock.js';
import type { Repositories, WithTransaction } from '../../repositories.js';
import type { ActiveRsaKey, RsaKeyRecord, RsaKeyRepository } from './rsa-key.repository.js';
import type { SecuritySettings } from './security-settings.js';

const generate = promisify(generateKeyPair);
/** How long an instance trusts its copy of the active key before it looks again. */
const ACTIVE_CACHE_MS = 60_000;

/** The transport encryption of each crypto profile (config.ts, docs/cryptography.md). */
const ALGORITHM_OF_PROFILE: Record<CryptoProfile, PublicKeyAlgorithm> = {
  international: 'RSA-OAEP-256',
  gm: 'SM2',
};

/**
 * Which algorithm a stored key pair is for, told by its public key: RSA keys are
 * kept as PEM, SM2 keys as the uncompressed point in hex. The table needs no column
 * for it, and a key made under the other profile is recognised (and replaced).
 */
export function algorithmOfKey(publicKey: string): PublicKeyAlgorithm {
  return publicKey.startsWith('-----BEGIN') ? 'RSA-OAEP-256' : 'SM2';
}

async function newKeyPair(algorithm: PublicKeyAlgorithm = 'RSA-OAEP-256'): Promise<RsaKeyRecord> {
  if (algorithm === 'SM2') {
    // sm-crypto-v2 on @noble/curves, its private scalar from crypto.getRandomValues.
    const pair = sm2.generateKeyPairHex();
    return { id: randomUUID(), publicKey: pair.publicKey, privateKey: pair.privateKey };
  }
  const pair = await generate('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
  return { id: randomUUID(), publicKey: pair.publicKey, privateKey: pair.privateKey };
}

/** An SM2 cipher (C1C3C2) in hex: C1's two coordinates (64 bytes, with or without the leading 04), C3 (32), C2. */
const SM2_CIPHER = /^(?:[0-9a-fA-F]{2})+$/;
const SM2_MIN_HEX = (64 + 32 + 1) * 2;

/**
 * The plain text of an SM2 cipher as sm-crypto-v2's `doEncrypt(text, key, 1)` makes
 * it, or null. The library's `doDecrypt` wants C1 without its 04 and answers '' when
 * C3 (the SM3 check) fails; a cipher sent with the 04 is tried without it first, and
 * as given when that fails (a cipher without the 04 whose x begins with 04).
 */
export function sm2Decrypt(privateKey: string, cipherHex: string): string | null {
  if (!SM2_CIPHER.test(cipherHex) || cipherHex.length < SM2_MIN_HEX) return null;
  const candidates =
    cipherHex.startsWith('04') && cipherHex.length >= SM2_MIN_HEX + 2
      ? [cipherHex.slice(2), cipherHex]
      : [cipherHex];
  for (const candidate of candidates) {
    try {
      // A C1 that is not on the curve throws (noble's point validation).
      const plain = sm2.doDecrypt(candidate, privateKey, 1, { output: 'string' });
      if (plain !== '') return plain;
    } catch {
      // not this reading
    }
  }
  return null;
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
  /** Which algorithm the transport key is for (CRYPTO_PROFILE); international by default. */
  profile?: CryptoProfile;
}

/**
 * The key that protects the login password in transit: RSA-OAEP-256, or SM2 under
 * the 国密 profile (a key of the other algorithm, made before the profile changed,
 * is replaced at once and still decrypts through the overlap). Keys live in the
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
      if (!(await this.isStale(this.active.key))) return this.active.key;
    }
    let key = await this.keys.findActive();
    if (!key) throw new Error('No RSA key: the seed did not run');
    if (await this.isStale(key)) {
      await this.replace(key.id, await newKeyPair(this.algorithm));
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

  private get algorithm(): PublicKeyAlgorithm {
    return ALGORITHM_OF_PROFILE[this.options.profile ?? 'international'];
  }

  /** Old, or made for the other profile's algorithm. */
  private async isStale(key: ActiveRsaKey): Promise<boolean> {
    return algorithmOfKey(key.publicKey) !== this.algorithm || this.isOld(key);
  }

  private async isOld(key: ActiveRsaKey): Promise<boolean> {
    const hours = await this.options.settings.number('rsa.rotationHours');
    return key.createdAt.getTime() + hours * 3_600_000 <= this.options.clock.now().getTime();
  }

  async publicKey(): Promise<PublicKey> {
    const key = await this.activeKey();
    return { keyId: key.id, publicKey: key.publicKey, algorithm: algorithmOfKey(key.publicKey) };
  }

  /** When a retired key stops decrypting. */
  async retiredKeysUsableSince(): Promise<Date> {
    const minutes = await this.options.settings.number('rsa.overlapMinutes');
    return new Date(this.options.clock.now().getTime() - minutes * 60_000);
  }

  /**
   * The plain text of a cipher made with the public key `keyId` names (RSA-OAEP
   * SHA-256 in base64, or SM2 in hex, as that key's algorithm says), or null when it
   * does not decrypt or its key is unknown or retired past the overlap.
   */
  async decrypt(keyId: string, cipher: string): Promise<string | null> {
    const key = await this.keys.findUsable(keyId, await this.retiredKeysUsableSince());
    if (!key) return null;
    if (algorithmOfKey(key.publicKey) === 'SM2') return sm2Decrypt(key.privateKey, cipher);
    try {
      const plain = privateDecrypt(
        { key: key.privateKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
        Buffer.from(cipher, 'base64'),
      );
      return plain.toString('utf8');
    } catch {
      return null;
    }
  }
}
