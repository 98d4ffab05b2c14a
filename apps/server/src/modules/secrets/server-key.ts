import { randomBytes } from 'node:crypto';
import type { ServerSecretRepository } from './server-secret.repository.js';

/**
 * A 256-bit key the server makes once and keeps in the database (like the RSA
 * keys), so every instance agrees; read once per process. A failed read
 * (database down) is tried again by the next call.
 */
export class ServerKey {
  private key: Promise<Buffer> | undefined;

  constructor(
    private readonly secrets: ServerSecretRepository,
    private readonly name: string,
  ) {}

  get(): Promise<Buffer> {
    this.key ??= this.secrets
      .getOrCreate(this.name, randomBytes(32).toString('base64'))
      .then((value) => Buffer.from(value, 'base64'))
      .catch((error: unknown) => {
        this.key = undefined;
        throw error;
      });
    return this.key;
  }
}
