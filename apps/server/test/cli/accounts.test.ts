import { ErrorCode, PasswordStatus } from '@cityops/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAccountsCommand } from '../../src/cli/accounts.js';
import { masterKeyId } from '../../src/lib/master-key.js';
import { KeyRing } from '../../src/modules/secrets/key-ring.js';
import { ServerSecretRepository } from '../../src/modules/secrets/server-secret.repository.js';
import { TEST_SECRETS_KEY } from '../helpers/constants.js';
import { type TestApp, bearer, createAccount, createTestApp } from '../helpers/test-app.js';
import { chained } from '../helpers/chained.js';

describe('the operator’s accounts command (issue 21)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  async function run(...args: string[]): Promise<string[]> {
    const lines: string[] = [];
    const master = Buffer.from(TEST_SECRETS_KEY, 'base64');
    await runAccountsCommand(args, {
      database: t.database,
      clock: t.clock,
      print: (line) => lines.push(line),
      sealer: new KeyRing(
        { key: master, id: masterKeyId(master) },
        new ServerSecretRepository(t.database.db),
      ),
    });
    return lines;
  }

  it('seals the mobile number it is given, which the console reads back (issue 30)', async () => {
    await run(
      'create',
      'auditor.mobile',
      '--role',
      'auditor',
      '--name',
      '审计',
      '--mobile',
      '13511119999',
    );
    const { rows } = await t.database.db.execute<{ mobile: string; mobile_index: string }>(
      sql`select mobile, mobile_index from users where username = 'auditor.mobile'`,
    );
    expect(rows[0]!.mobile).not.toContain('13511119999');
    expect(await t.app.services.personalData.openMobile(rows[0]!.mobile)).toBe('13511119999');
    expect(rows[0]!.mobile_index).toBe(
      await t.app.services.personalData.mobileIndex('13511119999'),
    );
  });

  async function records(login: string) {
    await chained(t);
    const { rows } = await t.database.db.execute<{
      action: string;
      outcome: string;
      actor: string;
    }>(sql`select action, outcome, actor_name as actor from audit_trail
            where target_name = ${login} and actor_name = '(command line)' order by seq`);
    return rows.map((row) => `${row.actor} ${row.action}/${row.outcome}`);
  }

  it('makes an auditor’s account the console cannot make, recorded, its password changed at first sign-in', async () => {
    const lines = await run('create', 'auditor2', '--role', 'auditor', '--name', '第二审计员');
    const password = lines[1]!;
    const signedIn = await t.login('auditor2', password);
    expect(signedIn.username).toBe('auditor2');
    const status = await t.app.inject({
      method: 'GET',
      url: '/api/organization/user/isPassword',
      headers: bearer(signedIn.access_token),
    });
    expect(status.json().data).toBe(PasswordStatus.MUST_RESET);
    expect(await records('auditor2')).toEqual(['(command line) user.create/success']);
  });

  it('refuses other roles, bad names and a taken login name, with a plain message', async () => {
    await expect(run('create', 'clerk9', '--role', 'staff', '--name', 'x')).rejects.toThrow(
      /--role must be one of admin, security_admin, auditor/,
    );
    await expect(run('create', 'а', '--role', 'auditor', '--name', 'x')).rejects.toThrow(
      /A login name has/,
    );
    await expect(run('create', 'auditor', '--role', 'auditor', '--name', 'x')).rejects.toThrow(
      /taken/,
    );
    await expect(run('reset', 'nobody')).rejects.toThrow(/No account has the login name nobody/);
    await expect(run('frobnicate', 'auditor')).rejects.toThrow(/Usage/);
  });

  it('resets a lost password and second factor: the old sessions end on the running server', async () => {
    const session = await t.login('security', 'Security@2026');
    await t.database.db.execute(sql`
      insert into login_attempts (scope, subject, failures, window_started_at, locked_until)
      values ('account', 'security', 6, ${t.clock.now()}, ${new Date(t.clock.now().getTime() + 600_000)})
      on conflict (scope, subject) do update set locked_until = excluded.locked_until`);
    const lines = await run('reset', 'security');
    const menu = await t.app.inject({
      method: 'GET',
      url: '/api/organization/customize_configuration/userSysModel',
      headers: bearer(session.access_token),
    });
    expect(menu.json().code).toBe(ErrorCode.TOKEN_INVALID);
    expect((await t.login('security', lines[1]!)).username).toBe('security');
    expect(await records('security')).toEqual([
      '(command line) user.reset-password/success',
      '(command line) user.unlock/success',
    ]);
  });

  it('disables and enables an account, but never the last system administrator', async () => {
    await run('disable', 'auditor2');
    await expect(t.login('auditor2', 'whatever')).rejects.toThrow();
    await run('enable', 'auditor2');
    await expect(run('disable', 'admin')).rejects.toThrow(/at least one active administrator/);
    expect((await records('auditor2')).slice(-2)).toEqual([
      '(command line) user.disable/success',
      '(command line) user.enable/success',
    ]);
  });

  it('never disables the last administrator because another account holds the role by SQL (issue 30)', async () => {
    // A forged binding: the admin role added behind the platform's back has no MAC that
    // verifies, so its holder is no other administrator (otherActiveAdministrators).
    const forged = await createAccount(t.app, { roleIds: ['staff'] });
    await t.database.db.execute(
      sql`insert into user_roles (user_id, role_id) values (${forged.id}, 'admin')`,
    );
    const adminDisabled = async () =>
      (
        await t.database.db.execute<{ disabled: boolean }>(
          sql`select disabled from users where username = 'admin'`,
        )
      ).rows[0]!.disabled;
    try {
      await expect(run('disable', 'admin')).rejects.toThrow(/at least one active administrator/);
      expect(await adminDisabled()).toBe(false);
    } finally {
      await t.database.db.execute(
        sql`delete from user_roles where user_id = ${forged.id} and role_id = 'admin'`,
      );
      // Had it gone through, the file's other tests still find the administrator active.
      if (await adminDisabled()) await run('enable', 'admin');
    }
  });

  it('issues first passwords within the security administrator’s rules, as the console does', async () => {
    await t.app.services.securitySettings.set('password.minLength', '16');
    await t.app.services.securitySettings.set('password.forbidLoginName', 'true');
    try {
      const created = (
        await run('create', 'auditor3', '--role', 'auditor', '--name', '审计员三')
      )[1]!;
      const reset = (await run('reset', 'auditor3'))[1]!;
      for (const password of [created, reset]) {
        expect(password.length).toBeGreaterThanOrEqual(16);
        expect(password.toLowerCase()).not.toContain('auditor3');
      }
      expect((await t.login('auditor3', reset)).username).toBe('auditor3');
    } finally {
      await t.app.services.securitySettings.set('password.minLength', '8');
      await t.app.services.securitySettings.set('password.forbidLoginName', 'false');
    }
  });
});
