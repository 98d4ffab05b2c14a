import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import * as tar from 'tar';
import type { AuditVerification } from '@cityops/contract';
import type { AppConfig } from '../../config.js';
import { type DriverName, openDatabase } from '../../db/client.js';
import { systemClock } from '../../lib/clock.js';
import { noRememberedSessions } from '../auth/session-cache.js';
import { createRepositories } from '../../repositories.js';
import { AuditTrailService } from '../audit/audit-trail.service.js';
import { type MasterKey, MasterKeyError, loadMasterKey } from '../../lib/master-key.js';
import { aeadAlgorithmOf } from '../secrets/aead.js';
import { type BackupKey, BackupSealError, openBackup, sealBackup } from './backup-seal.js';

/**
 * One backup is one tar file, sealed (backup-seal.ts) under a key derived from the
 * master key and written with mode 0600 (docs/deployment.md, "Backup and restore"):
 *   cityops-backup.json       what it is (format, database, when)
 *   database/pglite.tar.gz    PGlite's data folder's files (copied by the running server), or
 *   database/postgres.dump    pg_dump's custom format
 *   files/uploads/...         uploaded files kept on disk (DATA_DIR/uploads)
 *   files/audit-archive/...   the audit trail's archive files (DATA_DIR/audit-archive)
 * The database is copied before the files: an upload's file is written before its
 * row, so every file the copied database names is in the archive.
 */
export const MANIFEST = 'cityops-backup.json';
/** The folders of DATA_DIR kept besides the database. */
export const DATA_FOLDERS = ['uploads', 'audit-archive'] as const;
/** Written by the server at start (PGlite), read by the command: see backup.management.ts. */
export const TOKEN_FILE = 'management-token';
/** The running server's copies of the PGlite folder, in DATA_DIR until packed. */
export const COPY_PREFIX = '.backup-';

const DATABASE_FILE: Record<DriverName, string> = {
  pglite: 'database/pglite.tar.gz',
  postgres: 'database/postgres.dump',
};

interface Manifest {
  format: 1;
  driver: DriverName;
  createdAt: string;
  folders: string[];
}

/** A refusal or failure the command explains in one message (exit status 1). */
export class BackupError extends Error {}

export interface BackupSummary {
  file: string;
  driver: DriverName;
  bytes: number;
  /** Whether the running server made the copy (PGlite), or the folder was opened. */
  source: 'server' | 'folder' | 'pg_dump';
  files: number;
  seconds: number;
  /** The master key the backup opens with (never the key itself). */
  masterKey: Pick<MasterKey, 'id' | 'origin' | 'file'>;
}

/** The master key as the server has it; a command never makes one (lib/master-key.ts). */
async function serverMasterKey(config: AppConfig): Promise<MasterKey> {
  try {
    return await loadMasterKey(config, { create: false });
  } catch (error) {
    if (error instanceof MasterKeyError) throw new BackupError(error.message);
    throw error;
  }
}

const driverOf = (config: AppConfig): DriverName => (config.databaseUrl ? 'postgres' : 'pglite');
const hasDataDir = (config: AppConfig) => config.dataDir !== ':memory:';

/** Takes a backup of the service configured by `config` into `file`. */
export async function createBackup(
  config: AppConfig,
  file: string,
  options: { master?: MasterKey } = {},
): Promise<BackupSummary> {
  const started = performance.now();
  const driver = driverOf(config);
  // First: without the master key there is nothing to seal the backup with.
  const master = options.master ?? (await serverMasterKey(config));
  const target = path.resolve(file);
  await fs.mkdir(path.dirname(target), { recursive: true });
  const staging = await fs.mkdtemp(path.join(path.dirname(target), '.cityops-backup-'));
  const partial = `${target}.part`;
  try {
    const databaseFile = path.join(staging, DATABASE_FILE[driver]);
    await fs.mkdir(path.dirname(databaseFile), { recursive: true });
    let source: BackupSummary['source'] = 'pg_dump';
    if (driver === 'postgres') {
      await runPgTool(
        'pg_dump',
        ['--format=custom', `--file=${databaseFile}`],
        config.databaseUrl!,
      );
    } else {
      source = await copyPglite(config, databaseFile);
    }
    // Then the files: links the archive follows, so nothing is copied twice.
    const folders: string[] = [];
    let files = 0;
    if (hasDataDir(config)) {
      await fs.mkdir(path.join(staging, 'files'));
      for (const name of DATA_FOLDERS) {
        const folder = path.join(config.dataDir, name);
        if (!(await isDirectory(folder))) continue;
        await fs.symlink(folder, path.join(staging, 'files', name), 'dir');
        folders.push(name);
        files += await countFiles(folder);
      }
    }
    const manifest: Manifest = { format: 1, driver, createdAt: new Date().toISOString(), folders };
    await fs.writeFile(path.join(staging, MANIFEST), JSON.stringify(manifest, null, 2));
    // The compressed database and images gain nothing from compressing again.
    const plain = path.join(staging, 'backup.tar');
    await tar.c({ file: plain, cwd: staging, follow: true, portable: true }, [
      MANIFEST,
      'database',
      ...(folders.length > 0 ? ['files'] : []),
    ]);
    await sealBackup(plain, partial, master, aeadAlgorithmOf(config.cryptoProfile));
    // Only a finished archive takes the name: a failed run never leaves half a backup.
    await fs.rename(partial, target);
    const { size } = await fs.stat(target);
    return {
      file: target,
      driver,
      bytes: size,
      source,
      files,
      seconds: (performance.now() - started) / 1000,
      masterKey: { id: master.id, origin: master.origin, file: master.file },
    };
  } finally {
    await fs.rm(staging, { recursive: true, force: true });
    await fs.rm(partial, { force: true });
  }
}

/**
 * PGlite opens its folder in one process only. A running server is asked for the
 * copy on its management port; without one, the folder is opened here, unless
 * PGlite's lock file says a server has it open.
 */
async function copyPglite(config: AppConfig, target: string): Promise<'server' | 'folder'> {
  if (!hasDataDir(config)) throw new BackupError('DATA_DIR is :memory:: nothing to back up.');
  // The server of this folder writes its token there at start (backup.management.ts); a
  // scratch folder restored while the installation runs has none.
  const token = await exists(path.join(config.dataDir, TOKEN_FILE));
  if (token && config.managementPort !== undefined) {
    const host = clientHost(config.managementHost);
    const token = await fs
      .readFile(path.join(config.dataDir, TOKEN_FILE), 'utf8')
      .catch(() => undefined);
    let response: Response | undefined;
    try {
      response = await fetch(`http://${host}:${config.managementPort}/backup`, {
        method: 'POST',
        headers: token ? { authorization: `Bearer ${token.trim()}` } : {},
      });
    } catch (error) {
      // Nothing listens: the server is stopped, and the folder can be opened here.
      if ((error as { cause?: { code?: string } }).cause?.code !== 'ECONNREFUSED') throw error;
    }
    if (response) {
      if (!response.ok) {
        throw new BackupError(
          `The server refused the backup (HTTP ${response.status}): ${await response.text()}`,
        );
      }
      const { folder } = (await response.json()) as { folder: string };
      // Only a copy the server made in DATA_DIR is packed, and then removed.
      const staging = path.dirname(path.resolve(folder));
      if (
        path.dirname(staging) !== path.resolve(config.dataDir) ||
        !path.basename(staging).startsWith(COPY_PREFIX)
      ) {
        throw new BackupError(`The server answered an unexpected folder: ${folder}`);
      }
      try {
        await packFolder(folder, target);
      } finally {
        await fs.rm(staging, { recursive: true, force: true });
      }
      return 'server';
    }
  }
  const folder = path.join(config.dataDir, 'pglite');
  if (!(await isDirectory(folder))) {
    throw new BackupError(`There is no database in ${folder}.`);
  }
  if (await exists(path.join(folder, 'postmaster.pid'))) {
    throw new BackupError(
      `A server has ${folder} open (postmaster.pid) and no management port answers: set ` +
        'MANAGEMENT_PORT as the server has it, or stop the server. If no server runs (it ' +
        'was killed), start and stop it once.',
    );
  }
  // Nobody has the folder open: its files are the database, as a stopped server left it.
  await packFolder(folder, target);
  return 'folder';
}

/** A gzip tar of a PGlite folder's files, without the lock file of a process using it. */
async function packFolder(folder: string, target: string): Promise<void> {
  await tar.c(
    {
      gzip: true,
      file: target,
      cwd: folder,
      portable: true,
      filter: (entry) => path.basename(entry) !== 'postmaster.pid',
    },
    ['.'],
  );
}

export interface RestoreOptions {
  /** Replace a database and folders that are not empty. */
  force: boolean;
  /** The master key the backup was sealed under; by default the configuration's. */
  master?: BackupKey;
}

export interface RestoreSummary {
  driver: DriverName;
  createdAt: string;
  files: number;
  seconds: number;
  /** The audit chain of the restored database. */
  verification: AuditVerification;
}

/**
 * Restores `file` into the database and DATA_DIR of `config`, which must be empty
 * (or `force`), then verifies the audit chain there.
 */
export async function restoreBackup(
  config: AppConfig,
  file: string,
  options: RestoreOptions,
): Promise<RestoreSummary> {
  const started = performance.now();
  const driver = driverOf(config);
  const source = path.resolve(file);
  if (!(await exists(source))) throw new BackupError(`There is no file ${source}.`);
  if (driver === 'pglite' && !hasDataDir(config)) {
    throw new BackupError('DATA_DIR is :memory:: name the folder to restore into.');
  }
  // Never under a running server: it would go on with a database replaced beneath it.
  await refuseWhileInUse(config);
  // Refuse before unpacking anything: what is there now stays untouched.
  const occupied = await occupiedTargets(config);
  if (occupied.length > 0 && !options.force) {
    throw new BackupError(
      `Not empty: ${occupied.join(', ')}. Restore into an empty data folder or database, ` +
        'or add --force to replace what is there.',
    );
  }
  const parent = hasDataDir(config) ? config.dataDir : os.tmpdir();
  await fs.mkdir(parent, { recursive: true });
  const staging = await fs.mkdtemp(path.join(parent, '.cityops-restore-'));
  try {
    const opened = path.join(staging, 'backup.tar');
    let sealed: boolean;
    try {
      sealed = await openBackup(source, opened, async () =>
        options.master ? options.master : serverMasterKey(config),
      );
    } catch (error) {
      if (error instanceof BackupSealError) throw new BackupError(error.message);
      throw error;
    }
    try {
      await tar.x({ file: sealed ? opened : source, cwd: staging, strict: true });
    } catch (error) {
      throw new BackupError(`${source} is not a backup archive: ${String(error)}`);
    }
    await fs.rm(opened, { force: true });
    const manifest = await readManifest(staging, source);
    if (manifest.driver !== driver) {
      throw new BackupError(
        `This backup is of ${manifest.driver === 'postgres' ? 'PostgreSQL' : 'PGlite'}; ` +
          `the configuration names ${driver === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : 'PGlite (DATA_DIR, no DATABASE_URL)'}.`,
      );
    }
    const databaseFile = path.join(staging, DATABASE_FILE[driver]);
    if (driver === 'postgres') {
      await runPgTool(
        'pg_restore',
        [
          '--no-owner',
          '--no-privileges',
          '--exit-on-error',
          '--single-transaction',
          ...(options.force ? ['--clean', '--if-exists'] : []),
          databaseFile,
        ],
        config.databaseUrl!,
      );
      // pg_restore brings no planner statistics: without them the chain's walk may
      // scan the whole trail for each batch, past the statement time limit.
      const client = new pg.Client({ connectionString: config.databaseUrl });
      await client.connect();
      try {
        await client.query('analyze');
      } finally {
        await client.end();
      }
    } else {
      const folder = path.join(config.dataDir, 'pglite');
      await fs.rm(folder, { recursive: true, force: true });
      await fs.mkdir(folder, { recursive: true });
      await tar.x({ file: databaseFile, cwd: folder, strict: true });
    }
    let files = 0;
    if (hasDataDir(config)) {
      for (const name of manifest.folders.filter((n) => DATA_FOLDERS.some((f) => f === n))) {
        const from = path.join(staging, 'files', name);
        if (!(await isDirectory(from))) continue;
        const to = path.join(config.dataDir, name);
        await fs.rm(to, { recursive: true, force: true });
        await fs.rename(from, to);
        files += await countFiles(to);
      }
    }
    const verification = await verifyChain(config);
    return {
      driver,
      createdAt: manifest.createdAt,
      files,
      seconds: (performance.now() - started) / 1000,
      verification,
    };
  } finally {
    await fs.rm(staging, { recursive: true, force: true });
  }
}

/** The audit chain of the configured database, as `npm run audit -- verify` checks it. */
export async function verifyChain(config: AppConfig): Promise<AuditVerification> {
  const database = await openDatabase(config);
  try {
    const repositories = createRepositories(database.db, noRememberedSessions, undefined);
    return await new AuditTrailService({
      audit: repositories.audit,
      settings: repositories.settings,
      clock: systemClock,
    }).verify();
  } finally {
    await database.close();
  }
}

/**
 * Refuses while a server has the PGlite folder open (its lock file) or other
 * sessions use the PostgreSQL database (docs/deployment.md, "Backup and restore").
 */
async function refuseWhileInUse(config: AppConfig): Promise<void> {
  if (config.databaseUrl) {
    const client = new pg.Client({ connectionString: config.databaseUrl });
    await client.connect();
    try {
      const { rows } = await client.query<{ n: number }>(
        `select count(*)::int as n from pg_stat_activity
          where datname = current_database() and pid <> pg_backend_pid()`,
      );
      if (rows[0]!.n > 0) {
        throw new BackupError(
          `${rows[0]!.n} other sessions use the database (a server, or another client): stop ` +
            'every server of the installation before restoring.',
        );
      }
    } finally {
      await client.end();
    }
    return;
  }
  const holder = await pgliteHolder(config);
  if (holder) throw new BackupError(`${holder}: stop it before restoring.`);
}

/**
 * Whether a server holds the PGlite folder of `config`, which one process only may
 * open: PGlite's lock file, or the folder's management token with the management port
 * answering. Null when none does.
 */
export async function pgliteHolder(config: AppConfig): Promise<string | null> {
  if (config.databaseUrl || !hasDataDir(config)) return null;
  const folder = path.join(config.dataDir, 'pglite');
  if (await exists(path.join(folder, 'postmaster.pid'))) {
    return (
      `A server has ${folder} open (postmaster.pid; if no server runs, it was killed: ` +
      'start and stop it once)'
    );
  }
  // The server of this folder writes its token there at start (backup.management.ts); a
  // scratch folder restored while the installation runs has none.
  const token = await exists(path.join(config.dataDir, TOKEN_FILE));
  if (token && config.managementPort !== undefined) {
    const host = clientHost(config.managementHost);
    const answered = await fetch(`http://${host}:${config.managementPort}/health/live`, {
      signal: AbortSignal.timeout(2000),
    }).then(
      () => true,
      () => false,
    );
    if (answered) return `A server runs on ${folder} (its management port answers)`;
  }
  return null;
}

/** What a restore would replace: a database with tables, folders with files. */
async function occupiedTargets(config: AppConfig): Promise<string[]> {
  const occupied: string[] = [];
  if (config.databaseUrl) {
    const client = new pg.Client({ connectionString: config.databaseUrl });
    await client.connect();
    try {
      const { rows } = await client.query<{ n: number }>(
        `select count(*)::int as n from pg_tables
          where schemaname not in ('pg_catalog', 'information_schema')`,
      );
      if (rows[0]!.n > 0) occupied.push(`the database (${rows[0]!.n} tables)`);
    } finally {
      await client.end();
    }
  } else if (await notEmpty(path.join(config.dataDir, 'pglite'))) {
    occupied.push(path.join(config.dataDir, 'pglite'));
  }
  if (hasDataDir(config)) {
    for (const name of DATA_FOLDERS) {
      const folder = path.join(config.dataDir, name);
      if (await notEmpty(folder)) occupied.push(folder);
    }
  }
  return occupied;
}

async function readManifest(staging: string, source: string): Promise<Manifest> {
  let manifest: Partial<Manifest>;
  try {
    manifest = JSON.parse(await fs.readFile(path.join(staging, MANIFEST), 'utf8')) as Manifest;
  } catch {
    throw new BackupError(`${source} has no ${MANIFEST}: it is not a backup of this product.`);
  }
  if (manifest.format !== 1 || (manifest.driver !== 'pglite' && manifest.driver !== 'postgres')) {
    throw new BackupError(`${source} is a backup in a format this release does not read.`);
  }
  return { ...manifest, folders: manifest.folders ?? [] } as Manifest;
}

/**
 * Runs pg_dump or pg_restore on the service's database. The password goes in the
 * environment, not on the command line, where any user of the machine could read it.
 */
async function runPgTool(tool: string, args: string[], databaseUrl: string): Promise<void> {
  const url = new URL(databaseUrl);
  const password = decodeURIComponent(url.password);
  url.password = '';
  const env = { ...process.env, ...(password ? { PGPASSWORD: password } : {}) };
  const stderr: Buffer[] = [];
  const status = await new Promise<number>((resolve, reject) => {
    const child = spawn(tool, [...args, `--dbname=${url.toString()}`], {
      env,
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    child.stderr.on('data', (chunk: Buffer) => stderr.push(chunk));
    child.on('error', (error: NodeJS.ErrnoException) =>
      reject(
        error.code === 'ENOENT'
          ? new BackupError(
              `${tool} is not installed: install the PostgreSQL client of the server's major ` +
                'version (postgresql-client-NN).',
            )
          : error,
      ),
    );
    child.on('close', (code) => resolve(code ?? 1));
  });
  if (status !== 0) {
    throw new BackupError(`${tool} failed (${status}): ${Buffer.concat(stderr).toString().trim()}`);
  }
}

/** The address a client connects to for a server listening on `host`. */
function clientHost(host: string): string {
  if (host === '0.0.0.0') return '127.0.0.1';
  if (host === '::') return '[::1]';
  return host.includes(':') ? `[${host}]` : host;
}

async function exists(file: string): Promise<boolean> {
  return fs.access(file).then(
    () => true,
    () => false,
  );
}

async function isDirectory(folder: string): Promise<boolean> {
  return fs.stat(folder).then(
    (stat) => stat.isDirectory(),
    () => false,
  );
}

async function notEmpty(folder: string): Promise<boolean> {
  return fs.readdir(folder).then(
    (entries) => entries.length > 0,
    () => false,
  );
}

async function countFiles(folder: string): Promise<number> {
  const entries = await fs.readdir(folder, { recursive: true, withFileTypes: true });
  return entries.filter((entry) => entry.isFile()).length;
}

/** A token only the service's user can read (mode 0600 in DATA_DIR). */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}
