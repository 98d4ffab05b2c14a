import { createHmac, randomBytes } from 'node:crypto';
import type { ServerSecretRepository } from './server-secret.repository.js';

export interface KeyedHashServiceOptions {
  secrets: ServerSecretRepository;
  name: string;
}

/**
 * HMAC-SHA256 under a 256-bit key the server makes once and keeps in the
 * database (like the RSA keys), so all instances agree. For short secrets that
 * a plain digest would not protect: a stolen table of SMS code digests cannot be
 * reversed by trying the million codes without the key.
 */
export class KeyedHashService {
  private key: Promise<Buffer> | undefined;

  constructor(private readonly options: KeyedHashServiceOptions) {}

  private loadKey(): Promise<Buffer> {
    this.key ??= this.options.secrets
      .getOrCreate(this.options.name, randomBytes(32).toString('base64'))
      .then((value) => Buffer.from(value, 'base64'))
      .catch((error: unknown) => {
        // A failed read (database down) is tried again by the next call.
        this.key = undefined;
        throw error;
      });
    return this.key;
  }

  async digest(text: string): Promise<string> {
    return createHmac('sha256', await this.loadKey())
      .update(text, 'utf8')
      .digest('hex');
  }
}
