import { createHmac } from 'node:crypto';
import { ServerKey } from './server-key.js';
import type { ServerSecretRepository } from './server-secret.repository.js';

export interface KeyedHashServiceOptions {
  secrets: ServerSecretRepository;
  name: string;
  /** HMAC-SM3 for the 国密 profile's blind index (personal-data-seal.ts); HMAC-SHA256 by default. */
  hash?: 'sha256' | 'sm3';
}

/**
 * HMAC-SHA256 under a server key kept in the database (server-key.ts), so all
 * instances agree. For short secrets that a plain digest would not protect: a
 * stolen table of SMS code digests cannot be reversed by trying the million
 * codes without the key.
 */
export class KeyedHashService {
  private readonly key: ServerKey;
  readonly hash: 'sha256' | 'sm3';

  constructor(options: KeyedHashServiceOptions) {
    this.key = new ServerKey(options.secrets, options.name);
    this.hash = options.hash ?? 'sha256';
  }

  async digest(text: string, hash: 'sha256' | 'sm3' = this.hash): Promise<string> {
    return createHmac(hash, await this.key.get())
      .update(text, 'utf8')
      .digest('hex');
  }
}
