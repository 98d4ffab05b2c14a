import { createHmac, hkdfSync, randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { AppConfig } from '../config.js';

/** Where a demo keeps the master key it made for itself, in DATA_DIR. */
export const GENERATED_KEY_FILE = 'master-key';
const KEY_BYTES = 32;

/**
 * The master key (docs/security.md, "Key hierarchy"): it wraps the data keys that
 * seal every secret the platform keeps, and derives the key of the backups. It
 * never enters the database, the logs or a backup.
 */
export interface MasterKey {
  key: Buffer;
  /** A fingerprint that names the key without revealing it (the wraps carry it). */
  id: string;
  /** Where it came from: configured, made once into DATA_DIR (demo), or this process only. */
  origin: 'SECRETS_KEY' | 'SECRETS_KEY_FILE' | 'generated' | 'memory';
  /** The file it was read from or written to. */
  file?: string;
  /** True when this call made the demo's key. */
  created?: boolean;
}

/** A master key that cannot be used; the message names the variable or the file. */
export class MasterKeyError extends Error {}

export function masterKeyId(key: Buffer): string {
  return createHmac('sha256', key).update('cityops master key id').digest('base64url').slice(0, 12);
}

/** A key for one purpose (the backups'), derived from the master key with HKDF-SHA256. */
export function deriveKey(master: Buffer, purpose: string, salt: Buffer): Buffer {
  return Buffer.from(hkdfSync('sha256', master, salt, `cityops ${purpose}`, KEY_BYTES));
}

/** A master key given as base64 text, as SECRETS_KEY and its file hold it. */
export function parseMasterKey(text: string, where: string): Buffer {
  const trimmed = text.trim();
  const key = Buffer.from(trimmed, 'base64');
  if (!/^[A-Za-z0-9+/_-]+=*$/.test(trimmed) || key.length !== KEY_BYTES) {
    throw new MasterKeyError(`${where} must hold 32 bytes in base64 (openssl rand -base64 32)`);
  }
  return key;
}

/** Reads a key file, refusing one that others than its owner may read. */
export async function readKeyFile(file: string, variable: string): Promise<Buffer> {
  let stat;
  try {
    stat = await fs.stat(file);
  } catch {
    throw new MasterKeyError(`${variable}: there is no file ${file}`);
  }
  if (process.platform !== 'win32' && (stat.mode & 0o077) !== 0) {
    throw new MasterKeyError(
      `${variable}: ${file} may be read by others than its owner (mode ` +
        `${(stat.mode & 0o777).toString(8)}): chmod 600 ${file}`,
    );
  }
  const text = await fs.readFile(file, 'utf8').catch((error: NodeJS.ErrnoException) => {
    throw new MasterKeyError(`${variable}: ${file} cannot be read by this user (${error.code})`);
  });
  return parseMasterKey(text, `${variable} (${file})`);
}

/** One key for every app of a process whose database lives in memory (tests, a throwaway demo). */
let memoryKey: Buffer | undefined;

/**
 * The master key of the configuration: SECRETS_KEY, or the file SECRETS_KEY_FILE
 * names; production has one of them (config.ts refuses to start otherwise). A demo
 * without either makes one once into DATA_DIR (mode 0600) and reads it back after.
 */
export async function loadMasterKey(
  config: Pick<AppConfig, 'secretsKey' | 'secretsKeyFile' | 'dataDir' | 'nodeEnv'>,
  options: {
    /** False for a command that needs the key the server already has (backup, restore). */
    create?: boolean;
  } = {},
): Promise<MasterKey> {
  const of = (key: Buffer, origin: MasterKey['origin'], extra: Partial<MasterKey> = {}) => ({
    key,
    id: masterKeyId(key),
    origin,
    ...extra,
  });
  if (config.secretsKey) return of(config.secretsKey, 'SECRETS_KEY');
  if (config.secretsKeyFile) {
    const key = await readKeyFile(config.secretsKeyFile, 'SECRETS_KEY_FILE');
    return of(key, 'SECRETS_KEY_FILE', { file: config.secretsKeyFile });
  }
  if (config.nodeEnv === 'production') {
    throw new MasterKeyError('SECRETS_KEY (or SECRETS_KEY_FILE) is required in production');
  }
  const file = path.join(config.dataDir, GENERATED_KEY_FILE);
  if (options.create === false) {
    if (config.dataDir !== ':memory:' && (await fs.stat(file).catch(() => null))) {
      return of(await readKeyFile(file, 'DATA_DIR'), 'generated', { file });
    }
    throw new MasterKeyError(
      'No master key: set SECRETS_KEY or SECRETS_KEY_FILE as the server has it ' +
        `(a demo's is ${config.dataDir === ':memory:' ? 'DATA_DIR/master-key' : file}, made by its first start)`,
    );
  }
  if (config.dataDir === ':memory:') {
    memoryKey ??= randomBytes(KEY_BYTES);
    return of(memoryKey, 'memory');
  }
  await fs.mkdir(config.dataDir, { recursive: true });
  try {
    // 'wx': made once; a second process that races here reads the first one's key.
    await fs.writeFile(file, `${randomBytes(KEY_BYTES).toString('base64')}\n`, {
      flag: 'wx',
      mode: 0o600,
    });
    return of(await readKeyFile(file, 'DATA_DIR'), 'generated', { file, created: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  return of(await readKeyFile(file, 'DATA_DIR'), 'generated', { file });
}

/** The start-up line that says where the master key is (never the key). */
export function describeMasterKey(master: MasterKey): string {
  switch (master.origin) {
    case 'SECRETS_KEY':
      return `master key from SECRETS_KEY (id ${master.id})`;
    case 'SECRETS_KEY_FILE':
      return `master key from SECRETS_KEY_FILE ${master.file} (id ${master.id})`;
    case 'generated':
      return (
        `master key ${master.created ? 'made into' : 'read from'} ${master.file} (id ${master.id}): ` +
        'keep this file beside the backups, or set SECRETS_KEY; without it they do not open'
      );
    case 'memory':
      // With DATABASE_URL the database outlives the process, and its next start would
      // not open what this one sealed.
      return (
        `master key made for this process only (DATA_DIR is :memory:, id ${master.id}): ` +
        'a database kept beyond it (DATABASE_URL) needs SECRETS_KEY'
      );
  }
}
