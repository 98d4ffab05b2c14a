import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { sm3, sm4 } from 'sm-crypto-v2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runKeysCommand } from '../../../src/cli/keys.js';
import { masterKeyId } from '../../../src/lib/master-key.js';
import { aeadAlgorithmOfPacked, aeadOpen, aeadSeal } from '../../../src/modules/secrets/aead.js';
import { KeyRing } from '../../../src/modules/secrets/key-ring.js';
import { ServerSecretRepository } from '../../../src/modules/secrets/server-secret.repository.js';
import { TEST_SECRETS_KEY } from '../../helpers/constants.js';
import { type TestApp, createTestApp, requestToken } from '../../helpers/test-app.js';

const SM4 = 'SM4-CTR-HMAC-SM3';

describe('SM4-CTR + HMAC-SM3 sealing (aead.ts)', () => {
  const key = randomBytes(32);

  it('names its algorithm, opens where it was sealed, and only there', () => {
    const packed = aeadSeal(key, Buffer.from('13800138000'), 'users.mobile', SM4);
    expect(packed).toMatch(/^sm4\.[A-Za-z0-9_-]+$/);
    expect(aeadAlgorithmOfPacked(packed)).toBe(SM4);
    expect(aeadOpen(key, packed, 'users.mobile').toString()).toBe('13800138000');
    expect(() => aeadOpen(key, packed, 'users.name')).toThrow(/tag differs/);
    expect(() => aeadOpen(randomBytes(32), packed, 'users.mobile')).toThrow(/tag differs/);
    const bytes = Buffer.from(packed.slice(4), 'base64url');
    bytes[bytes.length - 1]! ^= 1;
    expect(() => aeadOpen(key, `sm4.${bytes.toString('base64url')}`, 'users.mobile')).toThrow();
    expect(() => aeadOpen(key, 'sm4.AAAA', 'users.mobile')).toThrow(/too short/);
  });

  it('is SM4-CTR and HMAC-SM3 as another implementation (sm-crypto-v2) computes them', () => {
    const plain = Buffer.from('国密 SM4 sealing check'); // more than one block
    const packed = aeadSeal(key, plain, 'ctx', SM4);
    const bytes = Buffer.from(packed.slice(4), 'base64url');
    const iv = bytes.subarray(0, 16);
    const tag = bytes.subarray(16, 48);
    const sealed = bytes.subarray(48);
    // CTR's first keystream block is SM4 of the IV under the second half of the key.
    const keystream = sm4.encrypt(Uint8Array.from(iv), key.subarray(16).toString('hex'), {
      padding: 'none',
      output: 'array',
    }) as Uint8Array;
    const firstBlock = sealed.subarray(0, 16).map((byte, i) => byte ^ keystream[i]!);
    expect(Buffer.from(firstBlock).toString()).toBe(plain.subarray(0, 16).toString());
    // The tag: HMAC-SM3 under the first half over the context's length and bytes, IV, ciphertext.
    const macInput = Buffer.concat([Buffer.from([0, 0, 0, 3]), Buffer.from('ctx'), iv, sealed]);
    expect(
      sm3(Uint8Array.from(macInput), { mode: 'hmac', key: key.subarray(0, 16).toString('hex') }),
    ).toBe(tag.toString('hex'));
  });

  it('leaves AES-256-GCM values as they were: unmarked, and opened beside SM4 ones', () => {
    const packed = aeadSeal(key, Buffer.from('x'), 'ctx');
    expect(packed).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(aeadAlgorithmOfPacked(packed)).toBe('AES-256-GCM');
    expect(aeadOpen(key, packed, 'ctx').toString()).toBe('x');
  });
});

// One app under the 国密 profile, on the test template sealed under the international one.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ CRYPTO_PROFILE: 'gm' });
});
afterAll(async () => {
  await t.close();
});

describe('sealing at rest under CRYPTO_PROFILE=gm', () => {
  it('seals new personal data with SM4 and still opens what was sealed with AES-256-GCM', async () => {
    const sealed = await t.app.services.personalData.sealMobile('13900001111');
    expect(sealed.mobile).toMatch(/^sealed:v1:db:sm4\./);
    expect(await t.app.services.personalData.openMobile(sealed.mobile)).toBe('13900001111');
    // The seeded admin's number was sealed with AES-256-GCM: it still reads.
    const { rows } = await t.database.db.execute<{ mobile: string }>(
      sql`select mobile from users where username = 'admin'`,
    );
    expect(rows[0]!.mobile).toMatch(/^sealed:v1:db:[A-Za-z0-9_-]+$/);
    const response = await requestToken(t.app, { username: 'admin', password: 'Admin@2026' });
    expect(response.json().data.mobile).toBe('13800138000');
  });

  it('npm run keys -- rotate is the migration: every data key wrap and secret sealed again with SM4', async () => {
    const master = Buffer.from(TEST_SECRETS_KEY, 'base64');
    const key = { key: master, id: masterKeyId(master) };
    const ring = new KeyRing(key, new ServerSecretRepository(t.database.db));
    const secrets = new ServerSecretRepository(t.database.db, ring);
    const cookieKey = await secrets.getOrCreate('oidc-cookie-key', 'unused');

    const printed: string[] = [];
    await runKeysCommand(['rotate'], {
      database: t.database,
      master: { ...key, origin: 'SECRETS_KEY' as const },
      clock: t.clock,
      env: {},
      print: (line: string) => printed.push(line),
      algorithm: SM4,
    });
    expect(printed.join('\n')).toMatch(/secrets sealed again/);

    const { rows } = await t.database.db.execute<{ name: string; value: string }>(
      sql`select name, value from server_secrets`,
    );
    const { rows: rsa } = await t.database.db.execute<{ private_key: string }>(
      sql`select private_key from rsa_keys`,
    );
    const newest = rows
      .filter((row) => row.name.startsWith('data-key:'))
      .sort((a, b) => b.name.localeCompare(a.name))[0]!;
    expect(newest.value).toMatch(/^wrapped:v1:[\w-]+\.sm4\./);
    for (const row of rows.filter((r) => !r.name.startsWith('data-key:'))) {
      expect(row.value, row.name).toMatch(/^sealed:v2:[\w-]+:sm4\./);
    }
    for (const row of rsa) expect(row.private_key).toMatch(/^sealed:v2:[\w-]+:sm4\./);
    // The same secrets read back, through a ring that has not seen the rotation too.
    expect(await secrets.getOrCreate('oidc-cookie-key', 'unused')).toBe(cookieKey);
    const fresh = new ServerSecretRepository(
      t.database.db,
      new KeyRing(key, new ServerSecretRepository(t.database.db)),
    );
    expect(await fresh.getOrCreate('oidc-cookie-key', 'unused')).toBe(cookieKey);
    // And the running server still signs in and reads numbers.
    const response = await requestToken(t.app, { username: 'admin', password: 'Admin@2026' });
    expect(response.json().data.mobile).toBe('13800138000');
  });
});
