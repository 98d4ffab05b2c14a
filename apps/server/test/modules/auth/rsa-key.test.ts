import { constants, publicEncrypt } from 'node:crypto';
import { ErrorCode } from '@cityops/contract';
import { count, eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { rsaKeys } from '../../../src/db/schema/index.js';
import { RsaKeyRepository } from '../../../src/modules/auth/rsa-key.repository.js';
import {
  type TestApp,
  createTestApp,
  fetchPublicKey,
  requestToken,
  secondInstance,
} from '../../helpers/test-app.js';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  vi.restoreAllMocks();
  await t.close();
});

const HOUR = 3_600_000;

function encryptWith(key: { keyId: string; publicKey: string }, password: string) {
  const cipher = publicEncrypt(
    { key: key.publicKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
    Buffer.from(password, 'utf8'),
  );
  return { keyId: key.keyId, password: cipher.toString('base64') };
}

function signInWith(key: { keyId: string; publicKey: string }) {
  return requestToken(
    t.app,
    { username: 'admin', ...encryptWith(key, 'Admin@2026') },
    { encrypt: false },
  );
}

describe('the login RSA key pair', () => {
  it('is replaced after rsa.rotationHours; the old key decrypts for the overlap only', async () => {
    const first = await fetchPublicKey(t.app);
    expect((await signInWith(first)).json().code).toBe('000000');

    t.clock.advance(24 * HOUR + 1000);
    const second = await fetchPublicKey(t.app);
    expect(second.keyId).not.toBe(first.keyId);
    expect(second.publicKey).not.toBe(first.publicKey);
    // A sign-in page that fetched the old key a moment ago still works.
    expect((await signInWith(first)).json().code).toBe('000000');

    t.clock.advance(11 * 60_000);
    expect((await signInWith(first)).json().code).toBe(ErrorCode.BAD_CREDENTIALS);
    expect((await signInWith(second)).json().code).toBe('000000');

    // The purge deletes the retired key; the active one stays.
    await t.app.services.purge.run();
    const ids = (await t.database.db.select({ id: rsaKeys.id }).from(rsaKeys)).map((row) => row.id);
    expect(ids).toEqual([second.keyId]);
  });

  it('stays active when its successor cannot be stored', async () => {
    const first = await fetchPublicKey(t.app);
    t.clock.advance(24 * HOUR + 1000);
    vi.spyOn(RsaKeyRepository.prototype, 'insert').mockRejectedValueOnce(new Error('disk full'));
    const failed = await t.app.inject({
      method: 'POST',
      url: '/api/authorization-server/oauth/pubKey',
    });
    expect(failed.statusCode).toBe(500);
    const active = await t.database.db
      .select({ id: rsaKeys.id })
      .from(rsaKeys)
      .where(eq(rsaKeys.active, true));
    expect(active).toEqual([{ id: first.keyId }]);
    expect((await signInWith(first)).json().code).toBe('000000');
    // The next request rotates it.
    expect((await fetchPublicKey(t.app)).keyId).not.toBe(first.keyId);
  });

  it('is rotated once when two instances find it old at the same moment', async () => {
    const other = await secondInstance(t);
    onTestFinished(() => other.close());
    t.clock.advance(24 * HOUR + 1000);
    const keys = await Promise.all([
      fetchPublicKey(t.app),
      fetchPublicKey(other),
      fetchPublicKey(t.app),
      fetchPublicKey(other),
    ]);
    const [active] = await t.database.db
      .select({ n: count() })
      .from(rsaKeys)
      .where(eq(rsaKeys.active, true));
    expect(active!.n).toBe(1);
    expect(new Set(keys.map((key) => key.keyId)).size).toBe(1);
    // A cipher made with the key one instance gave is decrypted by the other.
    const cipher = encryptWith(keys[0]!, 'Admin@2026');
    const answer = await requestToken(other, { username: 'admin', ...cipher }, { encrypt: false });
    expect(answer.json().code).toBe('000000');
  });
});
