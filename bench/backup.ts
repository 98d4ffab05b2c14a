/**
 * `npm run backup -w @cityops/bench` (after `npm run build`, with DATABASE_URL set to a
 * PostgreSQL server): issue 23 item 3, on demand and not part of CI. How long the
 * product's own `npm run backup` and `npm run restore` take at the scale seed's size.
 *
 * `cityops_bench_backup` is made afresh: the built server migrates and seeds it, then
 * the scale seed adds a city's worth (lib/scale-seed.ts). The built command backs it
 * up (pg_dump's custom format), then restores it into a new `cityops_bench_backup_restored`
 * and verifies its audit chain of a million records. Both databases are dropped after.
 *
 * The same on PGlite (`-- pglite`; `-- postgres` for PostgreSQL alone): the built
 * server migrates and seeds a folder, the scale seed fills it, the server starts again
 * with a management port and the command asks it for the copy while its memory is
 * sampled; then the copy is restored into a new folder.
 *
 * Results: bench/results/backup-<parts>.json; docs/reliability.md ("Backup and restore").
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { freshDatabase } from './lib/database.js';
import { writeResult } from './lib/results.js';
import { seedScale } from './lib/scale-seed.js';
import { repoRoot, rssBytes, startServer } from './lib/server.js';

const say = (line: string) => process.stdout.write(`${line}\n`);
const cli = path.join(repoRoot, 'apps/server/dist/cli/backup.js');
const port = Number(process.env.BENCH_PORT ?? 4990);

/** Runs the built command as `npm run backup`/`restore` would; gives its time and output. */
async function command(args: string[], env: Record<string, string>) {
  const started = performance.now();
  const child = spawn(process.execPath, [cli, ...args], {
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const status = await new Promise<number>((resolve) => child.on('close', (c) => resolve(c ?? 1)));
  if (status !== 0) throw new Error(`${args[0]} failed (${status}):\n${output}`);
  return { seconds: Math.round((performance.now() - started) / 100) / 10, output };
}

async function databaseBytes(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ size: string }>(
      'select pg_database_size(current_database())::text as size',
    );
    return Number(rows[0]!.size);
  } finally {
    await client.end();
  }
}

async function folderBytes(folder: string): Promise<number> {
  const entries = await fs.readdir(folder, { recursive: true, withFileTypes: true });
  let total = 0;
  for (const entry of entries) {
    if (entry.isFile()) total += (await fs.stat(path.join(entry.parentPath, entry.name))).size;
  }
  return total;
}

async function onPglite(work: string) {
  const { PGlite } = await import('@electric-sql/pglite');
  // The migrations' extensions (pg_trgm), as the server loads them: the seed writes users.
  const { PGLITE_EXTENSIONS } = await import('../apps/server/dist/db/client.js');
  // BENCH_PGLITE_SEEDED: a data folder an earlier run seeded (the seed takes minutes).
  const seededBefore = process.env.BENCH_PGLITE_SEEDED;
  const dataDir = seededBefore ?? path.join(work, 'pglite-source');
  const env = { DATA_DIR: dataDir, MANAGEMENT_PORT: String(port + 1) };
  let scaleRows: Record<string, number> | undefined;
  if (!seededBefore) {
    say('PGlite: migrating and seeding a folder');
    const first = await startServer({ port, env });
    await first.stop();
    say('adding the scale seed');
    const client = new PGlite(path.join(dataDir, 'pglite'), { extensions: PGLITE_EXTENSIONS });
    const seeded = await seedScale(
      {
        query: async <R>(sql: string, params: unknown[] = []) => {
          const result = await client.query<R>(sql, params);
          return { rows: result.rows, rowCount: result.affectedRows ?? null };
        },
      },
      new Date(),
    );
    await client.close();
    scaleRows = seeded.rows;
  }
  const bytes = await folderBytes(path.join(dataDir, 'pglite'));
  say(`folder: ${(bytes / 1e6).toFixed(0)} MB`);

  const server = await startServer({ port, env, timeoutMs: 600_000 });
  const pid = server.process.pid!;
  const rssBefore = await rssBytes(pid);
  let rssPeak = rssBefore;
  const sampler = setInterval(() => {
    rssBytes(pid).then(
      (rss) => (rssPeak = Math.max(rssPeak, rss)),
      () => undefined,
    );
  }, 100);
  // While the folder is copied no statement runs: the longest health check answer
  // (one `select 1`) during the backup is how long requests waited.
  let probing = true;
  let longestWaitMs = 0;
  const prober = (async () => {
    while (probing) {
      const at = performance.now();
      await fetch(`${server.baseUrl}/api/health`).catch(() => undefined);
      longestWaitMs = Math.max(longestWaitMs, performance.now() - at);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  })();
  const file = path.join(work, 'pglite.backup');
  say('npm run backup (the running server copies)');
  let backup;
  try {
    backup = await command(['backup', file], env);
  } finally {
    clearInterval(sampler);
    probing = false;
    await prober;
  }
  const rssAfter = await rssBytes(pid);
  await server.stop();
  const archiveBytes = (await fs.stat(file)).size;
  say(
    `  ${backup.seconds} s, ${(archiveBytes / 1e6).toFixed(0)} MB; server resident ` +
      `${(rssBefore / 1e6).toFixed(0)} MB before, ${(rssPeak / 1e6).toFixed(0)} MB at most; ` +
      `requests waited ${(longestWaitMs / 1000).toFixed(1)} s at most`,
  );
  say('npm run restore (into a new folder, then the chain verified)');
  // The backup is sealed under the source's master key, which the demo made into its
  // DATA_DIR: the restore is given that file (docs/deployment.md, "Backup and restore").
  const restore = await command(['restore', file], {
    DATA_DIR: path.join(work, 'pglite-restored'),
    SECRETS_KEY_FILE: path.join(dataDir, 'master-key'),
  });
  const verification = JSON.parse(restore.output.slice(restore.output.indexOf('{'))) as {
    holds: boolean;
    checked: number;
  };
  say(`  ${restore.seconds} s, chain holds: ${verification.holds} (${verification.checked})`);
  if (!verification.holds) throw new Error('the restored chain does not verify');
  return {
    scaleRows,
    folderBytes: bytes,
    backupSeconds: backup.seconds,
    archiveBytes,
    serverRssBytes: { before: rssBefore, peak: rssPeak, after: rssAfter },
    longestRequestWaitSeconds: Math.round(longestWaitMs / 100) / 10,
    restoreSeconds: restore.seconds,
    chainChecked: verification.checked,
    chainHolds: verification.holds,
  };
}

async function onPostgres(work: string) {
  const server = process.env.DATABASE_URL;
  if (!server) throw new Error('DATABASE_URL must name a PostgreSQL server');
  const source = await freshDatabase(server, 'cityops_bench_backup');
  const target = await freshDatabase(server, 'cityops_bench_backup_restored');
  try {
    say('migrating and seeding cityops_bench_backup');
    const started = await startServer({
      port,
      env: { DATABASE_URL: source, DATA_DIR: path.join(work, 'source') },
    });
    await started.stop();
    say('adding the scale seed');
    const seeded = await seedScale(source, new Date());
    const bytes = await databaseBytes(source);
    say(`database: ${(bytes / 1e6).toFixed(0)} MB, rows ${JSON.stringify(seeded.rows)}`);

    const file = path.join(work, 'scale.backup');
    say('npm run backup');
    const backup = await command(['backup', file], {
      DATABASE_URL: source,
      DATA_DIR: path.join(work, 'source'),
    });
    const archiveBytes = (await fs.stat(file)).size;
    say(`  ${backup.seconds} s, ${(archiveBytes / 1e6).toFixed(0)} MB`);
    say('npm run restore (into a new database, then the chain verified)');
    const restore = await command(['restore', file], {
      DATABASE_URL: target,
      DATA_DIR: path.join(work, 'restored'),
      SECRETS_KEY_FILE: path.join(work, 'source', 'master-key'),
    });
    const verification = JSON.parse(restore.output.slice(restore.output.indexOf('{'))) as {
      holds: boolean;
      checked: number;
    };
    say(`  ${restore.seconds} s, chain holds: ${verification.holds} (${verification.checked})`);
    if (!verification.holds) throw new Error('the restored chain does not verify');

    return {
      scaleRows: seeded.rows,
      databaseBytes: bytes,
      backupSeconds: backup.seconds,
      archiveBytes,
      restoreSeconds: restore.seconds,
      chainChecked: verification.checked,
      chainHolds: verification.holds,
    };
  } finally {
    const admin = new pg.Client({ connectionString: server });
    await admin.connect();
    for (const name of ['cityops_bench_backup', 'cityops_bench_backup_restored']) {
      await admin.query(`drop database if exists ${name} with (force)`);
    }
    await admin.end();
  }
}

async function main(parts: string[]) {
  const chosen = parts.length > 0 ? parts : ['postgres', 'pglite'];
  const work = await fs.mkdtemp(path.join(os.tmpdir(), 'cityops-bench-backup-'));
  try {
    const result: Record<string, unknown> = {};
    if (chosen.includes('postgres')) result.postgres = await onPostgres(work);
    if (chosen.includes('pglite')) result.pglite = await onPglite(work);
    await writeResult(`backup-${chosen.join('-')}`, result);
  } finally {
    await fs.rm(work, { recursive: true, force: true });
  }
}

main(process.argv.slice(2)).then(
  () => process.exit(0),
  (error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
    process.exit(1);
  },
);
