import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

const IV_BYTES = 12;
const TAG_BYTES = 16;

/**
 * AES-256-GCM from node:crypto: a fresh 96-bit IV each time, the 128-bit tag, and
 * `context` as additional data, so a value opens only where it was sealed.
 * Packed as IV, tag and ciphertext in base64url.
 */
export function aeadSeal(key: Buffer, plain: Buffer, context: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(context, 'utf8'));
  const sealed = Buffer.concat([cipher.update(plain), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString('base64url');
}

/** The plain bytes of `aeadSeal`'s output; throws when the key, the context or a byte differs. */
export function aeadOpen(key: Buffer, packed: string, context: string): Buffer {
  const bytes = Buffer.from(packed, 'base64url');
  if (bytes.length < IV_BYTES + TAG_BYTES) throw new Error('a sealed value is too short');
  const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, IV_BYTES));
  decipher.setAAD(Buffer.from(context, 'utf8'));
  decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
  return Buffer.concat([decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]);
}
