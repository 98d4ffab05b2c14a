import { createHmac } from 'node:crypto';
import { ServerKey } from './server-key.js';
import type { ServerSecretRepository } from './server-secret.repository.js';

export interface KeyedHashServiceOptions {
  secrets: ServerSecretRepository;
  name: string;
}

/**
 * HMAC-SHA256 under a server key kept in the database (server-key.ts), so all
 * instances agree. For short secrets that a plain digest would not protect: a
 * stolen table of SMS code digests cannot be reversed by trying the million
 * codes without the key.
 */
export class KeyedHashService {
  private readonly key: ServerKey;

  constructor(options: KeyedHashServiceOptions) {
    this.key = new ServerKey(options.secrets, options.name);
  }

  async digest(text: string): Promise<string> {
    return createHmac('sha256', await this.key.get())
      .update(text, 'utf8')
      .digest('hex');
  }
}
