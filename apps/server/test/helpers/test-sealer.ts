import type { Db } from '../../src/db/client.js';
import { masterKeyId } from '../../src/lib/master-key.js';
import { KeyRing } from '../../src/modules/secrets/key-ring.js';
import { ServerSecretRepository } from '../../src/modules/secrets/server-secret.repository.js';
import { TEST_SECRETS_KEY } from './constants.js';

/** A database's secrets sealed under the test master key, as a test app opens them. */
export function testSealer(db: Db): KeyRing {
  const key = Buffer.from(TEST_SECRETS_KEY, 'base64');
  return new KeyRing({ key, id: masterKeyId(key) }, new ServerSecretRepository(db));
}
