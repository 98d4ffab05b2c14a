import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { PGlite } from '@electric-sql/pglite';
import { SYSTEM_PATHS } from '@cityops/contract';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { buildApp } from '../../src/app.js';
import { type AppConfig, loadConfig } from '../../src/config.js';
import {
  type Database,
  PGLITE_EXTENSIONS,
  openDatabase,
  rowsOf,
  wrapPglite,
} from '../../src/db/client.js';
import { buildManagementApp } from '../../src/management.js';
import {
  BackupError,
  createBackup,
  restoreBackup,
} from '../../src/modules/backup/backup-archive.js';
import { withDatabase } from '../helpers/global-setup.js';
import { jpeg, multipart } from '../helpers/images.js';
import { bearer, requestToken } from '../helpers/test-app.js';
import { TEST_SECRETS_KEY } from '../helpers/constants.js';

const onPostgres = process.env.TEST_DATABASE === 'postgres';
const server = process.env.DATABASE_URL ?? '';
const quiet = () => new Writable({ write: (_chunk, _encoding, callback) => callback() });

const environment = (values: Record<string, string>): AppConfig =>
  loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    WEB_DIST_DIR: '/nonexistent',
    UPLOAD_STORAGE: 'folder',
    // The master key of the template's data key, and of the backups (issue 30).
    SECRETS_KEY: TEST_SECRETS_KEY,
    ...values,
  });

async function createDatabase(template?: string): Promise<string> {
  const name = `cityops_b_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: server });
  await admin.connect();
  await admin.query(`create database ${name}${template ? ` template ${template}` : ''}`);
  await admin.end();
  return withDatabase(server, name);
}

async function dropDatabase(url: string): Promise<void> {
  const admin = new pg.Client({ connectionString: server });
  await admin.connect();
  await admin.query(`drop database if exists ${new URL(url).pathname.slice(1)} with (force)`);
  await admin.end();
}

async function signIn(app: FastifyInstance): Promise<string> {
  const response = await requestToken(app, { username: 'admin', password: 'Admin@2026' });
  return response.json().data.access_token as string;
}

/**
 * Issue 23 item 3: a backup taken while accounts are being created, restored into an
 * empty folder (PGlite) or a new PostgreSQL database, holds every write acknowledged
 * before it began, its uploaded files and a chain that verifies, and a server started
 * on it serves them.
 */
describe(`backup and restore (${onPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  const folders: string[] = [];
  const databases: string[] = [];
  let source: AppConfig;
  let database: Database;
  let app: FastifyInstance;
  let management: FastifyInstance;
  /** The configuration `npm run backup` reads on the server's machine. */
  let backupConfig: AppConfig;
  let archive: string;

  const folder = async () => {
    const made = await fs.mkdtemp(path.join(os.tmpdir(), 'cityops-backup-test-'));
    folders.push(made);
    return made;
  };

  beforeAll(async () => {
    const dataDir = await folder();
    if (onPostgres) {
      const url = await createDatabase(inject('postgresTemplate'));
      databases.push(url);
      source = environment({ DATA_DIR: dataDir, DATABASE_URL: url });
      database = await openDatabase({ databaseUrl: url, dataDir: '', poolSize: 4 });
    } else {
      source = environment({ DATA_DIR: dataDir });
      const template = await fs.readFile(inject('pgliteTemplate'));
      const client = new PGlite(path.join(dataDir, 'pglite'), {
        loadDataDir: new Blob([template]),
        extensions: PGLITE_EXTENSIONS,
      });
      database = await wrapPglite(client);
    }
    app = await buildApp(source, { database, logStream: quiet() });
    await app.ready();
    management = await buildManagementApp(app);
    await management.listen({ host: '127.0.0.1', port: 0 });
    const { port } = management.server.address() as AddressInfo;
    backupConfig = environment({
      DATA_DIR: source.dataDir,
      MANAGEMENT_PORT: String(port),
      ...(source.databaseUrl ? { DATABASE_URL: source.databaseUrl } : {}),
    });
    archive = path.join(await folder(), 'nightly', 'cityops.backup');
  }, 120_000);

  afterAll(async () => {
    await management?.close();
    await app?.close();
    for (const url of databases) await dropDatabase(url);
    for (const made of folders) await fs.rm(made, { recursive: true, force: true });
  }, 60_000);

  it('copies the database while accounts are created, and restores every acknowledged one', async () => {
    const token = await signIn(app);
    const body = multipart([
      { name: 'bucketName', value: 'avatars' },
      { name: 'file', filename: 'blue.jpg', contentType: 'image/jpeg', data: jpeg },
    ]);
    const uploaded = await app.inject({
      method: 'POST',
      url: '/api/file-go-fastdfs/file/upload',
      headers: { ...body.headers, ...bearer(token) },
      payload: body.payload,
    });
    const fileUrl = uploaded.json().data.url as string;
    const original = (await app.inject({ method: 'GET', url: fileUrl })).rawPayload;
    const { rows: units } = await database.db.execute<{ id: number }>(
      sql`select id from organizations order by id limit 1`,
    );

    // Two writers create accounts until the backup is done.
    const acknowledged: string[] = [];
    let writing = true;
    let next = 0;
    const writer = async () => {
      while (writing) {
        const username = `backup.${(next += 1)}`;
        const response = await app.inject({
          method: 'POST',
          url: `/api${SYSTEM_PATHS.users}`,
          headers: bearer(token),
          payload: {
            username,
            name: '备份核对',
            mobile: '13900002222',
            organizationId: Number(units[0]!.id),
            departmentId: null,
            roleIds: ['staff'],
          },
        });
        expect(response.statusCode, response.body).toBe(200);
        acknowledged.push(username);
        // A pause as a person's form would leave: with the test-only password hashing a
        // create takes about a millisecond, and two writers in a tight loop kept PGlite's
        // one connection busy for the whole copy (docs/testing.md).
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    };
    const writers = [writer(), writer()];
    while (acknowledged.length < 10) await new Promise((resolve) => setTimeout(resolve, 10));
    const beforeBackup = [...acknowledged];
    const summary = await createBackup(backupConfig, archive);
    const duringBackup = acknowledged.length - beforeBackup.length;
    writing = false;
    await Promise.all(writers);
    expect(summary).toMatchObject({
      driver: onPostgres ? 'postgres' : 'pglite',
      source: onPostgres ? 'pg_dump' : 'server',
    });
    expect(summary.files).toBeGreaterThanOrEqual(1);
    expect(summary.bytes).toBeGreaterThan(0);
    // Private and sealed (issue 30): mode 0600, and nothing of the archive readable.
    expect((await fs.stat(archive)).mode & 0o777).toBe(0o600);
    const raw = await fs.readFile(archive);
    expect(raw.subarray(0, 14).toString('latin1')).toBe('CITYOPS-BACKUP');
    expect(raw.includes('cityops-backup.json')).toBe(false);
    expect(raw.includes('database/')).toBe(false);
    expect(summary.masterKey).toMatchObject({ origin: 'SECRETS_KEY' });

    // Restore into an empty place: a new folder, and on PostgreSQL a new database.
    const targetDir = await folder();
    let target: AppConfig;
    if (onPostgres) {
      const url = await createDatabase();
      databases.push(url);
      target = environment({ DATA_DIR: targetDir, DATABASE_URL: url });
    } else {
      target = environment({ DATA_DIR: targetDir });
    }
    // Without the master key, or with another, it does not open, and nothing is written.
    await expect(
      restoreBackup({ ...target, secretsKey: undefined }, archive, { force: false }),
    ).rejects.toThrow(/No master key: set SECRETS_KEY or SECRETS_KEY_FILE/);
    await expect(
      restoreBackup({ ...target, secretsKey: randomBytes(32) }, archive, { force: false }),
    ).rejects.toThrow(
      /This backup is sealed under master key [\w-]+; the configured master key is/,
    );
    // Nor does a backup with one byte changed.
    const changed = path.join(await folder(), 'changed.backup');
    const bytes = await fs.readFile(archive);
    bytes[Math.floor(bytes.length / 2)]! ^= 1;
    await fs.writeFile(changed, bytes);
    await expect(restoreBackup(target, changed, { force: false })).rejects.toThrow(
      /does not open under master key [\w-]+: it was changed or damaged/,
    );
    const restored = await restoreBackup(target, archive, { force: false });
    expect(restored.verification).toMatchObject({ holds: true });
    expect(restored.verification.checked).toBeGreaterThan(beforeBackup.length);
    expect(restored.files).toBe(summary.files);

    // A restored installation starts and serves what the original had.
    const restoredApp = await buildApp(target, { logStream: quiet() });
    try {
      await restoredApp.ready();
      const { rows } = await restoredApp.database.db.execute<{ username: string }>(
        sql`select username from users where username like 'backup.%'`,
      );
      const present = new Set(rowsOf<{ username: string }>({ rows }).map((r) => r.username));
      expect(beforeBackup.filter((username) => !present.has(username))).toEqual([]);
      // Nothing the backup holds is half written: each account has its role.
      const { rows: roleless } = await restoredApp.database.db.execute(
        sql`select u.username from users u left join user_roles r on r.user_id = u.id
             where u.username like 'backup.%' and r.user_id is null`,
      );
      expect(roleless).toEqual([]);
      const restoredToken = await signIn(restoredApp);
      const listed = await restoredApp.inject({
        method: 'GET',
        url: `/api${SYSTEM_PATHS.users}?keyword=${beforeBackup[0]}`,
        headers: bearer(restoredToken),
      });
      expect(listed.json().data.list.map((u: { username: string }) => u.username)).toContain(
        beforeBackup[0],
      );
      const served = await restoredApp.inject({ method: 'GET', url: fileUrl });
      expect(served.statusCode).toBe(200);
      expect(Buffer.compare(served.rawPayload, original)).toBe(0);
      expect((await restoredApp.services.auditTrail.verify()).holds).toBe(true);
    } finally {
      await restoredApp.close();
    }
    // For the record in docs/reliability.md.
    process.stdout.write(
      `backup ${summary.seconds.toFixed(2)} s (${summary.bytes} bytes), restore ` +
        `${restored.seconds.toFixed(2)} s; ${beforeBackup.length} accounts before, ` +
        `${duringBackup} acknowledged during the backup\n`,
    );

    // What is there now is not replaced without --force.
    await expect(restoreBackup(target, archive, { force: false })).rejects.toThrow(/Not empty/);
    const forced = await restoreBackup(target, archive, { force: true });
    expect(forced.verification.holds).toBe(true);
  }, 240_000);

  it.runIf(!onPostgres)(
    'asks for the token and refuses to open a folder a server holds',
    async () => {
      const refused = await management.inject({ method: 'POST', url: '/backup' });
      expect(refused.statusCode).toBe(401);
      const withoutPort = environment({ DATA_DIR: source.dataDir });
      await expect(
        createBackup(withoutPort, path.join(source.dataDir, 'x.backup')),
      ).rejects.toThrow(BackupError);
      await expect(
        createBackup(withoutPort, path.join(source.dataDir, 'x.backup')),
      ).rejects.toThrow(/postmaster\.pid/);
    },
  );

  it('refuses to restore while a server uses the data folder or the database, even with --force', async () => {
    await expect(restoreBackup(source, archive, { force: true })).rejects.toThrow(
      onPostgres ? /other sessions use the database/ : /postmaster\.pid/,
    );
    // The running server still answers: nothing was replaced.
    expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBeLessThan(500);
  });

  it('refuses a file that is not a backup, and a backup of the other database', async () => {
    const empty = environment({ DATA_DIR: await folder() });
    const notBackup = path.join(await folder(), 'notes.txt');
    await fs.writeFile(notBackup, 'hello');
    await expect(restoreBackup(empty, notBackup, { force: false })).rejects.toThrow(BackupError);
    if (!onPostgres) {
      const url = 'postgres://nobody@127.0.0.1:1/none';
      const other = environment({ DATA_DIR: await folder(), DATABASE_URL: url });
      await expect(restoreBackup(other, archive, { force: false })).rejects.toThrow();
    }
  });
});
