import { MasterKeyError } from '../../lib/master-key.js';
import { contextOf as rsaContextOf } from '../auth/rsa-key.repository.js';
import type { RsaKeyRepository } from '../auth/rsa-key.repository.js';
import type { AeadAlgorithm } from './aead.js';
import {
  KeyRing,
  type MasterKeyBytes,
  formatWraps,
  parseDataKeyRow,
  unwrapDataKey,
  wrapDataKey,
} from './key-ring.js';
import type { LegacySealedRepository } from './legacy-sealed.repository.js';
import { SecretBoxService } from './secret-box.service.js';
import { isSealed } from './secret-sealer.js';
import {
  DATA_KEY_PREFIX,
  type ServerSecretRepository,
  contextOf as secretContextOf,
} from './server-secret.repository.js';

/** The tables whose values the data keys seal, read and written as stored. */
export interface SealedStores {
  serverSecrets: ServerSecretRepository;
  rsaKeys: RsaKeyRepository;
  /** Values an earlier release sealed with SECRETS_KEY itself, sealed again first. */
  legacy?: LegacySealedRepository;
}

/**
 * Seals again, under the ring's newest data key, every secret the server keeps;
 * with `onlyUnsealed`, only those an earlier release kept in clear (at start).
 * Each write is conditional on the value read, so a concurrent change wins.
 */
export async function sealStoredSecrets(
  stores: SealedStores,
  ring: KeyRing,
  options: { onlyUnsealed: boolean },
): Promise<number> {
  let sealed = 0;
  const reseal = async (
    stored: string,
    context: string,
    replace: (to: string) => Promise<boolean>,
  ) => {
    if (options.onlyUnsealed && isSealed(stored)) return;
    const plain = isSealed(stored) ? await ring.open(stored, context) : stored;
    if (await replace(await ring.seal(plain, context))) sealed += 1;
  };
  for (const row of await stores.serverSecrets.listRaw({ except: DATA_KEY_PREFIX })) {
    await reseal(row.value, secretContextOf(row.name), (to) =>
      stores.serverSecrets.replaceRaw(row.name, row.value, to),
    );
  }
  for (const row of await stores.rsaKeys.listRaw()) {
    await reseal(row.privateKey, rsaContextOf(row.id), (to) =>
      stores.rsaKeys.replaceRaw(row.id, row.privateKey, to),
    );
  }
  return sealed;
}

/**
 * Seals again under their boxes' database keys (secret-box.service.ts) the values an
 * earlier release sealed with SECRETS_KEY itself, which is the master key now: after
 * this, a master key rotation leaves them readable. Run at start and before a rotation.
 */
export async function resealLegacyBoxes(
  legacy: LegacySealedRepository,
  secrets: ServerSecretRepository,
  master: MasterKeyBytes,
): Promise<number> {
  const values = await legacy.list();
  const boxes = new Map<string, SecretBoxService>();
  let resealed = 0;
  for (const value of values) {
    let box = boxes.get(value.box);
    if (!box) {
      box = new SecretBoxService({ secrets, name: value.box, configuredKey: master.key });
      boxes.set(value.box, box);
    }
    // One sealed under another key than this master key stays as it is: its sign-in
    // fails as it did before, and the security administrator resets that factor.
    const plain = await box.open(value.stored, value.context).catch(() => null);
    if (plain === null) continue;
    if (await value.replace(await box.seal(plain, value.context))) resealed += 1;
  }
  return resealed;
}

export interface RotationReport {
  /** The data key that seals from now on. */
  dataKey: string;
  /** The master keys that open the data keys now (two after a master key rotation). */
  masterKeys: string[];
  /** How many stored secrets were sealed again under the new data key. */
  resealed: number;
}

/**
 * `npm run keys -- rotate` (docs/security.md, "Rotating keys"): a new data key
 * seals every secret again; with `next`, every data key is also wrapped under
 * the new master key, beside the current one, so instances still started with
 * the current key keep working until each is restarted with the new one, and
 * `retireMasterKeys` then drops the old wraps. Old data keys stay (wrapped):
 * an instance that has not yet seen the new one may still seal with them.
 */
export async function rotateKeys(
  stores: SealedStores,
  master: MasterKeyBytes,
  next?: MasterKeyBytes,
  algorithm?: AeadAlgorithm,
): Promise<RotationReport> {
  const masters = next && next.id !== master.id ? [master, next] : [master];
  // Under a changed CRYPTO_PROFILE this is the migration: every wrap and secret sealed
  // again with the profile's algorithm (docs/cryptography.md).
  const ring = new KeyRing(master, stores.serverSecrets, algorithm);
  if (stores.legacy) {
    await resealLegacyBoxes(stores.legacy, stores.serverSecrets.withSealer(ring), master);
  }
  for (const row of await stores.serverSecrets.listRaw({ prefix: DATA_KEY_PREFIX })) {
    const dataKey = parseDataKeyRow(row);
    const key = unwrapDataKey(master, dataKey);
    for (const other of masters) {
      dataKey.wraps.set(other.id, wrapDataKey(other, dataKey.id, key, ring.algorithm));
    }
    await stores.serverSecrets.replaceRaw(row.name, row.value, formatWraps(dataKey.wraps));
  }
  const dataKey = await ring.createDataKey(masters);
  const resealed = await sealStoredSecrets(stores, ring, { onlyUnsealed: false });
  return { dataKey, masterKeys: masters.map((m) => m.id), resealed };
}

/**
 * `npm run keys -- retire-master`: after every instance runs with the new master
 * key, the data keys keep only its wrap; the old master key then opens nothing.
 */
export async function retireMasterKeys(
  secrets: ServerSecretRepository,
  master: MasterKeyBytes,
): Promise<{ retired: string[] }> {
  const rows = (await secrets.listRaw({ prefix: DATA_KEY_PREFIX })).map(parseDataKeyRow);
  // Every data key must open under this key before any other wrap goes.
  for (const row of rows) unwrapDataKey(master, row);
  const retired = new Set<string>();
  for (const row of rows) {
    const others = [...row.wraps.keys()].filter((id) => id !== master.id);
    if (others.length === 0) continue;
    for (const id of others) retired.add(id);
    const kept = new Map([[master.id, row.wraps.get(master.id)!]]);
    if (!(await secrets.replaceRaw(row.row.name, row.row.value, formatWraps(kept)))) {
      throw new MasterKeyError(`The data key ${row.id} changed meanwhile: run the command again.`);
    }
  }
  return { retired: [...retired] };
}
