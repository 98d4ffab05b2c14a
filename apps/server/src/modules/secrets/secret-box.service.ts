import { type AeadAlgorithm, PACKED_PATTERN, aeadOpen, aeadSeal } from './aead.js';
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
  /** What new values are sealed with (CRYPTO_PROFILE, aead.ts); any opens. */
  algorithm?: AeadAlgorithm | undefined;
}

/**
 * `sealed:v1:<key>:<packed>`; the key is `env` or `db`, the packed value names its
 * algorithm (aead.ts: AES-256-GCM's IV, tag and ciphertext in base64url, or `sm4.`…).
 */
const SEALED = new RegExp(`^sealed:v1:(env|db):(${PACKED_PATTERN})$`);

/**
 * Seals the secrets the server must read back (a second factor's TOTP key) with
 * AES-256-GCM from node:crypto (SM4-CTR + HMAC-SM3 under the 国密 profile), bound to what they belong to (`context`, as
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
    const packed = aeadSeal(key, Buffer.from(plain, 'utf8'), context, this.options.algorithm);
    return `sealed:v1:db:${packed}`;
  }

  async open(stored: string, context: string): Promise<string> {
    const match = SEALED.exec(stored);
    if (!match) return stored;
    const [, keyName, packed] = match;
    const key = keyName === 'env' ? this.options.configuredKey : await this.databaseKey.get();
    if (!key) throw new Error('a secret was sealed with SECRETS_KEY, which is not set');
    return aeadOpen(key, packed!, context).toString('utf8');
  }
}
