import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { ServerKey } from './server-key.js';
import type { ServerSecretRepository } from './server-secret.repository.js';

export interface SecretBoxServiceOptions {
  secrets: ServerSecretRepository;
  /** The name of the database-kept key, used when no key is configured. */
  name: string;
  /**
   * SECRETS_KEY, which earlier releases sealed with directly (`env`): such values
   * still open with it, and are sealed under the database key when written again.
   */
  configuredKey?: Buffer | undefined;
}

/** `sealed:v1:<key>:<iv, tag and ciphertext in base64url>`; the key is `env` or `db`. */
const SEALED = /^sealed:v1:(env|db):([A-Za-z0-9_-]+)$/;
const IV_BYTES = 12;
const TAG_BYTES = 16;

/**
 * Seals the secrets the server must read back (a second factor's TOTP key) with
 * AES-256-GCM from node:crypto, bound to what they belong to (`context`, as
 * additional data), so a copy of their table reveals nothing and a sealed value
 * moved to another account does not open. The key is a server key kept in the
 * database, itself sealed under the data keys the master key wraps (key-ring.ts),
 * so a database copy without the master key opens nothing and a master key
 * rotation needs no value here sealed again. Each value names its key: `db`, or
 * `env` for SECRETS_KEY itself (earlier releases). A value from before sealing
 * (no prefix) is read as it is.
 */
export class SecretBoxService {
  private readonly databaseKey: ServerKey;

  constructor(private readonly options: SecretBoxServiceOptions) {
    this.databaseKey = new ServerKey(options.secrets, options.name);
  }

  async seal(plain: string, context: string): Promise<string> {
    const key = await this.databaseKey.get();
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', key, iv);
    cipher.setAAD(Buffer.from(context, 'utf8'));
    const sealed = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    const packed = Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString('base64url');
    return `sealed:v1:db:${packed}`;
  }

  async open(stored: string, context: string): Promise<string> {
    const match = SEALED.exec(stored);
    if (!match) return stored;
    const [, keyName, packed] = match;
    const key = keyName === 'env' ? this.options.configuredKey : await this.databaseKey.get();
    if (!key) throw new Error('a secret was sealed with SECRETS_KEY, which is not set');
    const bytes = Buffer.from(packed!, 'base64url');
    const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, IV_BYTES));
    decipher.setAAD(Buffer.from(context, 'utf8'));
    decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
    return Buffer.concat([
      decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)),
      decipher.final(),
    ]).toString('utf8');
  }
}
