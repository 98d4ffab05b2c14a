import { hash, verify } from '@node-rs/argon2';
import { describe, expect, it } from 'vitest';
import {
  PASSWORD_HASH_OPTIONS,
  hashPassword,
  md5Hex,
  passwordHashOptions,
  verifyPasswordDigest,
} from '../../src/lib/passwords.js';

/**
 * The suites hash with test-only parameters (docs/testing.md); this is the one test
 * that holds production to DESIGN.md's argon2id at the OWASP minimum: 19 MiB
 * (19,456 KiB), 2 passes, 1 lane (docs/security.md).
 */
describe('password hashing parameters', () => {
  it('production hashes with argon2id m=19456,t=2,p=1, whatever the test switch says', async () => {
    const production = { NODE_ENV: 'production', CITYOPS_TEST_PASSWORD_HASHING: 'fast' };
    expect(passwordHashOptions(production)).toEqual({
      algorithm: 2,
      memoryCost: 19_456,
      timeCost: 2,
      parallelism: 1,
    });
    // Without the switch a test or development run hashes as production does.
    expect(passwordHashOptions({ NODE_ENV: 'test' })).toBe(PASSWORD_HASH_OPTIONS);
    expect(passwordHashOptions({ NODE_ENV: 'development' })).toBe(PASSWORD_HASH_OPTIONS);

    const digest = md5Hex('Admin@123');
    const stored = await hash(digest, passwordHashOptions(production));
    expect(stored).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPasswordDigest(stored, digest)).toBe(true);

    // This run's own hashes are the cheap ones (the switch is on), and still argon2id.
    const cheap = await hashPassword('Admin@123');
    expect(cheap).toMatch(/^\$argon2id\$v=19\$m=256,t=1,p=1\$/);
    expect(await verify(cheap, digest)).toBe(true);
  });
});
