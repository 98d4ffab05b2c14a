import { runKeysCommand } from '../../src/cli/keys.js';
import type { CryptoProfile } from '../../src/config.js';
import { masterKeyId } from '../../src/lib/master-key.js';
import { aeadAlgorithmOf } from '../../src/modules/secrets/aead.js';
import { TEST_SECRETS_KEY } from './constants.js';
import type { TestApp } from './test-app.js';

/**
 * `npm run keys -- <command>` on the test app's database, with the test master key and
 * the profile's algorithm, as an operator runs it: its exit status and what it printed.
 */
export async function keysCommand(t: TestApp, command: string, profile: CryptoProfile) {
  const printed: string[] = [];
  const key = Buffer.from(TEST_SECRETS_KEY, 'base64');
  const status = await runKeysCommand([command], {
    database: t.database,
    master: { key, id: masterKeyId(key), origin: 'SECRETS_KEY' },
    clock: t.clock,
    env: {},
    print: (line) => printed.push(line),
    algorithm: aeadAlgorithmOf(profile),
  });
  return { status, printed: printed.join('\n') };
}
