import { createCipheriv, createPrivateKey, generateKeyPairSync, randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runKeysCommand } from '../../../src/cli/keys.js';
import {
  GENERATED_KEY_FILE,
  MasterKeyError,
  describeMasterKey,
  loadMasterKey,
  masterKeyId,
} from '../../../src/lib/master-key.js';
import { RsaKeyRepository } from '../../../src/modules/auth/rsa-key.repository.js';
import { KeyRing } from '../../../src/modules/secrets/key-ring.js';
import { SecretBoxService } from '../../../src/modules/secrets/secret-box.service.js';
import { ServerSecretRepository } from '../../../src/modules/secrets/server-secret.repository.js';
import { TEST_SECRETS_KEY } from '../../helpers/constants.js';
import { type TestApp, auditEvents, createTestApp } from '../../helpers/test-app.js';
import { chained } from '../../helpers/chained.js';

const master = (key: Buffer) => ({ key, id: masterKeyId(key) });
const TEST_MASTER = master(Buffer.from(TEST_SECRETS_KEY, 'base64'));

describe('the master key (SECRETS_KEY, SECRETS_KEY_FILE, or the demo’s own)', () => {
  let folder: string;
  beforeAll(async () => {
    folder = await fs.mkdtemp(path.join(os.tmpdir(), 'cityops-master-key-'));
  });
  afterAll(() => fs.rm(folder, { recursive: true, force: true }));

  const demo = (dataDir: string) => ({
    secretsKey: undefined,
    secretsKeyFile: undefined,
    dataDir,
    nodeEnv: 'development' as const,
  });

  it('is made once into DATA_DIR with mode 0600 by a demo, and read back after', async () => {
    const dataDir = path.join(folder, 'demo');
    const first = await loadMasterKey(demo(dataDir));
    expect(first).toMatchObject({ origin: 'generated', created: true });
    const file = path.join(dataDir, GENERATED_KEY_FILE);
    expect((await fs.stat(file)).mode & 0o777).toBe(0o600);
    const again = await loadMasterKey(demo(dataDir));
    expect(again.created).toBeUndefined();
    expect(again.key.equals(first.key)).toBe(true);
    // The start-up log says where it is, never what it is.
    const line = describeMasterKey(first);
    expect(line).toContain(file);
    expect(line).toContain('keep this file beside the backups');
    expect(line).not.toContain(first.key.toString('base64'));
    // A command that needs the server's key (backup, restore) never makes one.
    await expect(loadMasterKey(demo(path.join(folder, 'none')), { create: false })).rejects.toThrow(
      /No master key: set SECRETS_KEY or SECRETS_KEY_FILE/,
    );
  });

  it('is read from SECRETS_KEY_FILE, refusing a file others may read', async () => {
    const file = path.join(folder, 'master-key');
    const key = randomBytes(32);
    await fs.writeFile(file, `${key.toString('base64')}\n`, { mode: 0o640 });
    await fs.chmod(file, 0o640);
    const config = { ...demo(folder), secretsKeyFile: file };
    await expect(loadMasterKey(config)).rejects.toThrow(
      new MasterKeyError(
        `SECRETS_KEY_FILE: ${file} may be read by others than its owner (mode 640): chmod 600 ${file}`,
      ),
    );
    await fs.chmod(file, 0o600);
    expect((await loadMasterKey(config)).key.equals(key)).toBe(true);
  });

  it('is never made in production', async () => {
    await expect(loadMasterKey({ ...demo(folder), nodeEnv: 'production' })).rejects.toThrow(
      /SECRETS_KEY \(or SECRETS_KEY_FILE\) is required in production/,
    );
  });
});

describe('secrets at rest, under data keys the master key wraps', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    // The sign-in page's key and the provider's keys exist once they were asked for.
    await t.app.inject({ method: 'POST', url: '/api/authorization-server/oauth/pubKey' });
    await t.app.inject({ method: 'GET', url: '/oidc/jwks' });
    return () => t.close();
  });

  const rows = async () => {
    const secrets = await t.database.db.execute<{ name: string; value: string }>(
      sql`select name, value from server_secrets order by name`,
    );
    const rsa = await t.database.db.execute<{ id: string; private_key: string }>(
      sql`select id, private_key from rsa_keys`,
    );
    return { secrets: secrets.rows, rsa: rsa.rows };
  };

  it('leaves nothing usable in a copy of the database', async () => {
    const { secrets, rsa } = await rows();
    expect(secrets.length).toBeGreaterThan(1);
    expect(rsa.length).toBeGreaterThan(0);
    for (const { name, value } of secrets) {
      // A data key is wrapped by the master key; every other secret is sealed by a data key.
      expect(value, name).toMatch(
        name.startsWith('data-key:') ? /^wrapped:v1:[\w-]+\.[\w-]+$/ : /^sealed:v2:[\w-]+:[\w-]+$/,
      );
    }
    for (const { private_key: stored } of rsa) {
      expect(stored).toMatch(/^sealed:v2:/);
      expect(() => createPrivateKey(stored)).toThrow();
    }
    // Another master key (an attacker's guess, a wrong configuration) opens no data key.
    const other = new KeyRing(master(randomBytes(32)), new ServerSecretRepository(t.database.db));
    const sealed = secrets.find((row) => !row.name.startsWith('data-key:'))!;
    await expect(other.open(sealed.value, `server-secret:${sealed.name}`)).rejects.toThrow(
      MasterKeyError,
    );
    // The right one does, bound to the row it was sealed for.
    const ring = new KeyRing(TEST_MASTER, new ServerSecretRepository(t.database.db));
    const opened = await ring.open(sealed.value, `server-secret:${sealed.name}`);
    expect(Buffer.from(opened, 'base64')).toHaveLength(32);
    await expect(ring.open(sealed.value, 'server-secret:another-name')).rejects.toThrow();
  });

  it('seals at their first read the secrets an earlier release kept in clear', async () => {
    const plainSecret = randomBytes(32).toString('base64');
    const pair = generateKeyPairSync('rsa', {
      modulusLength: 2048,
      publicKeyEncoding: { type: 'spki', format: 'pem' },
      privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    });
    await t.database.db.execute(
      sql`insert into server_secrets (name, value) values ('legacy-key', ${plainSecret})`,
    );
    await t.database.db.execute(
      sql`insert into rsa_keys (id, public_key, private_key, active, retired_at)
          values ('legacy-rsa', ${pair.publicKey}, ${pair.privateKey}, false, now())`,
    );
    const ring = new KeyRing(TEST_MASTER, new ServerSecretRepository(t.database.db));
    const secrets = new ServerSecretRepository(t.database.db, ring);
    expect(await secrets.getOrCreate('legacy-key', 'not this one')).toBe(plainSecret);
    const rsaKeys = new RsaKeyRepository(t.database.db, ring);
    const read = await rsaKeys.findUsable('legacy-rsa', new Date(0));
    expect(read?.privateKey).toBe(pair.privateKey);
    const { secrets: after, rsa } = await rows();
    expect(after.find((row) => row.name === 'legacy-key')?.value).toMatch(/^sealed:v2:/);
    expect(rsa.find((row) => row.id === 'legacy-rsa')?.private_key).toMatch(/^sealed:v2:/);
    // And they still read the same.
    expect(await secrets.getOrCreate('legacy-key', 'not this one')).toBe(plainSecret);
    expect((await rsaKeys.findUsable('legacy-rsa', new Date(0)))?.privateKey).toBe(pair.privateKey);
  });

  it('rotates the data keys and the master key while the server runs, on the trail', async () => {
    const printed: string[] = [];
    const context = (key: { key: Buffer; id: string }, env: NodeJS.ProcessEnv = {}) => ({
      database: t.database,
      master: { ...key, origin: 'SECRETS_KEY' as const },
      clock: t.clock,
      env,
      print: (line: string) => printed.push(line),
    });
    const ring = (key: { key: Buffer; id: string }) =>
      new KeyRing(key, new ServerSecretRepository(t.database.db));
    const secretsUnder = (key: { key: Buffer; id: string }) =>
      new ServerSecretRepository(t.database.db, ring(key));
    const before = await secretsUnder(TEST_MASTER).getOrCreate('oidc-cookie-key', 'unused');
    // A second factor an earlier release sealed with SECRETS_KEY itself (`env`).
    const { rows: users } = await t.database.db.execute<{ id: number }>(
      sql`select id from users where username = 'editor'`,
    );
    const editor = Number(users[0]!.id);
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', TEST_MASTER.key, iv);
    cipher.setAAD(Buffer.from(`user_second_factors:${editor}`));
    const body = Buffer.concat([cipher.update('JBSWY3DPEHPK3PXP', 'utf8'), cipher.final()]);
    const legacy = `sealed:v1:env:${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url')}`;
    await t.database.db.execute(
      sql`insert into user_second_factors (user_id, secret, created_at) values (${editor}, ${legacy}, now())`,
    );

    const next = master(randomBytes(32));
    await runKeysCommand(
      ['rotate'],
      context(TEST_MASTER, { NEW_SECRETS_KEY: next.key.toString('base64') }),
    );
    expect(printed.join('\n')).toMatch(/New data key [\w-]+; \d+ secrets sealed again under it/);
    // Every sealed value opens under the current key and under the new one.
    expect(await secretsUnder(TEST_MASTER).getOrCreate('oidc-cookie-key', 'unused')).toBe(before);
    expect(await secretsUnder(next).getOrCreate('oidc-cookie-key', 'unused')).toBe(before);
    const { secrets } = await rows();
    const dataKeys = secrets.filter((row) => row.name.startsWith('data-key:'));
    expect(dataKeys.length).toBeGreaterThan(1);
    for (const { value } of dataKeys) {
      expect(value).toContain(`${TEST_MASTER.id}.`);
      expect(value).toContain(`${next.id}.`);
    }
    // The running server (still on the current key) signs in as before.
    expect((await t.login('admin', 'Admin@2026')).access_token).toBeTruthy();

    // Once every server runs with the new key, the old one is retired.
    await runKeysCommand(['retire-master'], context(next));
    expect(await secretsUnder(next).getOrCreate('oidc-cookie-key', 'unused')).toBe(before);
    // The earlier release's factor was sealed again under its box: the new key alone opens it.
    const { rows: factors } = await t.database.db.execute<{ secret: string }>(
      sql`select secret from user_second_factors where user_id = ${editor}`,
    );
    expect(factors[0]!.secret).toMatch(/^sealed:v1:db:/);
    const box = new SecretBoxService({ secrets: secretsUnder(next), name: 'second-factor-box' });
    expect(await box.open(factors[0]!.secret, `user_second_factors:${editor}`)).toBe(
      'JBSWY3DPEHPK3PXP',
    );
    await expect(
      secretsUnder(TEST_MASTER).getOrCreate('oidc-cookie-key', 'unused'),
    ).rejects.toThrow(MasterKeyError);
    await chained(t);
    const records = await t.database.db.execute<{ user_agent: string; after: unknown }>(
      sql`select user_agent, after from audit_trail where action = 'settings.keys'
          and user_agent like 'npm run keys%' order by seq`,
    );
    expect(records.rows.map((row) => row.user_agent)).toEqual([
      'npm run keys -- rotate',
      'npm run keys -- retire-master',
    ]);
    expect(await auditEvents(t.app, 1)).toEqual(['settings.keys/success']);
  });
});
