import { createHmac, timingSafeEqual } from 'node:crypto';
import type { CryptoProfile } from '../../config.js';
import { ServerKey } from './server-key.js';
import type { ServerSecretRepository } from './server-secret.repository.js';

export type KeyedHash = 'sha256' | 'sm3';

/** HMAC-SM3 under the 国密 profile, HMAC-SHA256 otherwise. */
export function keyedHashOf(profile: CryptoProfile | undefined): KeyedHash {
  return profile === 'gm' ? 'sm3' : 'sha256';
}

/** What marks a stored digest taken with HMAC-SM3 (an HMAC-SHA256 one is bare hex). */
export const SM3_DIGEST_MARK = 'sm3:';

export interface KeyedHashServiceOptions {
  secrets: ServerSecretRepository;
  name: string;
  /** The profile's hash (`keyedHashOf`); HMAC-SHA256 by default. */
  hash?: KeyedHash;
}

/**
 * HMAC under a server key kept in the database (server-key.ts), so all instances agree:
 * HMAC-SM3 under the 国密 profile, HMAC-SHA256 otherwise. For short secrets that a plain
 * digest would not protect: a stolen table of SMS code digests cannot be reversed by
 * trying the million codes without the key.
 */
export class KeyedHashService {
  private readonly key: ServerKey;
  readonly hash: KeyedHash;

  constructor(options: KeyedHashServiceOptions) {
    this.key = new ServerKey(options.secrets, options.name);
    this.hash = options.hash ?? 'sha256';
  }

  async digest(text: string, hash: KeyedHash = this.hash): Promise<string> {
    return createHmac(hash, await this.key.get())
      .update(text, 'utf8')
      .digest('hex');
  }

  /**
   * The digest as it is stored: HMAC-SM3 marked `sm3:`, HMAC-SHA256 bare hex as earlier
   * releases wrote it, so a stored digest names its hash and one made before a change of
   * profile is still told apart and checked.
   */
  async stored(text: string, hash: KeyedHash = this.hash): Promise<string> {
    const digest = await this.digest(text, hash);
    return hash === 'sm3' ? `${SM3_DIGEST_MARK}${digest}` : digest;
  }

  /** Whether `stored` is the digest of `text`, under the hash its mark names (constant time). */
  async matches(text: string, stored: string): Promise<boolean> {
    const hash: KeyedHash = stored.startsWith(SM3_DIGEST_MARK) ? 'sm3' : 'sha256';
    const given = Buffer.from(await this.stored(text, hash));
    const expected = Buffer.from(stored);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }

  /**
   * Every form `text` may be stored in, this profile's first: a lookup by digest (a
   * recovery code) finds one made before the profile changed.
   */
  async storedForms(text: string): Promise<string[]> {
    const other: KeyedHash = this.hash === 'sm3' ? 'sha256' : 'sm3';
    return [await this.stored(text), await this.stored(text, other)];
  }
}
