import {
  createCipheriv,
  createDecipheriv,
  createHmac,
  hkdfSync,
  randomBytes,
  timingSafeEqual,
} from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import { deriveKey } from '../../lib/master-key.js';
import type { AeadAlgorithm } from '../secrets/aead.js';

/** The master key as a backup needs it: its bytes and its fingerprint. */
export interface BackupKey {
  key: Buffer;
  id: string;
}

/**
 * A sealed backup (docs/deployment.md, "Backup and restore"):
 *   16 bytes   CITYOPS-BACKUP, 0, 1
 *   4 bytes    the header's length (big-endian)
 *   header     JSON: the cipher, the KDF's salt, the IV, the master key's id
 *   ...        the tar, AES-256-GCM under HKDF-SHA256(master key, salt, "cityops backup"),
 *              or under the 国密 profile SM4-CTR under HKDF-SM3's key (its second half)
 *   16 bytes   the GCM tag; 32 for SM4: HMAC-SM3 (the key's first half) over all before it
 * Everything before the tar is the additional data: a changed header does not open.
 */
const MAGIC = Buffer.from('CITYOPS-BACKUP\u0000\u0001', 'latin1');
const TAG_BYTES: Record<AeadAlgorithm, number> = { 'AES-256-GCM': 16, 'SM4-CTR-HMAC-SM3': 32 };
const MIN_TAG_BYTES = 16;

interface SealHeader {
  format: 1;
  cipher: AeadAlgorithm;
  kdf: 'HKDF-SHA256' | 'HKDF-SM3';
  salt: string;
  iv: string;
  masterKeyId: string;
}

/** A sealed backup that does not open; the message says why and what to do. */
export class BackupSealError extends Error {}

/** The 256-bit key of a backup, derived from the master key by the header's KDF. */
function backupKey(master: Buffer, header: Pick<SealHeader, 'kdf' | 'salt'>): Buffer {
  const salt = Buffer.from(header.salt, 'base64');
  if (header.kdf === 'HKDF-SHA256') return deriveKey(master, 'backup', salt);
  return Buffer.from(hkdfSync('sm3', master, salt, 'cityops backup', 32));
}

/**
 * Writes `plain` (a tar) into `target` sealed under a key derived from the master key,
 * mode 0600: AES-256-GCM, or SM4-CTR + HMAC-SM3 (encrypt-then-MAC, as secrets/aead.ts
 * seals) under the 国密 profile. The header names both the cipher and the KDF.
 */
export async function sealBackup(
  plain: string,
  target: string,
  master: BackupKey,
  algorithm: AeadAlgorithm = 'AES-256-GCM',
): Promise<void> {
  const sm4 = algorithm === 'SM4-CTR-HMAC-SM3';
  const salt = randomBytes(16);
  const iv = randomBytes(sm4 ? 16 : 12);
  const header: SealHeader = {
    format: 1,
    cipher: algorithm,
    kdf: sm4 ? 'HKDF-SM3' : 'HKDF-SHA256',
    salt: salt.toString('base64'),
    iv: iv.toString('base64'),
    masterKeyId: master.id,
  };
  const json = Buffer.from(JSON.stringify(header), 'utf8');
  const length = Buffer.alloc(4);
  length.writeUInt32BE(json.length);
  const prefix = Buffer.concat([MAGIC, length, json]);
  const key = backupKey(master.key, header);
  await pipeline(
    createReadStream(plain),
    sm4 ? sm4Sealing(key, iv, prefix) : gcmSealing(key, iv, prefix),
    createWriteStream(target, { mode: 0o600 }),
  );
  // The mode of a file that was there already is not changed by opening it.
  await fs.chmod(target, 0o600);
}

function gcmSealing(key: Buffer, iv: Buffer, prefix: Buffer) {
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(prefix);
  return async function* (source: AsyncIterable<Buffer>) {
    yield prefix;
    for await (const chunk of source) yield cipher.update(chunk);
    yield cipher.final();
    yield cipher.getAuthTag();
  };
}

function sm4Sealing(key: Buffer, iv: Buffer, prefix: Buffer) {
  const cipher = createCipheriv('sm4-ctr', key.subarray(16), iv);
  const mac = createHmac('sm3', key.subarray(0, 16)).update(prefix);
  return async function* (source: AsyncIterable<Buffer>) {
    yield prefix;
    for await (const chunk of source) {
      const sealed = cipher.update(chunk);
      mac.update(sealed);
      yield sealed;
    }
    const last = cipher.final();
    mac.update(last);
    yield last;
    yield mac.digest();
  };
}

/** The master key id a sealed backup names, or null for a tar of an earlier release. */
export async function sealedBackupKeyId(file: string): Promise<string | null> {
  const read = await readPrefix(file);
  return read ? read.header.masterKeyId : null;
}

async function readPrefix(
  file: string,
): Promise<{ header: SealHeader; prefix: Buffer; size: number } | null> {
  const handle = await fs.open(file, 'r');
  try {
    const { size } = await handle.stat();
    const start = Buffer.alloc(MAGIC.length + 4);
    const { bytesRead } = await handle.read(start, 0, start.length, 0);
    if (bytesRead < start.length || !start.subarray(0, MAGIC.length).equals(MAGIC)) return null;
    const length = start.readUInt32BE(MAGIC.length);
    if (length > 4096 || start.length + length + MIN_TAG_BYTES > size) {
      throw new BackupSealError(`${file} is a sealed backup with a damaged header.`);
    }
    const json = Buffer.alloc(length);
    await handle.read(json, 0, length, start.length);
    let header: SealHeader;
    try {
      header = JSON.parse(json.toString('utf8')) as SealHeader;
    } catch {
      throw new BackupSealError(`${file} is a sealed backup with a damaged header.`);
    }
    const known =
      (header.cipher === 'AES-256-GCM' && header.kdf === 'HKDF-SHA256') ||
      (header.cipher === 'SM4-CTR-HMAC-SM3' && header.kdf === 'HKDF-SM3');
    if (header.format !== 1 || !known) {
      throw new BackupSealError(`${file} is sealed in a way this release does not read.`);
    }
    if (start.length + length + TAG_BYTES[header.cipher] > size) {
      throw new BackupSealError(`${file} is a sealed backup with a damaged header.`);
    }
    return { header, prefix: Buffer.concat([start, json]), size };
  } finally {
    await handle.close();
  }
}

/**
 * Opens a sealed backup into `target` (mode 0600); false when `file` is a plain tar
 * of an earlier release (nothing written). Refuses another master key by its id
 * before reading, and any changed byte by the tag.
 */
export async function openBackup(
  file: string,
  target: string,
  master: () => Promise<BackupKey>,
): Promise<boolean> {
  const read = await readPrefix(file);
  if (!read) return false;
  const { header, prefix, size } = read;
  const key = await master();
  if (header.masterKeyId !== key.id) {
    throw new BackupSealError(
      `This backup is sealed under master key ${header.masterKeyId}; the configured master ` +
        `key is ${key.id}. Set SECRETS_KEY (or SECRETS_KEY_FILE) to the master key of the ` +
        "installation that made it (a demo's is its DATA_DIR/master-key).",
    );
  }
  const tagBytes = TAG_BYTES[header.cipher];
  const tag = Buffer.alloc(tagBytes);
  const handle = await fs.open(file, 'r');
  try {
    await handle.read(tag, 0, tagBytes, size - tagBytes);
  } finally {
    await handle.close();
  }
  const backup = backupKey(key.key, header);
  const iv = Buffer.from(header.iv, 'base64');
  const changed = () =>
    new BackupSealError(
      `${file} does not open under master key ${key.id}: it was changed or damaged.`,
    );
  const end = size - tagBytes - 1;
  // An empty body (start past end) reads nothing.
  const body = () =>
    createReadStream(file, { start: prefix.length, end: Math.max(end, prefix.length - 1) });
  if (header.cipher === 'SM4-CTR-HMAC-SM3') {
    // Encrypt-then-MAC: the whole file is checked before a byte is decrypted.
    const mac = createHmac('sm3', backup.subarray(0, 16)).update(prefix);
    for await (const chunk of body()) mac.update(chunk as Buffer);
    if (!timingSafeEqual(mac.digest(), tag)) throw changed();
    const decipher = createDecipheriv('sm4-ctr', backup.subarray(16), iv);
    try {
      await pipeline(
        body(),
        async function* (source: AsyncIterable<Buffer>) {
          for await (const chunk of source) yield decipher.update(chunk);
          yield decipher.final();
        },
        createWriteStream(target, { mode: 0o600 }),
      );
    } catch (error) {
      await fs.rm(target, { force: true });
      throw error;
    }
    return true;
  }
  const decipher = createDecipheriv('aes-256-gcm', backup, iv);
  decipher.setAAD(prefix);
  decipher.setAuthTag(tag);
  try {
    await pipeline(
      body(),
      async function* (source: AsyncIterable<Buffer>) {
        for await (const chunk of source) yield decipher.update(chunk);
        yield decipher.final();
      },
      createWriteStream(target, { mode: 0o600 }),
    );
  } catch (error) {
    await fs.rm(target, { force: true });
    if (error instanceof Error && /authenticate/i.test(error.message)) throw changed();
    throw error;
  }
  return true;
}
