import { SYSTEM_PATHS } from '@cityops/contract';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CryptoProfile } from '../../../src/config.js';
import {
  type OwnAccount,
  type TestApp,
  createAccount,
  createTestApp,
  requestToken,
  secondInstance,
} from '../../helpers/test-app.js';
import { keysCommand } from '../../helpers/keys-command.js';
import { call, data } from '../system/system-helpers.js';

const NUMBER = '13700001234';

/**
 * Switching CRYPTO_PROFILE on existing data (issue 30 item 5): default → gm → default,
 * each followed by `npm run keys -- reseal`; every sealed value stays readable, the number
 * stays searchable, the role binding keeps granting, and a second run has nothing to do.
 */
describe('a profile switch with the reseal command', () => {
  let t: TestApp;
  let account: OwnAccount;
  beforeAll(async () => {
    t = await createTestApp();
    account = await createAccount(t.app, { roleIds: ['admin'], mobile: NUMBER });
  });
  afterAll(async () => {
    await t.close();
  });

  /** The same database served under another profile, as after a restart with it. */
  const serveWith = (profile: CryptoProfile, logs: string[]) =>
    secondInstance(t, { config: { ...t.config, cryptoProfile: profile }, logs });

  const reseal = async (profile: CryptoProfile) =>
    (await keysCommand(t, 'reseal', profile)).printed;

  async function stored() {
    const { rows } = await t.database.db.execute<{ mobile: string; mobile_index: string }>(
      sql`select mobile, mobile_index from users where id = ${account.id}`,
    );
    const macs = await t.database.db.execute<{ mac: string }>(
      sql`select mac from user_roles union all select mac from role_menu_entries`,
    );
    const secrets = await t.database.db.execute<{ value: string }>(
      sql`select value from server_secrets`,
    );
    return {
      ...rows[0]!,
      macs: macs.rows.map((r) => r.mac),
      secrets: secrets.rows.map((r) => r.value),
    };
  }

  /** Signs in (its grants checked afresh), finds the account by its whole number, reads it. */
  async function readsAndFinds(app: FastifyInstance) {
    const response = await requestToken(app, {
      username: account.username,
      password: account.password,
    });
    const token = response.json().data.access_token as string;
    const found = await data(app, token, 'GET', `${SYSTEM_PATHS.users}?keyword=${NUMBER}`);
    expect(found.list.map((u: { username: string }) => u.username)).toEqual([account.username]);
    expect(await app.services.personalData.openMobile((await stored()).mobile)).toBe(NUMBER);
    expect((await call(app, token, 'GET', SYSTEM_PATHS.roles)).status).toBe(200);
  }

  it('default → gm → default keeps every value readable and searchable', async () => {
    await readsAndFinds(t.app);

    const gmLogs: string[] = [];
    const gm = await serveWith('gm', gmLogs);
    try {
      // What was sealed under the default profile still opens; the start says what is left.
      expect(gmLogs.join('')).toMatch(/data sealed under the other cryptographic profile/);
      expect(await reseal('gm')).toMatch(/Under the gm profile: \d+ secrets \(new data key/);
      const after = await stored();
      expect(after.mobile).toMatch(/^sealed:v1:db:sm4\./);
      expect(after.mobile_index).toMatch(/^sm3:[0-9a-f]{64}$/);
      expect(after.macs.every((mac) => mac.startsWith('hmac-sm3:'))).toBe(true);
      expect(after.secrets.every((value) => value.includes('sm4.'))).toBe(true);
      await readsAndFinds(gm);
      // Nothing is left: a second run changes nothing.
      expect(await reseal('gm')).toMatch(
        /: 0 secrets, 0 second factors and signing keys, 0 mobile numbers with their index and 0 binding MACs/,
      );
    } finally {
      await gm.close();
    }

    const backLogs: string[] = [];
    const back = await serveWith('international', backLogs);
    try {
      expect(backLogs.join('')).toMatch(/data sealed under the other cryptographic profile/);
      await reseal('international');
      const after = await stored();
      expect(after.mobile).toMatch(/^sealed:v1:db:[A-Za-z0-9_-]+$/);
      expect(after.mobile_index).toMatch(/^[0-9a-f]{64}$/);
      expect(after.macs.every((mac) => mac.startsWith('hmac-sha256:'))).toBe(true);
      expect(after.secrets.some((value) => value.includes('sm4.'))).toBe(false);
      await readsAndFinds(back);
    } finally {
      await back.close();
    }
  });
});
