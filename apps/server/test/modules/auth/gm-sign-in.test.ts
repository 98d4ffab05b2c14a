import { constants, publicEncrypt } from 'node:crypto';
import { ErrorCode } from '@cityops/contract';
import { eq } from 'drizzle-orm';
import { sm2 } from 'sm-crypto-v2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rsaKeys } from '../../../src/db/schema/index.js';
import {
  type TestApp,
  createTestApp,
  fetchPublicKey,
  ownAddress,
  requestToken,
} from '../../helpers/test-app.js';

// The 国密 profile's sign-in transport (CRYPTO_PROFILE=gm, docs/cryptography.md): one
// app for the file, on a database whose seed made an RSA key under the default profile.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ CRYPTO_PROFILE: 'gm' });
});
afterAll(async () => {
  await t.close();
});

function signInWith(keyId: string, password: string, remoteAddress = ownAddress()) {
  return requestToken(
    t.app,
    { username: 'admin', keyId, password },
    { encrypt: false, remoteAddress },
  );
}

describe('sign-in under CRYPTO_PROFILE=gm', () => {
  // First in the file: no oauth/pubKey call has replaced the seed's RSA key yet.
  it('replaces a key made under the other profile; a page holding it still signs in for the overlap', async () => {
    const [seeded] = await t.database.db
      .select({ id: rsaKeys.id, publicKey: rsaKeys.publicKey })
      .from(rsaKeys)
      .where(eq(rsaKeys.active, true));
    expect(seeded!.publicKey).toMatch(/^-----BEGIN PUBLIC KEY-----/);

    const current = await fetchPublicKey(t.app);
    expect(current.algorithm).toBe('SM2');
    expect(current.keyId).not.toBe(seeded!.id);

    const rsaCipher = publicEncrypt(
      { key: seeded!.publicKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
      Buffer.from('Admin@2026', 'utf8'),
    ).toString('base64');
    expect((await signInWith(seeded!.id, rsaCipher)).json().code).toBe('000000');
  });

  it('oauth/pubKey gives an SM2 public key: the uncompressed point in hex', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/authorization-server/oauth/pubKey',
    });
    expect(response.statusCode).toBe(200);
    const { data } = response.json();
    expect(data.algorithm).toBe('SM2');
    expect(data.publicKey).toMatch(/^04[0-9a-f]{128}$/);
    expect(sm2.verifyPublicKey(data.publicKey)).toBe(true);
  });

  it('keeps the SM2 private key sealed under the data keys, with SM4', async () => {
    const { keyId } = await fetchPublicKey(t.app);
    const [row] = await t.database.db
      .select({ privateKey: rsaKeys.privateKey })
      .from(rsaKeys)
      .where(eq(rsaKeys.id, keyId));
    // Sealed with SM4 (CTR + HMAC-SM3) under this profile (secrets/aead.ts).
    expect(row!.privateKey).toMatch(/^sealed:v2:[\w-]+:sm4\./);
    expect(row!.privateKey).not.toMatch(/^[0-9a-f]{64}$/);
  });

  it('signs in end to end with sm2.doEncrypt(password, publicKey, 1), with or without the 04', async () => {
    // requestToken encrypts as the web app does, by the algorithm the key names.
    const response = await requestToken(t.app, { username: 'admin', password: 'Admin@2026' });
    expect(response.json()).toMatchObject({ code: '000000', data: { username: 'admin' } });

    const { keyId, publicKey } = await fetchPublicKey(t.app);
    const cipher = sm2.doEncrypt('Admin@2026', publicKey, 1);
    expect(cipher).toMatch(/^[0-9a-f]+$/);
    expect((await signInWith(keyId, `04${cipher}`)).json().code).toBe('000000');
    expect((await signInWith(keyId, cipher.toUpperCase())).json().code).toBe('000000');
  });

  it('refuses a wrong password, a changed cipher and one that is not SM2 alike, never with a 5xx', async () => {
    const { keyId, publicKey } = await fetchPublicKey(t.app);
    const wrong = sm2.doEncrypt('Wrong@2026', publicKey, 1);
    const good = sm2.doEncrypt('Admin@2026', publicKey, 1);
    // One hex digit of C3 (the SM3 check, after C1's 128) changed.
    const changed = `${good.slice(0, 130)}${good[130] === '0' ? '1' : '0'}${good.slice(131)}`;
    // C1 not a point of the curve.
    const offCurve = `${'0'.repeat(128)}${good.slice(128)}`;
    for (const password of [wrong, changed, offCurve, 'zz', 'QUJD', `${good}0`]) {
      const plain = await t.app.services.rsaKeys.decrypt(keyId, password);
      expect(plain === null || plain === 'Wrong@2026').toBe(true);
    }
    // At the endpoint (one attempt: more would bring the captcha for admin).
    const response = await signInWith(keyId, changed);
    expect(response.statusCode).toBeLessThan(500);
    expect(response.json().code).toBe(ErrorCode.BAD_CREDENTIALS);
  });
});
