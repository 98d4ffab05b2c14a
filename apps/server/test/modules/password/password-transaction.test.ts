import { createHash } from 'node:crypto';
import { ErrorCode } from '@cityops/contract';
import { sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  type TestApp,
  bearer,
  createTestApp,
  encryptPassword,
  requestToken,
} from '../../helpers/test-app.js';

const md5 = (text: string) => createHash('md5').update(text, 'utf8').digest('hex');

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  await t.close();
});

async function changePassword(token: string, oldPassword: string, newPassword: string) {
  const encrypted = await encryptPassword(t.app, newPassword);
  return t.app.inject({
    method: 'POST',
    url: '/api/organization/user/ret',
    headers: { ...bearer(token), 'accept-language': 'en' },
    payload: {
      password: md5(oldPassword),
      newPassword: md5(newPassword),
      newPasswordTwo: md5(newPassword),
      newPasswordCipher: encrypted.password,
      keyId: encrypted.keyId,
    },
  });
}

const status = (token: string) =>
  t.app.inject({
    method: 'GET',
    url: '/api/organization/user/isPassword',
    headers: bearer(token),
  });

/**
 * A failure after the first write: the password is stored, then revoking the
 * sessions fails (a trigger of this test's database copy, on PGlite and PostgreSQL).
 */
async function failSessionRevocation(): Promise<void> {
  await t.database.db.execute(sql`
    create function test_fail_revocation() returns trigger language plpgsql as $$
    begin raise exception 'injected failure'; end $$`);
  await t.database.db.execute(sql`
    create trigger test_fail_revocation before update on sessions
    for each row execute function test_fail_revocation()`);
}

describe('password change in one transaction', () => {
  it('keeps the old password and sessions when a write after the first fails', async () => {
    const first = await t.login('operator', 'Operator@2026');
    const second = await t.login('operator', 'Operator@2026');
    await failSessionRevocation();

    const failed = await changePassword(first.access_token, 'Operator@2026', 'Changed#2026x');
    expect(failed.statusCode).toBe(500);
    expect(failed.json()).toMatchObject({ code: ErrorCode.SERVER_ERROR });

    // Nothing of the change stands: the sessions live and the old password signs in.
    expect((await status(first.access_token)).json().code).toBe(ErrorCode.SUCCESS);
    expect((await status(second.access_token)).json().code).toBe(ErrorCode.SUCCESS);
    const withNew = await requestToken(t.app, { username: 'operator', password: 'Changed#2026x' });
    expect(withNew.json().code).toBe(ErrorCode.BAD_CREDENTIALS);
    await t.login('operator', 'Operator@2026');

    // Without the failure the same change goes through and ends the sessions.
    await t.database.db.execute(sql`drop trigger test_fail_revocation on sessions`);
    const changed = await changePassword(first.access_token, 'Operator@2026', 'Changed#2026x');
    expect(changed.json().code).toBe(ErrorCode.SUCCESS);
    expect((await status(second.access_token)).json().code).toBe(ErrorCode.TOKEN_INVALID);
    await t.login('operator', 'Changed#2026x');
  });
});
