/**
 * `npm run audit-chain -w @cityops/bench -- [--records N] [--batch B] [--writers W]
 * [--seconds S] [--result NAME]`, with DATABASE_URL set to a PostgreSQL server: issue 33 items 1 and
 * 2, on demand and not part of CI.
 *
 * Its own database, `cityops_chain_bench`, dropped and created each run, holding the
 * server's migrations only (no seed): records go in through the trail's own trigger.
 * At the empty trail, then every tenth of the way to N records, then at N:
 * - bulk: B records a statement, one statement a transaction, for a second or more
 *   (records/s);
 * - writers: W connections each writing one record a transaction for S seconds, as
 *   a change's record is written (records/s, and each insert's time to commit at p50
 *   and p99: what a request waits on the others' records);
 * - viewWriters: the same as an audited read's record is written since issue 33, its
 *   own statement's transaction not waiting for the disk (`synchronous_commit` off for it);
 * - unchainedWriters: the writers' rows and commits into a plain copy of the table (no
 *   chain, index or trigger): the one-record rate this disk's commit flush allows;
 * - repositoryViews: W writers appending views' records through the server's own
 *   `AuditRepository` (from apps/server/dist: `npm run build` first), which writes those
 *   arriving together in one statement;
 * - repositoryChanges: W writers each running a transaction that writes a change's record
 *   through the server's own transaction runner, as every console write does since
 *   drizzle/0034: the record waits, committed with the transaction, and is chained after
 *   the commit by the chainer, which moves those committed together in one statement
 *   (the rate counts until the last is chained);
 * - repositoryChangesUnchained: the same, the chainer's moves held back until the writers
 *   stop (and not counted): the server's transactions with no chain beside them;
 * - chainlessTransactions: W connections each running the same transaction's statements
 *   (begin, the row, commit) into the plain copy: what a change's transaction costs on
 *   this machine with no chain at all.
 * The way from one point to the next is filled in 10,000-record statements, timed too.
 * Last, the chain is verified with the server's own command (`npm run audit -- verify`,
 * from source) and timed, and the head's and the trail's sizes are read.
 *
 * Results: bench/results/audit-chain.json; docs/performance.md ("The audit chain").
 */
import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { openDatabase } from '../apps/server/dist/db/client.js';
import { type AuditChainer, chainerOf } from '../apps/server/dist/modules/audit/audit-chainer.js';
import { AuditRepository } from '../apps/server/dist/modules/audit/audit.repository.js';
import { noRememberedSessions } from '../apps/server/dist/modules/auth/session-cache.js';
import { type WithTransaction, transactionRunner } from '../apps/server/dist/repositories.js';
import { freshDatabase } from './lib/database.js';
import { writeResult } from './lib/results.js';
import { repoRoot } from './lib/server.js';

function option(name: string, fallback: number): number {
  const at = process.argv.indexOf(name);
  const value = at >= 0 ? Number(process.argv[at + 1]) : fallback;
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number`);
  return value;
}

const RECORDS = option('--records', 1_000_000);
const BATCH = option('--batch', 1_000);
const WRITERS = option('--writers', 10);
const SECONDS = option('--seconds', 5);
const FILL = 10_000;
/** The result's file under bench/results: a shorter run keeps the 10-million one's. */
const RESULT = (() => {
  const at = process.argv.indexOf('--result');
  return at >= 0 ? process.argv[at + 1]! : 'audit-chain';
})();

/**
 * A FROM item that turns `synchronous_commit` off for its statement's own transaction, as
 * `AuditRepository.append` writes a view's record (`durability: 'deferred'`).
 */
const DEFERRED = ", (select set_config('synchronous_commit', 'off', true)) durability";

/** A record shaped as the console writes one: an actor, a target, a change of two fields. */
const insertRecords = (count: number, deferred = false, table = 'audit_trail') => `
  insert into ${table} (at, actor_id, actor_name, actor_unit, session, ip_address,
                           user_agent, action, target_kind, target_id, target_name,
                           outcome, before, after)
  select now(), 1 + g % 5000, 'staff' || lpad((g % 5000)::text, 5, '0'), '江城区城市管理局',
         substr(md5(g::text), 1, 16), '10.' || (g % 250) || '.' || (g / 250 % 250) || '.7',
         'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/131.0 Safari/537.36',
         'user.update', 'user', (g % 100000)::text, '张伟' || (g % 100),
         'success', jsonb_build_object('name', '张伟', 'mobile', '139****7777'),
         jsonb_build_object('name', '张伟' || g, 'mobile', '139****8888')
    from generate_series(1, ${count}) g${deferred ? DEFERRED : ''}`;

/**
 * The server's migrations in their journal's order, statement by statement, as drizzle
 * applies them (the bench's database needs the schema and the triggers, not the journal).
 */
async function migrate(pool: pg.Pool): Promise<void> {
  const folder = path.join(repoRoot, 'apps/server/drizzle');
  const journal = JSON.parse(await readFile(path.join(folder, 'meta/_journal.json'), 'utf8')) as {
    entries: { tag: string }[];
  };
  for (const { tag } of journal.entries) {
    const text = await readFile(path.join(folder, `${tag}.sql`), 'utf8');
    for (const statement of text.split('--> statement-breakpoint')) {
      if (statement.trim()) await pool.query(statement);
    }
  }
}

const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]! : 0;
const round = (value: number) => Math.round(value * 10) / 10;

/**
 * The WAL flushes so far (PostgreSQL 14's pg_stat_wal; 0 where fsync is off): one per
 * record written waiting for the disk, next to none for a view's.
 */
async function walSyncs(pool: pg.Pool): Promise<number> {
  return Number(
    (await pool.query<{ n: string }>('select wal_sync as n from pg_stat_wal')).rows[0]?.n,
  );
}

/** What W writers did: records, the WAL flushes asked for, the rate, each write's time. */
function writersResult(
  latencies: number[],
  start: number,
  walSyncs: number,
  cpuStart: NodeJS.CpuUsage,
) {
  latencies.sort((a, b) => a - b);
  const cpu = process.cpuUsage(cpuStart);
  return {
    records: latencies.length,
    walSyncs,
    // This process's CPU over the run, in cores: near 1, Node itself is the bound.
    benchProcessCores: round((cpu.user + cpu.system) / 1_000 / (performance.now() - start)),
    recordsPerSecond: Math.round(latencies.length / ((performance.now() - start) / 1_000)),
    commitMsP50: round(percentile(latencies, 0.5)),
    commitMsP99: round(percentile(latencies, 0.99)),
  };
}

/** One writer's way of writing a record, and what it gives back when it stops. */
interface Writer {
  write: () => Promise<unknown>;
  release?: () => void;
}

/**
 * W writers side by side for S seconds, each made by `writer` and writing one record at a
 * time; `settle` runs before the figures are taken (counted in the rate).
 */
async function measureWriters(
  pool: pg.Pool,
  writer: () => Promise<Writer>,
  settle?: () => Promise<void>,
) {
  const syncsBefore = await walSyncs(pool);
  const latencies: number[] = [];
  const cpuStart = process.cpuUsage();
  const start = performance.now();
  const end = start + SECONDS * 1_000;
  await Promise.all(
    Array.from({ length: WRITERS }, async () => {
      const { write, release } = await writer();
      try {
        while (performance.now() < end) {
          const at = performance.now();
          await write();
          latencies.push(performance.now() - at);
        }
      } finally {
        release?.();
      }
    }),
  );
  await settle?.();
  return writersResult(latencies, start, (await walSyncs(pool)) - syncsBefore, cpuStart);
}

/** A writer with a connection of its own, released when it stops. */
async function onOwnConnection(
  pool: pg.Pool,
  write: (client: pg.PoolClient) => Promise<unknown>,
): Promise<Writer> {
  const client = await pool.connect();
  return { write: () => write(client), release: () => client.release() };
}

async function bulkRate(pool: pg.Pool): Promise<number> {
  const start = performance.now();
  let written = 0;
  while (performance.now() - start < 1_000 || written < 5 * BATCH) {
    await pool.query(insertRecords(BATCH));
    written += BATCH;
  }
  return Math.round(written / ((performance.now() - start) / 1_000));
}

/**
 * W writers, one record a transaction each: as a change's record was written until stop 45
 * (waiting for the disk at its commit), or, `deferred`, as a view's (`AuditRepository.append`
 * with `durability: 'deferred'`: `synchronous_commit` off for its own statement's transaction).
 */
function writersRate(pool: pg.Pool, deferred: boolean, table = 'audit_trail') {
  return measureWriters(pool, () =>
    onOwnConnection(pool, (client) => client.query(insertRecords(1, deferred, table))),
  );
}

/** Who the repository's writers record as the actor. */
const SOURCE = {
  actorId: 1,
  actorName: 'staff00001',
  session: '0123456789abcdef',
  ipAddress: '10.1.2.7',
  userAgent: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/131.0 Safari/537.36',
};

/** The change every change writer records: a name changed, the number masked. */
const CHANGE = {
  target: { kind: 'user', id: 42, name: '张伟' },
  before: { name: '张伟', mobile: '***' },
  after: { name: '张伟明', mobile: '***' },
} as const;

/**
 * W writers appending a view's record each through the server's own repository
 * (`AuditRepository.append`, `durability: 'deferred'`), as every audited read does: the
 * records that arrive while a statement writes go together in the next (issue 33).
 */
function repositoryViewsRate(audit: AuditRepository, pool: pg.Pool) {
  return measureWriters(pool, async () => ({
    write: () =>
      audit.append(
        new Date(),
        SOURCE,
        {
          action: 'audit.view',
          outcome: 'success',
          target: CHANGE.target,
          after: { pageSize: 50 },
        },
        { durability: 'deferred' },
      ),
  }));
}

/**
 * W writers, each a transaction with one change's record through the server's own
 * transaction runner, which asks the chainer after the commit (issue 33). The rate counts
 * until every record written is chained. `chainAfter`: the chainer's moves held back
 * until the writers stop, and not counted: the same transactions with no chain beside
 * them (`repositoryChangesUnchained`).
 */
async function repositoryChangesRate(
  withTransaction: WithTransaction,
  chainer: AuditChainer,
  pool: pg.Pool,
  chainAfter = false,
) {
  const chainSoon = chainer.chainSoon.bind(chainer);
  if (chainAfter) chainer.chainSoon = () => {};
  try {
    return await measureWriters(
      pool,
      async () => ({
        write: () =>
          withTransaction(({ audit }) =>
            audit.append(new Date(), SOURCE, {
              action: 'user.update',
              outcome: 'success',
              ...CHANGE,
            }),
          ),
      }),
      chainAfter ? undefined : () => chainer.chain(),
    );
  } finally {
    // The moves held back run now, whatever the writers met: the next column starts empty.
    chainer.chainSoon = chainSoon;
    await chainer.chain();
  }
}

/**
 * The same transaction's statements (begin, the record's row, commit) into a plain copy of
 * the trail with no chain: what a change's transaction costs here at all.
 */
function chainlessTransactionsRate(pool: pg.Pool) {
  return measureWriters(pool, () =>
    onOwnConnection(pool, async (client) => {
      await client.query('begin');
      await client.query(
        `insert into audit_unchained (at, actor_id, actor_name, session, ip_address,
           user_agent, action, outcome, target_kind, target_id, target_name, before, after)
         values (now(), $1, $2, $3, $4, $5, 'user.update', 'success', 'user', '42', '张伟',
           $6::jsonb, $7::jsonb)`,
        [
          SOURCE.actorId,
          SOURCE.actorName,
          SOURCE.session,
          SOURCE.ipAddress,
          SOURCE.userAgent,
          JSON.stringify(CHANGE.before),
          JSON.stringify(CHANGE.after),
        ],
      );
      await client.query('commit');
    }),
  );
}

async function sizes(pool: pg.Pool) {
  const { rows } = await pool.query<{ head: string; trail: string; records: string }>(
    `select pg_relation_size('audit_chain_head') / current_setting('block_size')::int as head,
            -- Partitioned by month since drizzle/0032: the parent itself holds nothing.
            (select coalesce(sum(pg_total_relation_size(relid)), 0)
               from pg_partition_tree('audit_trail')) as trail,
            (select seq from audit_chain_head) as records`,
  );
  const [row] = rows;
  return {
    records: Number(row?.records),
    headPages: Number(row?.head),
    trailBytes: Number(row?.trail),
  };
}

async function main(): Promise<void> {
  const baseUrl = process.env.DATABASE_URL;
  if (!baseUrl) throw new Error('DATABASE_URL must name a PostgreSQL server');
  const url = await freshDatabase(baseUrl, 'cityops_chain_bench');
  const pool = new pg.Pool({ connectionString: url, max: WRITERS + 1 });
  let closeDatabase = async () => {};
  try {
    await migrate(pool);
    // The server's own repository on a pool of its own, as a server writes views' records.
    const database = await openDatabase({ databaseUrl: url, dataDir: '', poolSize: WRITERS });
    closeDatabase = () => database.close();
    const audit = new AuditRepository(database.db);
    const withTransaction = transactionRunner(database.db, noRememberedSessions);
    const chainer = chainerOf(database.db);
    await pool.query('create table audit_unchained as select * from audit_trail with no data');
    const points: Record<string, unknown>[] = [];
    const measure = async () => {
      const bulk = await bulkRate(pool);
      // Side by side at each point: a change's records, then a view's.
      const writers = await writersRate(pool, false);
      const viewWriters = await writersRate(pool, true);
      // The same rows and commits into a table with no chain, no index and no trigger:
      // what this disk's commit flush allows one-record transactions at all.
      const unchainedWriters = await writersRate(pool, false, 'audit_unchained');
      const repositoryViews = await repositoryViewsRate(audit, pool);
      const repositoryChanges = await repositoryChangesRate(withTransaction, chainer, pool);
      const repositoryChangesUnchained = await repositoryChangesRate(
        withTransaction,
        chainer,
        pool,
        true,
      );
      const chainlessTransactions = await chainlessTransactionsRate(pool);
      const point = {
        ...(await sizes(pool)),
        bulkRecordsPerSecond: bulk,
        writers,
        viewWriters,
        unchainedWriters,
        repositoryViews,
        repositoryChanges,
        repositoryChangesUnchained,
        chainlessTransactions,
      };
      points.push(point);
      process.stdout.write(`${JSON.stringify(point)}\n`);
    };
    const fills: { from: number; recordsPerSecond: number }[] = [];
    await measure();
    for (let step = 1; step <= 10; step++) {
      const target = Math.round((RECORDS * step) / 10);
      let current = (await sizes(pool)).records;
      const from = current;
      const start = performance.now();
      while (current < target) {
        const count = Math.min(FILL, target - current);
        await pool.query(insertRecords(count));
        current += count;
      }
      const seconds = (performance.now() - start) / 1_000;
      // A step the measurements already wrote past has nothing to time.
      if (current > from) {
        fills.push({ from, recordsPerSecond: Math.round((current - from) / seconds) });
        process.stdout.write(`${JSON.stringify(fills.at(-1))}\n`);
      }
      if (step === 5 || step === 10) await measure();
    }
    await pool.query('vacuum analyze audit_trail');
    const verifyStart = performance.now();
    const { stdout } = await promisify(execFile)(
      'npx',
      ['tsx', 'apps/server/src/cli/audit-trail.ts', 'verify'],
      {
        cwd: repoRoot,
        env: { ...process.env, DATABASE_URL: url, NODE_ENV: 'development' },
        maxBuffer: 1 << 20,
      },
    );
    const verifySeconds = (performance.now() - verifyStart) / 1_000;
    const verification = JSON.parse(stdout) as { holds: boolean; checked: number };
    const result = {
      records: RECORDS,
      batch: BATCH,
      writers: WRITERS,
      writerSeconds: SECONDS,
      points,
      fill: fills,
      verification: {
        holds: verification.holds,
        checked: verification.checked,
        seconds: round(verifySeconds),
        recordsPerSecond: Math.round(verification.checked / verifySeconds),
      },
      final: await sizes(pool),
    };
    process.stdout.write(`${JSON.stringify(result.verification)}\n`);
    process.stdout.write(`${await writeResult(RESULT, result)}\n`);
  } finally {
    await closeDatabase();
    await pool.end();
    // Its database holds nothing worth keeping; a megacity's trail is gigabytes.
    const admin = new pg.Client({ connectionString: baseUrl });
    await admin.connect();
    await admin.query('drop database if exists cityops_chain_bench with (force)');
    await admin.end();
  }
}

await main();
