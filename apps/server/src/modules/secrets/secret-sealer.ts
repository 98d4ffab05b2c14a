import { type AeadAlgorithm, PACKED_PATTERN } from './aead.js';

/**
 * Seals what a repository keeps of a secret (server_secrets, the sign-in
 * transport's private keys) under the data keys the master key wraps
 * (key-ring.ts). `context` names what the value belongs to, so a sealed value
 * copied to another row does not open.
 */
export interface SecretSealer {
  seal(plain: string, context: string): Promise<string>;
  open(stored: string, context: string): Promise<string>;
  /** What it seals with (CRYPTO_PROFILE): what else a command seals follows it. */
  readonly algorithm?: AeadAlgorithm;
}

const SEALED_PREFIX = 'sealed:v2:';

/** Whether a stored value is sealed (a value from before this release is not). */
export function isSealed(stored: string): boolean {
  return stored.startsWith(SEALED_PREFIX);
}

export function sealedValue(dataKeyId: string, packed: string): string {
  return `${SEALED_PREFIX}${dataKeyId}:${packed}`;
}

const SEALED_V2 = new RegExp(`^sealed:v2:([A-Za-z0-9_-]+):(${PACKED_PATTERN})$`);

/** The data key's id and the packed ciphertext of a sealed value (it names its algorithm, aead.ts). */
export function parseSealed(stored: string): { dataKeyId: string; packed: string } | null {
  const match = SEALED_V2.exec(stored);
  return match ? { dataKeyId: match[1]!, packed: match[2]! } : null;
}

/**
 * For repositories opened without the master key (the audit and backup commands'
 * chain check, the test template's seed): they never touch a secret, and one that
 * does is told so.
 */
export const noSealer: SecretSealer = {
  seal: () => Promise.reject(new Error('no master key was loaded to seal a secret with')),
  open: () => Promise.reject(new Error('no master key was loaded to open a secret with')),
};
