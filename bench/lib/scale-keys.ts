/**
 * The scale bench's master key and the server's own sealing of mobile numbers and
 * signing of access bindings (issue 30), so that the accounts the seed adds hold what
 * the server would have written: each number sealed (AES-256-GCM under the database's
 * personal-data key) beside its keyed blind index, each role binding with its MAC.
 */
import { createHash } from 'node:crypto';
import { openDatabase } from '../../apps/server/dist/db/client.js';
import { masterKeyId } from '../../apps/server/dist/lib/master-key.js';
import { PersonalDataSeal } from '../../apps/server/dist/modules/organization/personal-data-seal.js';
import {
  type AccessBinding,
  BindingMac,
} from '../../apps/server/dist/modules/secrets/binding-mac.js';
import { KeyRing } from '../../apps/server/dist/modules/secrets/key-ring.js';
import { ServerSecretRepository } from '../../apps/server/dist/modules/secrets/server-secret.repository.js';

/**
 * SECRETS_KEY of every server the bench starts on its databases: the same at each
 * start (a key made per process would not open the data keys the first start wrapped)
 * and in the bench itself. Throwaway data only; derived, so no key is kept anywhere.
 */
export const BENCH_SECRETS_KEY = createHash('sha256')
  .update('cityops scale bench: throwaway databases only')
  .digest('base64');

export interface SealedMobile {
  mobile: string;
  mobileIndex: string | null;
}

/**
 * Seals numbers and signs access bindings with the keys of the database at `databaseUrl`,
 * as its server does: a number sealed beside its blind index (issue 30), a user's or a
 * role's binding with its MAC (BindingMac: a binding without a valid one grants nothing).
 */
export async function serverSealing(databaseUrl: string): Promise<{
  seal: (mobile: string) => Promise<SealedMobile>;
  sign: (binding: AccessBinding) => Promise<string>;
  close: () => Promise<void>;
}> {
  const database = await openDatabase({ databaseUrl, dataDir: ':memory:', poolSize: 1 });
  const key = Buffer.from(BENCH_SECRETS_KEY, 'base64');
  const ring = new KeyRing({ key, id: masterKeyId(key) }, new ServerSecretRepository(database.db));
  await ring.check();
  const secrets = new ServerSecretRepository(database.db, ring);
  const seal = new PersonalDataSeal({ secrets });
  const mac = new BindingMac(secrets, ring.algorithm);
  return {
    seal: (mobile) => seal.sealMobile(mobile),
    sign: (binding) => mac.sign(binding),
    close: () => database.close(),
  };
}
