import { sha256 } from '@noble/hashes/sha2.js';

/**
 * Encrypts a short text with an RSA public key (SubjectPublicKeyInfo PEM) using
 * RSA-OAEP with SHA-256, the scheme the server decrypts the login password with.
 * Uses WebCrypto where the page is a secure context, and an equivalent plain
 * implementation where it is not: browsers withhold `crypto.subtle` from pages on
 * plain HTTP at an intranet address. No maintained, audited library does OAEP
 * encryption in a few kilobytes (docs/security.md); the hash is @noble/hashes'.
 */
export async function encryptWithPublicKey(pem: string, text: string): Promise<string> {
  const der = pemToDer(pem);
  const message = new TextEncoder().encode(text);
  const subtle = globalThis.crypto?.subtle;
  if (subtle) {
    const key = await subtle.importKey('spki', der, { name: 'RSA-OAEP', hash: 'SHA-256' }, false, [
      'encrypt',
    ]);
    const cipher = await subtle.encrypt({ name: 'RSA-OAEP' }, key, message);
    return toBase64(new Uint8Array(cipher));
  }
  return toBase64(encryptWithoutSubtle(der, message));
}

export function pemToDer(pem: string): Uint8Array<ArrayBuffer> {
  const body = pem.replace(/-----(BEGIN|END) PUBLIC KEY-----/g, '').replace(/\s+/g, '');
  const binary = atob(body);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

export function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/** Reads one DER element: its tag, and where its content starts and ends. */
function readElement(der: Uint8Array, offset: number) {
  const tag = der[offset]!;
  let length = der[offset + 1]!;
  let start = offset + 2;
  if (length & 0x80) {
    const count = length & 0x7f;
    length = 0;
    for (let i = 0; i < count; i++) length = length * 256 + der[start + i]!;
    start += count;
  }
  return { tag, start, end: start + length };
}

function toBigInt(bytes: Uint8Array): bigint {
  let value = 0n;
  for (const byte of bytes) value = (value << 8n) | BigInt(byte);
  return value;
}

/** The modulus and exponent of an SPKI RSA public key. */
export function parseRsaPublicKey(der: Uint8Array): { n: bigint; e: bigint; size: number } {
  const spki = readElement(der, 0);
  const algorithm = readElement(der, spki.start);
  const bitString = readElement(der, algorithm.end);
  // The bit string's first content byte counts unused bits (0).
  const rsaKey = readElement(der, bitString.start + 1);
  const modulus = readElement(der, rsaKey.start);
  const exponent = readElement(der, modulus.end);
  let modulusBytes = der.subarray(modulus.start, modulus.end);
  while (modulusBytes[0] === 0) modulusBytes = modulusBytes.subarray(1);
  return {
    n: toBigInt(modulusBytes),
    e: toBigInt(der.subarray(exponent.start, exponent.end)),
    size: modulusBytes.length,
  };
}

function mgf1(seed: Uint8Array, length: number): Uint8Array {
  const out = new Uint8Array(length);
  const block = new Uint8Array(seed.length + 4);
  block.set(seed);
  for (let counter = 0, filled = 0; filled < length; counter++) {
    new DataView(block.buffer).setUint32(seed.length, counter);
    const digest = sha256(block);
    out.set(digest.subarray(0, Math.min(digest.length, length - filled)), filled);
    filled += digest.length;
  }
  return out;
}

function modPow(base: bigint, exponent: bigint, modulus: bigint): bigint {
  let result = 1n;
  let b = base % modulus;
  let e = exponent;
  while (e > 0n) {
    if (e & 1n) result = (result * b) % modulus;
    b = (b * b) % modulus;
    e >>= 1n;
  }
  return result;
}

/** RSAES-OAEP-ENCRYPT of RFC 8017 section 7.1.1, SHA-256, empty label. */
export function encryptWithoutSubtle(der: Uint8Array, message: Uint8Array): Uint8Array {
  const { n, e, size: k } = parseRsaPublicKey(der);
  const hLen = 32;
  if (message.length > k - 2 * hLen - 2) throw new Error('message too long for the key');
  const db = new Uint8Array(k - hLen - 1);
  db.set(sha256(new Uint8Array(0)));
  db[db.length - message.length - 1] = 0x01;
  db.set(message, db.length - message.length);
  const seed = globalThis.crypto.getRandomValues(new Uint8Array(hLen));
  const dbMask = mgf1(seed, db.length);
  const maskedDb = db.map((byte, i) => byte ^ dbMask[i]!);
  const seedMask = mgf1(maskedDb, hLen);
  const maskedSeed = seed.map((byte, i) => byte ^ seedMask[i]!);
  const encoded = new Uint8Array(k);
  encoded.set(maskedSeed, 1);
  encoded.set(maskedDb, 1 + hLen);
  let cipher = modPow(toBigInt(encoded), e, n);
  const out = new Uint8Array(k);
  for (let i = k - 1; i >= 0; i--) {
    out[i] = Number(cipher & 0xffn);
    cipher >>= 8n;
  }
  return out;
}
