import { type SQL, and, asc, eq, gt, isNull, like, not, or, sql } from 'drizzle-orm';
import {
  BINDING_KINDS,
  listBindings,
  macNotOf,
  replaceBindingMac,
} from '../../db/access-bindings.js';
import type { Executor } from '../../db/client.js';
import {
  oidcSigningKeys,
  roleMenuEntries,
  roleUnits,
  rsaKeys,
  serverSecrets,
  userRoles,
  userSecondFactors,
  users,
} from '../../db/schema/index.js';
import { PersonalDataSeal, SM3_INDEX_MARK } from '../organization/personal-data-seal.js';
import { type AeadAlgorithm, aeadAlgorithmOfPacked } from './aead.js';
import { type BindingMac, describeBinding } from './binding-mac.js';
import { KeyRing, type MasterKeyBytes, parseDataKeyRow } from './key-ring.js';
import { rotateKeys, type SealedStores } from './key-rotation.js';
import { SecretBoxService } from './secret-box.service.js';
import { parseSealed } from './secret-sealer.js';
import { DATA_KEY_PREFIX, ServerSecretRepository } from './server-secret.repository.js';

/** Rows read and written at a time: a large city's users do not sit in memory at once. */
const BATCH = 200;

/**
 * What is sealed, indexed or MACed under the other profile than `algorithm`, by kind, in
 * counts an indexed or short scan gives (the start-up's warning, `keys status`).
 */
export async function otherProfileCounts(
  db: Executor,
  algorithm: AeadAlgorithm,
): Promise<Record<string, number>> {
  const gm = algorithm === 'SM4-CTR-HMAC-SM3';
  // A value is the 国密 profile's when it carries its mark; the counts are of the others.
  const other = (marked: SQL) =>
    gm
      ? sql<number>`count(*) filter (where not coalesce(${marked}, false))::int`
      : sql<number>`count(*) filter (where ${marked})::int`;
  const [people] = await db
    .select({
      mobiles: other(sql`${users.mobile} like 'sealed:v1:db:sm4.%' or ${users.mobile} = ''`),
      indexes: other(
        sql`${users.mobileIndex} like ${`${SM3_INDEX_MARK}%`} or ${users.mobileIndex} is null`,
      ),
    })
    .from(users);
  const [factors] = await db
    .select({ n: other(sql`${userSecondFactors.secret} like 'sealed:v1:db:sm4.%'`) })
    .from(userSecondFactors);
  const [signing] = await db
    .select({ n: other(sql`${oidcSigningKeys.sealedPrivateJwk} like 'sealed:v1:db:sm4.%'`) })
    .from(oidcSigningKeys);
  const [secrets] = await db
    .select({
      n: other(
        sql`${serverSecrets.value} like 'sealed:v2:%:sm4.%' or ${serverSecrets.value} like 'wrapped:v1:%.sm4.%'`,
      ),
    })
    .from(serverSecrets);
  const [transport] = await db
    .select({ n: other(sql`${rsaKeys.privateKey} like 'sealed:v2:%:sm4.%'`) })
    .from(rsaKeys);
  const [roleMacs] = await db
    .select({ n: other(sql`${userRoles.mac} like 'hmac-sm3:%'`) })
    .from(userRoles);
  const [entryMacs] = await db
    .select({ n: other(sql`${roleMenuEntries.mac} like 'hmac-sm3:%'`) })
    .from(roleMenuEntries);
  const [unitMacs] = await db
    .select({ n: other(sql`${roleUnits.mac} like 'hmac-sm3:%'`) })
    .from(roleUnits);
  return {
    'mobile numbers': people?.mobiles ?? 0,
    'blind indexes': people?.indexes ?? 0,
    'second factors': factors?.n ?? 0,
    'signing keys': signing?.n ?? 0,
    'server secrets and data keys': secrets?.n ?? 0,
    'sign-in transport keys': transport?.n ?? 0,
    'access binding MACs': (roleMacs?.n ?? 0) + (entryMacs?.n ?? 0) + (unitMacs?.n ?? 0),
  };
}

/** One line naming what `otherProfileCounts` found, or null when nothing is. */
export function describeOtherProfile(counts: Record<string, number>): string | null {
  const found = Object.entries(counts).filter(([, n]) => n > 0);
  return found.length === 0 ? null : found.map(([what, n]) => `${n} ${what}`).join(', ');
}

export interface ResealReport {
  /** The new data key, when the server's secrets or wraps were under the other profile. */
  dataKey: string | null;
  secrets: number;
  boxes: number;
  mobiles: number;
  bindings: number;
  /** Bindings whose MAC fails: left as they are (a reseal does not launder them). */
  rejected: string[];
}

/**
 * `npm run keys -- reseal` (issue 30 item 5; docs/cryptography.md): everything sealed,
 * indexed or MACed under the other profile is done again under `algorithm`'s: the data
 * keys' wraps and the server's secrets (a rotation, only when one of them is under the
 * other profile), the values of the boxes (second factors, signing keys, mobile numbers),
 * the blind indexes, and the MACs of the access bindings that verify. Batches of rows;
 * each write conditional on the value read; a second run finds nothing left to do.
 */
export async function resealUnderProfile(
  db: Executor,
  stores: SealedStores,
  master: MasterKeyBytes,
  algorithm: AeadAlgorithm,
  bindingMac: BindingMac,
): Promise<ResealReport> {
  const report: ResealReport = {
    dataKey: null,
    secrets: 0,
    boxes: 0,
    mobiles: 0,
    bindings: 0,
    rejected: [],
  };
  if (await secretsUnderOther(stores, algorithm)) {
    const rotation = await rotateKeys(stores, master, undefined, algorithm);
    report.dataKey = rotation.dataKey;
    report.secrets = rotation.resealed;
  }
  const ring = new KeyRing(master, stores.serverSecrets, algorithm);
  const secrets = new ServerSecretRepository(db, ring);
  const box = (name: string) => new SecretBoxService({ secrets, name, algorithm });
  const gm = algorithm === 'SM4-CTR-HMAC-SM3';
  const underOther = (
    column: typeof userSecondFactors.secret | typeof oidcSigningKeys.sealedPrivateJwk,
  ) => (gm ? not(like(column, 'sealed:v1:db:sm4.%')) : like(column, 'sealed:v1:db:sm4.%'));

  const factors = box('second-factor-box');
  for (let after = 0; ;) {
    const rows = await db
      .select({ userId: userSecondFactors.userId, secret: userSecondFactors.secret })
      .from(userSecondFactors)
      .where(and(gt(userSecondFactors.userId, after), underOther(userSecondFactors.secret)))
      .orderBy(asc(userSecondFactors.userId))
      .limit(BATCH);
    for (const row of rows) {
      const context = `user_second_factors:${row.userId}`;
      const to = await factors.seal(await factors.open(row.secret, context), context);
      const changed = await db
        .update(userSecondFactors)
        .set({ secret: to })
        .where(
          and(eq(userSecondFactors.userId, row.userId), eq(userSecondFactors.secret, row.secret)),
        )
        .returning({ userId: userSecondFactors.userId });
      report.boxes += changed.length;
    }
    if (rows.length < BATCH) break;
    after = rows[rows.length - 1]!.userId;
  }

  const signing = box('oidc-signing-key-box');
  const keys = await db
    .select({ kid: oidcSigningKeys.kid, sealed: oidcSigningKeys.sealedPrivateJwk })
    .from(oidcSigningKeys)
    .where(underOther(oidcSigningKeys.sealedPrivateJwk));
  for (const key of keys) {
    const context = `oidc-signing-key:${key.kid}`;
    const to = await signing.seal(await signing.open(key.sealed, context), context);
    const changed = await db
      .update(oidcSigningKeys)
      .set({ sealedPrivateJwk: to })
      .where(
        and(eq(oidcSigningKeys.kid, key.kid), eq(oidcSigningKeys.sealedPrivateJwk, key.sealed)),
      )
      .returning({ kid: oidcSigningKeys.kid });
    report.boxes += changed.length;
  }

  // Numbers: sealed and indexed again together, so the index finds the number it seals.
  const personalData = new PersonalDataSeal({ secrets, algorithm });
  const numberUnderOther = gm
    ? or(
        not(like(users.mobile, 'sealed:v1:db:sm4.%')),
        isNull(users.mobileIndex),
        not(like(users.mobileIndex, `${SM3_INDEX_MARK}%`)),
      )
    : or(like(users.mobile, 'sealed:v1:db:sm4.%'), like(users.mobileIndex, `${SM3_INDEX_MARK}%`));
  for (let after = 0; ;) {
    const rows = await db
      .select({ id: users.id, mobile: users.mobile, mobileIndex: users.mobileIndex })
      .from(users)
      .where(and(gt(users.id, after), not(eq(users.mobile, '')), numberUnderOther))
      .orderBy(asc(users.id))
      .limit(BATCH);
    for (const row of rows) {
      const sealed = await personalData.sealMobile(await personalData.openMobile(row.mobile));
      const changed = await db
        .update(users)
        .set(sealed)
        .where(and(eq(users.id, row.id), eq(users.mobile, row.mobile)))
        .returning({ id: users.id });
      report.mobiles += changed.length;
    }
    if (rows.length < BATCH) break;
    after = rows[rows.length - 1]!.id;
  }

  // Binding MACs: made again only for the bindings whose MAC verifies.
  for (const kind of BINDING_KINDS) {
    for (const binding of await listBindings(db, kind)) {
      if (!(await bindingMac.verify(binding, binding.mac))) {
        report.rejected.push(describeBinding(binding));
        continue;
      }
      if (!macNotOf(binding, bindingMac.algorithm)) continue;
      if (await replaceBindingMac(db, binding, await bindingMac.sign(binding))) {
        report.bindings += 1;
      }
    }
  }
  return report;
}

/** Whether a data key's wrap, a server secret or a transport key is under the other profile. */
async function secretsUnderOther(stores: SealedStores, algorithm: AeadAlgorithm): Promise<boolean> {
  const other = (packed: string) => aeadAlgorithmOfPacked(packed) !== algorithm;
  for (const row of await stores.serverSecrets.listRaw({ prefix: DATA_KEY_PREFIX })) {
    if ([...parseDataKeyRow(row).wraps.values()].some(other)) return true;
  }
  for (const row of await stores.serverSecrets.listRaw({ except: DATA_KEY_PREFIX })) {
    const parsed = parseSealed(row.value);
    if (!parsed || other(parsed.packed)) return true;
  }
  for (const row of await stores.rsaKeys.listRaw()) {
    const parsed = parseSealed(row.privateKey);
    if (!parsed || other(parsed.packed)) return true;
  }
  return false;
}
