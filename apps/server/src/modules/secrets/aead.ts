import {
  createCipheriv,
  createDecipheriv,
  createHmac,
  randomBytes,
  timingSafeEqual,
} from 'node:crypto';
import type { CryptoProfile } from '../../config.js';

/**
 * The authenticated encryptions a sealed value may be made with (docs/cryptography.md):
 * AES-256-GCM (the international profile), or SM4 in counter mode with an HMAC-SM3 tag
 * over it, encrypt-then-MAC (the 国密 profile). Each packed value names its own, so a
 * value sealed under either profile opens under both.
 */
export type AeadAlgorithm = 'AES-256-GCM' | 'SM4-CTR-HMAC-SM3';

/** The algorithm a profile seals with; opening takes any. */
export function aeadAlgorithmOf(profile: CryptoProfile | undefined): AeadAlgorithm {
  return profile === 'gm' ? 'SM4-CTR-HMAC-SM3' : 'AES-256-GCM';
}

const GCM_IV_BYTES = 12;
const GCM_TAG_BYTES = 16;
/** SM4's block: CTR's whole first counter block is random. */
const SM4_IV_BYTES = 16;
const SM3_TAG_BYTES = 32;
/** What marks an SM4 value; an AES-256-GCM one has no mark (base64url has no dot). */
const SM4_MARK = 'sm4.';
/** A packed value, either algorithm: for the parsers of the formats that carry one. */
export const PACKED_PATTERN = '(?:sm4\\.)?[A-Za-z0-9_-]+';

/**
 * Seals `plain` under a 256-bit key with `context` bound to it (as additional data,
 * or under the MAC), so a value opens only where it was sealed. AES-256-GCM from
 * node:crypto: a fresh 96-bit IV, the 128-bit tag; packed as IV, tag and ciphertext
 * in base64url. SM4-CTR + HMAC-SM3 from node:crypto's OpenSSL: see `sm4Seal`.
 */
export function aeadSeal(
  key: Buffer,
  plain: Buffer,
  context: string,
  algorithm: AeadAlgorithm = 'AES-256-GCM',
): string {
  if (algorithm === 'SM4-CTR-HMAC-SM3') return sm4Seal(key, plain, context);
  const iv = randomBytes(GCM_IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(context, 'utf8'));
  const sealed = Buffer.concat([cipher.update(plain), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString('base64url');
}

/** The algorithm a packed value was sealed with. */
export function aeadAlgorithmOfPacked(packed: string): AeadAlgorithm {
  return packed.startsWith(SM4_MARK) ? 'SM4-CTR-HMAC-SM3' : 'AES-256-GCM';
}

/** The plain bytes of `aeadSeal`'s output; throws when the key, the context or a byte differs. */
export function aeadOpen(key: Buffer, packed: string, context: string): Buffer {
  if (packed.startsWith(SM4_MARK)) return sm4Open(key, packed.slice(SM4_MARK.length), context);
  const bytes = Buffer.from(packed, 'base64url');
  if (bytes.length < GCM_IV_BYTES + GCM_TAG_BYTES) throw new Error('a sealed value is too short');
  const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, GCM_IV_BYTES));
  decipher.setAAD(Buffer.from(context, 'utf8'));
  decipher.setAuthTag(bytes.subarray(GCM_IV_BYTES, GCM_IV_BYTES + GCM_TAG_BYTES));
  return Buffer.concat([
    decipher.update(bytes.subarray(GCM_IV_BYTES + GCM_TAG_BYTES)),
    decipher.final(),
  ]);
}

/**
 * The 256-bit key split as JWE's AES_CBC_HMAC_SHA2 splits it (RFC 7518 5.2.2.1): the
 * first half keys the MAC, the second the cipher. The keys are random 256-bit keys
 * (data keys, box keys, the master key), so the halves are independent 128-bit keys,
 * SM4's and a full-strength HMAC-SM3 key.
 */
function sm4Keys(key: Buffer): { mac: Buffer; enc: Buffer } {
  if (key.length !== 32) throw new Error('an SM4 seal needs a 256-bit key');
  return { mac: key.subarray(0, 16), enc: key.subarray(16, 32) };
}

/** HMAC-SM3 over the context's length and bytes, the IV and the ciphertext: one reading only. */
function sm4Tag(mac: Buffer, context: string, iv: Buffer, sealed: Buffer): Buffer {
  const contextBytes = Buffer.from(context, 'utf8');
  const length = Buffer.alloc(4);
  length.writeUInt32BE(contextBytes.length);
  return createHmac('sm3', mac)
    .update(length)
    .update(contextBytes)
    .update(iv)
    .update(sealed)
    .digest();
}

/**
 * SM4 (GB/T 32907) in CTR mode (GB/T 17964) with a random 128-bit initial counter
 * block, then HMAC-SM3 (GB/T 32905, GB/T 15852.2) over the context, the IV and the
 * ciphertext: encrypt-then-MAC, the tag checked before anything is decrypted. Node's
 * OpenSSL offers sm4-ctr and sm3 but no SM4-GCM (docs/cryptography.md says why this
 * and not a pure-JavaScript GCM). Packed as `sm4.` and IV, tag and ciphertext in base64url.
 */
function sm4Seal(key: Buffer, plain: Buffer, context: string): string {
  const { mac, enc } = sm4Keys(key);
  const iv = randomBytes(SM4_IV_BYTES);
  const cipher = createCipheriv('sm4-ctr', enc, iv);
  const sealed = Buffer.concat([cipher.update(plain), cipher.final()]);
  const tag = sm4Tag(mac, context, iv, sealed);
  return SM4_MARK + Buffer.concat([iv, tag, sealed]).toString('base64url');
}

function sm4Open(key: Buffer, body: string, context: string): Buffer {
  const { mac, enc } = sm4Keys(key);
  const bytes = Buffer.from(body, 'base64url');
  if (bytes.length < SM4_IV_BYTES + SM3_TAG_BYTES) throw new Error('a sealed value is too short');
  const iv = bytes.subarray(0, SM4_IV_BYTES);
  const tag = bytes.subarray(SM4_IV_BYTES, SM4_IV_BYTES + SM3_TAG_BYTES);
  const sealed = bytes.subarray(SM4_IV_BYTES + SM3_TAG_BYTES);
  if (!timingSafeEqual(tag, sm4Tag(mac, context, iv, sealed))) {
    throw new Error('a sealed value does not open: its tag differs');
  }
  const decipher = createDecipheriv('sm4-ctr', enc, iv);
  return Buffer.concat([decipher.update(sealed), decipher.final()]);
}
