import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import { deriveKey } from '../../lib/master-key.js';

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
 *   ...        the tar, AES-256-GCM under HKDF-SHA256(master key, salt, "cityops backup")
 *   16 bytes   the GCM tag
 * Everything before the tar is the additional data: a changed header does not open.
 */
const MAGIC = Buffer.from('CITYOPS-BACKUP\u0000\u0001', 'latin1');
const TAG_BYTES = 16;

interface SealHeader {
  format: 1;
  cipher: 'AES-256-GCM';
  kdf: 'HKDF-SHA256';
  salt: string;
  iv: string;
  masterKeyId: string;
}

/** A sealed backup that does not open; the message says why and what to do. */
export class BackupSealError extends Error {}

/** Writes `plain` (a tar) into `target` sealed under a key derived from the master key, mode 0600. */
export async function sealBackup(plain: string, target: string, master: BackupKey): Promise<void> {
  const salt = randomBytes(16);
  const iv = randomBytes(12);
  const header: SealHeader = {
    format: 1,
    cipher: 'AES-256-GCM',
    kdf: 'HKDF-SHA256',
    salt: salt.toString('base64'),
    iv: iv.toString('base64'),
    masterKeyId: master.id,
  };
  const json = Buffer.from(JSON.stringify(header), 'utf8');
  const length = Buffer.alloc(4);
  length.writeUInt32BE(json.length);
  const prefix = Buffer.concat([MAGIC, length, json]);
  const cipher = createCipheriv('aes-256-gcm', deriveKey(master.key, 'backup', salt), iv);
  cipher.setAAD(prefix);
  await pipeline(
    createReadStream(plain),
    async function* (source: AsyncIterable<Buffer>) {
      yield prefix;
      for await (const chunk of source) yield cipher.update(chunk);
      yield cipher.final();
      yield cipher.getAuthTag();
    },
    createWriteStream(target, { mode: 0o600 }),
  );
  // The mode of a file that was there already is not changed by opening it.
  await fs.chmod(target, 0o600);
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
    if (length > 4096 || start.length + length + TAG_BYTES > size) {
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
    if (header.format !== 1 || header.cipher !== 'AES-256-GCM') {
      throw new BackupSealError(`${file} is sealed in a way this release does not read.`);
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
  const tag = Buffer.alloc(TAG_BYTES);
  const handle = await fs.open(file, 'r');
  try {
    await handle.read(tag, 0, TAG_BYTES, size - TAG_BYTES);
  } finally {
    await handle.close();
  }
  const decipher = createDecipheriv(
    'aes-256-gcm',
    deriveKey(key.key, 'backup', Buffer.from(header.salt, 'base64')),
    Buffer.from(header.iv, 'base64'),
  );
  decipher.setAAD(prefix);
  decipher.setAuthTag(tag);
  const end = size - TAG_BYTES - 1;
  try {
    await pipeline(
      // An empty body (start past end) reads nothing.
      createReadStream(file, { start: prefix.length, end: Math.max(end, prefix.length - 1) }),
      async function* (source: AsyncIterable<Buffer>) {
        for await (const chunk of source) yield decipher.update(chunk);
        yield decipher.final();
      },
      createWriteStream(target, { mode: 0o600 }),
    );
  } catch (error) {
    await fs.rm(target, { force: true });
    if (error instanceof Error && /authenticate/i.test(error.message)) {
      throw new BackupSealError(
        `${file} does not open under master key ${key.id}: it was changed or damaged.`,
      );
    }
    throw error;
  }
  return true;
}
