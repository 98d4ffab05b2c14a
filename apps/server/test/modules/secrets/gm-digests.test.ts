import { ErrorCode, USER_PATHS } from '@cityops/contract';
import { Secret, TOTP } from 'otpauth';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KeyedHashService } from '../../../src/modules/secrets/keyed-hash.service.js';
import { ServerSecretRepository } from '../../../src/modules/secrets/server-secret.repository.js';
import {
  type TestApp,
  basicAuthorization,
  bearer,
  createAccount,
  createTestApp,
  ownAddress,
  requestToken,
} from '../../helpers/test-app.js';
import { testSealer } from '../../helpers/test-sealer.js';

/**
 * The keyed digests of SMS codes and second-factor recovery codes under CRYPTO_PROFILE=gm
 * (issue 30, GB/T 39786): HMAC-SM3, marked `sm3:`; a recovery code given before the profile
 * changed (HMAC-SHA256, bare hex) still signs in once.
 */
describe('keyed digests under the 国密 profile', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ CRYPTO_PROFILE: 'gm' });
  });
  afterAll(async () => {
    await t.close();
  });

  /** The server's own key of that name, as the server opens it. */
  const keyedHash = (name: string) =>
    new KeyedHashService({
      secrets: new ServerSecretRepository(t.database.db, testSealer(t.database.db)),
      name,
    });

  it('takes an SMS code’s digest with HMAC-SM3, and checks the code against it', async () => {
    const mobile = '13700009901';
    await createAccount(t.app, { mobile });
    const post = (url: string, payload: object) =>
      t.app.inject({
        method: 'POST',
        url,
        headers: { authorization: basicAuthorization, 'accept-language': 'en' },
        payload,
        remoteAddress: ownAddress(),
      });
    expect((await post('/api/message-sms/sms/pwb_kaptcha', { mobile })).statusCode).toBe(200);
    const latest = await t.app.inject({
      method: 'GET',
      url: `/api/test-hooks/sms/latest?mobile=${mobile}`,
    });
    const code = /(\d{6})/.exec(latest.json().data.text)![1]!;
    const { rows } = await t.database.db.execute<{ codeHash: string }>(
      sql`select code_hash as "codeHash" from sms_codes order by id desc limit 1`,
    );
    expect(rows[0]!.codeHash).toBe(
      `sm3:${await keyedHash('sms-code-hmac').digest(`password:${mobile}:${code}`, 'sm3')}`,
    );
    const checked = await post('/api/organization/user/check_phone', { mobile, code });
    expect(checked.json().code).toBe('000000');
  });

  it('keeps recovery codes as HMAC-SM3 digests; one given before the switch still signs in once', async () => {
    const { access_token: token } = await t.login('auditor', 'Auditor@2026');
    const call = (method: 'POST' | 'PUT', payload?: object) =>
      t.app.inject({
        method,
        url: `/api${USER_PATHS.secondFactorEnrolment}`,
        headers: { ...bearer(token), 'accept-language': 'en' },
        ...(payload ? { payload } : {}),
      });
    const { secret } = (await call('POST')).json().data as { secret: string };
    const code = new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate({
      timestamp: t.clock.now().getTime(),
    });
    const confirmed = await call('PUT', { code });
    const { recoveryCodes } = confirmed.json().data as { recoveryCodes: string[] };
    const { rows } = await t.database.db.execute<{ codeHash: string; userId: number }>(sql`
      select c.code_hash as "codeHash", c.user_id as "userId" from second_factor_recovery_codes c
        join users u on u.id = c.user_id where u.username = 'auditor'`);
    expect(rows).toHaveLength(10);
    expect(rows.every((row) => /^sm3:[0-9a-f]{64}$/.test(row.codeHash))).toBe(true);

    // The first code as the default profile stored it before CRYPTO_PROFILE=gm.
    const userId = rows[0]!.userId;
    const typed = recoveryCodes[0]!;
    const recovery = keyedHash('recovery-code-hmac');
    const text = `${userId}:${typed.replace('-', '').toLowerCase()}`;
    await t.database.db.execute(sql`update second_factor_recovery_codes
      set code_hash = ${await recovery.stored(text, 'sha256')}
      where code_hash = ${await recovery.stored(text, 'sm3')}`);
    const signIn = async () => {
      const first = await requestToken(
        t.app,
        { username: 'auditor', password: 'Auditor@2026' },
        { remoteAddress: ownAddress() },
      );
      expect(first.json().code).toBe(ErrorCode.SECOND_FACTOR_REQUIRED);
      return t.app.inject({
        method: 'POST',
        url: '/api/authorization-server/oauth/second-factor',
        headers: { authorization: basicAuthorization, 'accept-language': 'en' },
        payload: { ticket: first.json().data.ticket, code: typed },
      });
    };
    expect((await signIn()).json().code).toBe('000000');
    expect((await signIn()).json().code).toBe(ErrorCode.SECOND_FACTOR_INVALID);
  });
});
