import { randomBytes } from 'node:crypto';
import { MasterKeyError } from '../../lib/master-key.js';
import { type AeadAlgorithm, aeadOpen, aeadSeal } from './aead.js';
import { type SecretSealer, parseSealed, sealedValue } from './secret-sealer.js';
import type { Executor } from '../../db/client.js';
import {
  DATA_KEY_PREFIX,
  type RawSecretRow,
  ServerSecretRepository,
} from './server-secret.repository.js';

/** The master key as the ring needs it: its bytes and its fingerprint. */
export interface MasterKeyBytes {
  key: Buffer;
  id: string;
}

/** How long an instance seals with the data key it last read as the newest. */
const ACTIVE_CACHE_MS = 60_000;
const WRAPPED_PREFIX = 'wrapped:v1:';

/** A data key row: one wrap per master key that opens it (two while a master key is rotated). */
export interface DataKeyRow {
  id: string;
  wraps: Map<string, string>;
  row: RawSecretRow;
}

export function parseDataKeyRow(row: RawSecretRow): DataKeyRow {
  const wraps = new Map<string, string>();
  if (row.value.startsWith(WRAPPED_PREFIX)) {
    for (const part of row.value.slice(WRAPPED_PREFIX.length).split(',')) {
      // The master key's id has no dot; an SM4 wrap's packed value has one (`sm4.`).
      const dot = part.indexOf('.');
      const masterId = part.slice(0, Math.max(dot, 0));
      const packed = part.slice(dot + 1);
      if (dot > 0 && packed) wraps.set(masterId, packed);
    }
  }
  return { id: row.name.slice(DATA_KEY_PREFIX.length), wraps, row };
}

export function formatWraps(wraps: Map<string, string>): string {
  return `${WRAPPED_PREFIX}${[...wraps].map(([id, packed]) => `${id}.${packed}`).join(',')}`;
}

const wrapContext = (dataKeyId: string) => `cityops data key ${dataKeyId}`;

export function wrapDataKey(
  master: MasterKeyBytes,
  dataKeyId: string,
  key: Buffer,
  algorithm: AeadAlgorithm = 'AES-256-GCM',
): string {
  return aeadSeal(master.key, key, wrapContext(dataKeyId), algorithm);
}

export function unwrapDataKey(master: MasterKeyBytes, row: DataKeyRow): Buffer {
  const packed = row.wraps.get(master.id);
  if (!packed) {
    throw new MasterKeyError(
      `The data key ${row.id} in the database is wrapped by another master key ` +
        `(${[...row.wraps.keys()].join(', ') || 'none'}), not by this one (${master.id}). ` +
        'Start with the master key the database was sealed under (SECRETS_KEY, ' +
        'SECRETS_KEY_FILE, or the demo’s DATA_DIR/master-key).',
    );
  }
  return aeadOpen(master.key, packed, wrapContext(row.id));
}

/**
 * The key hierarchy's middle (docs/security.md, "Key hierarchy"): data keys,
 * random 256-bit keys kept in server_secrets wrapped (AES-256-GCM, or SM4-CTR +
 * HMAC-SM3 under the 国密 profile: `algorithm`) by the master key, which never
 * enters the database. The newest data key seals; every data key still opens what
 * it sealed, so instances that have not yet seen a rotation keep working. A
 * database copy without the master key opens none of them. Each sealed value and
 * wrap names its algorithm, so a value sealed under the other profile still opens.
 */
export class KeyRing implements SecretSealer {
  private readonly keys = new Map<string, Buffer>();
  private active: { id: string; readAt: number } | undefined;

  constructor(
    private readonly master: MasterKeyBytes,
    private readonly secrets: ServerSecretRepository,
    /** What new values and wraps are sealed with (aead.ts, CRYPTO_PROFILE). */
    readonly algorithm: AeadAlgorithm = 'AES-256-GCM',
  ) {}

  get masterKeyId(): string {
    return this.master.id;
  }

  async seal(plain: string, context: string): Promise<string> {
    const id = await this.activeId();
    const key = await this.dataKey(id);
    return sealedValue(id, aeadSeal(key, Buffer.from(plain, 'utf8'), context, this.algorithm));
  }

  async open(stored: string, context: string): Promise<string> {
    const parsed = parseSealed(stored);
    if (!parsed) throw new Error('not a sealed value');
    const key = await this.dataKey(parsed.dataKeyId);
    return aeadOpen(key, parsed.packed, context).toString('utf8');
  }

  /** Reads every data key now: a start with the wrong master key stops here, not at a sign-in. */
  async check(): Promise<void> {
    this.active = undefined;
    const id = await this.activeId();
    await this.dataKey(id);
  }

  /** Makes a data key wrapped under each of `masters` (the ring's own first); it seals from now. */
  async createDataKey(masters: MasterKeyBytes[] = [this.master]): Promise<string> {
    const id = `${new Date().toISOString().replace(/\D/g, '').slice(0, 14)}-${randomBytes(4).toString('hex')}`;
    const key = randomBytes(32);
    const wraps = new Map(
      masters.map((master) => [master.id, wrapDataKey(master, id, key, this.algorithm)]),
    );
    await this.secrets.insertRaw(`${DATA_KEY_PREFIX}${id}`, formatWraps(wraps));
    this.keys.set(id, key);
    this.active = undefined;
    return id;
  }

  private async activeId(): Promise<string> {
    const now = Date.now();
    if (this.active && now - this.active.readAt < ACTIVE_CACHE_MS && now >= this.active.readAt) {
      return this.active.id;
    }
    const rows = await this.secrets.listRaw({ prefix: DATA_KEY_PREFIX });
    // The first instance to need one makes it; two racing make two, and the newest seals.
    const id = rows[0] ? parseDataKeyRow(rows[0]).id : await this.createDataKey();
    this.active = { id, readAt: now };
    return id;
  }

  private async dataKey(id: string): Promise<Buffer> {
    const known = this.keys.get(id);
    if (known) return known;
    const rows = await this.secrets.listRaw({ prefix: `${DATA_KEY_PREFIX}${id}` });
    const row = rows.find((candidate) => candidate.name === `${DATA_KEY_PREFIX}${id}`);
    if (!row) throw new Error(`the data key ${id} is not in the database`);
    const key = unwrapDataKey(this.master, parseDataKeyRow(row));
    this.keys.set(id, key);
    return key;
  }
}

/** The ring of a command that opens the server's database (the master key as the server loads it). */
export function keyRingOf(
  master: MasterKeyBytes,
  db: Executor,
  algorithm?: AeadAlgorithm,
): KeyRing {
  return new KeyRing(master, new ServerSecretRepository(db), algorithm);
}
