import { EventEmitter } from 'node:events';
import fs from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pgcrypto } from '@electric-sql/pglite/contrib/pgcrypto';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { policyGuard } from './write-guard.js';
import pg from 'pg';
import * as schema from './schema/index.js';

export type Schema = typeof schema;
/**
 * What a raw `execute<Row>` answers on both drivers: node-postgres' `QueryResult` and
 * PGlite's `Results` each carry `rows`, so a caller (a test, a recursive walk) reads typed
 * rows without a cast.
 */
export interface RowsResultHKT extends PgQueryResultHKT {
  readonly type: RowsResult<this['row']>;
}
interface RowsResult<Row> {
  rows: Row[];
}
/** The Drizzle database, the same type on PGlite and on PostgreSQL. */
export type Db = PgDatabase<RowsResultHKT, Schema>;
/** A Drizzle transaction handle; repositories accept either. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type Executor = Db | Tx;

/**
 * The rows of a raw `execute` (SQL the query builder cannot write, such as a
 * recursive walk): both drivers answer `{ rows }`, typed differently.
 */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

export type DriverName = 'pglite' | 'postgres';

/** The connection pool now (metrics); null where the driver has no such thing. */
export interface PoolStats {
  max: number;
  /** Connections open, idle among them, queries waiting for one. */
  total: number | null;
  idle: number | null;
  waiting: number | null;
}

export interface Database {
  readonly db: Db;
  readonly driver: DriverName;
  /** Runs `work` on one connection that no other request shares (advisory locks). */
  withDedicatedConnection<T>(work: (db: Db) => Promise<T>): Promise<T>;
  ping(): Promise<void>;
  poolStats(): PoolStats;
  /**
   * Publishes to every instance on this database: PostgreSQL NOTIFY (delivered
   * to all listening servers), or an in-process event on PGlite (one process).
   */
  notify(channel: string, payload: string): Promise<void>;
  /** Receives what `notify` publishes on a channel; the result stops listening. */
  listen(channel: string, handler: (payload: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
  /**
   * PGlite in a folder only: copies the folder's files into `target` while no statement
   * runs: the image a killed process leaves, which PGlite recovers from as from a
   * restart (modules/backup). The database waits for as long as the copy takes.
   */
  copyFolder?(target: string): Promise<void>;
}

export interface DatabaseOptions {
  databaseUrl?: string | undefined;
  /** PGlite folder; `:memory:` for an in-memory database. */
  dataDir: string;
  /** Pool size on PostgreSQL. */
  poolSize?: number;
}

/**
 * PGlite's PostgreSQL keeps its shared buffers in the WebAssembly memory, i.e. in
 * the server's resident memory; PostgreSQL's default of 128 MB put the server on
 * PGlite at about 510 MB after the bench's load, 32 MB at about 320-370 MB
 * (issue 23, item 6: under 400 MB; docs/performance.md). A page not in them is
 * read from the data folder's files, which the operating system caches. Passed on
 * the command line, not in `postgresqlconf`, which would replace the folder's
 * postgresql.conf.
 */
export const PGLITE_START_PARAMS = [...PGlite.defaultStartParams, '-c', 'shared_buffers=32MB'];

/**
 * The extensions the migrations create (drizzle/0026: pg_trgm for the lists' keyword
 * indexes; 0028: pgcrypto for the audit chain's SM3). PostgreSQL has them installed;
 * PGlite loads them into each instance, so every PGlite that opens the product's
 * database is given these.
 */
export const PGLITE_EXTENSIONS = { pg_trgm, pgcrypto };

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options.poolSize ?? 10);
  if (options.dataDir === ':memory:') {
    return wrapPglite(
      new PGlite({ startParams: PGLITE_START_PARAMS, extensions: PGLITE_EXTENSIONS }),
    );
  }
  const folder = path.join(options.dataDir, 'pglite');
  await fs.mkdir(folder, { recursive: true });
  // An acknowledged write must survive the process being killed: each commit's WAL
  // reaches the operating system before the answer (synchronous_commit stays on, and
  // no relaxed durability, which would answer before the file system has the
  // change). PGlite's fsync cannot reach the disk on Node, so a power cut is
  // PostgreSQL's job: docs/reliability.md.
  return wrapPglite(
    new PGlite(folder, {
      relaxedDurability: false,
      startParams: PGLITE_START_PARAMS,
      extensions: PGLITE_EXTENSIONS,
    }),
  );
}

/** Wraps an already open PGlite (tests hand one in, loaded from a prepared dump). */
export async function wrapPglite(client: PGlite): Promise<Database> {
  await client.waitReady;
  // A folder on disk (not in memory, nor a test's loaded dump) can be copied.
  const folder = client.dataDir && !client.dataDir.includes('://') ? client.dataDir : undefined;
  const db = drizzlePglite(client, { schema, logger: policyGuard }) as unknown as Db;
  const events = new EventEmitter();
  events.setMaxListeners(0);
  return {
    db,
    driver: 'pglite',
    async notify(channel, payload) {
      // Asynchronous like NOTIFY: the publisher's own work finishes first.
      setImmediate(() => events.emit(channel, payload));
    },
    async listen(channel, handler) {
      events.on(channel, handler);
      return async () => {
        events.off(channel, handler);
      };
    },
    // PGlite is a single connection already.
    withDedicatedConnection: (work) => work(db),
    async ping() {
      await client.query('select 1');
    },
    // One connection, whose queue PGlite keeps to itself.
    poolStats: () => ({ max: 1, total: null, idle: null, waiting: null }),
    async close() {
      if (!client.closed) await client.close();
    },
    ...(folder && {
      async copyFolder(target: string) {
        // A checkpoint first, so a restore replays little WAL.
        await client.query('checkpoint');
        await client.runExclusive(() =>
          fs.cp(folder, target, {
            recursive: true,
            // The lock file of the process that has the folder open.
            filter: (source) => path.basename(source) !== 'postmaster.pid',
          }),
        );
      },
    }),
  };
}

/**
 * Time limits on PostgreSQL, so that no request waits past the web client's 10 s
 * timeout when the database is slow or gone; the failure then answers 503 with
 * Retry-After (error-handler.ts). docs/reliability.md has the figures.
 */
export const POSTGRES_TIMEOUTS = {
  /** Opening a connection, or waiting for a free one in the pool. */
  connectMs: 3_000,
  /** The server cancels a statement running longer (`statement_timeout`). */
  statementMs: 5_000,
  /** The client gives up on an answer, e.g. when the server is frozen and cannot cancel. */
  queryMs: 7_000,
};

async function openPostgres(connectionString: string, max: number): Promise<Database> {
  const pool = new pg.Pool({
    connectionString,
    max,
    idleTimeoutMillis: 30_000,
    connectionTimeoutMillis: POSTGRES_TIMEOUTS.connectMs,
    statement_timeout: POSTGRES_TIMEOUTS.statementMs,
    query_timeout: POSTGRES_TIMEOUTS.queryMs,
    // Finds a connection whose server vanished without closing it.
    keepAlive: true,
  });
  // A dropped connection must not take the process down; the pool replaces it.
  pool.on('error', () => undefined);
  // A checked-out connection that breaks between two queries of a transaction emits
  // 'error' too, and pg-pool listens only on idle ones: an unheard 'error' would end
  // the process. The failed query reports it; the pool drops the broken connection.
  pool.on('connect', (client) => client.on('error', () => undefined));
  const db = drizzlePg(pool, { schema, logger: policyGuard }) as unknown as Db;
  const listeners = new Set<PgListener>();
  return {
    db,
    driver: 'postgres',
    async notify(channel, payload) {
      await pool.query('select pg_notify($1, $2)', [channel, payload]);
    },
    async listen(channel, handler) {
      const listener = new PgListener(connectionString, channel, handler);
      listeners.add(listener);
      await listener.start();
      return async () => {
        listeners.delete(listener);
        await listener.stop();
      };
    },
    // Not a pooled connection: the migrations wait for the advisory lock and may run
    // longer than the pool's time limits allow a request.
    async withDedicatedConnection(work) {
      const client = new pg.Client({ connectionString, keepAlive: true });
      client.on('error', () => undefined);
      await client.connect();
      try {
        return await work(drizzlePg(client, { schema, logger: policyGuard }) as unknown as Db);
      } finally {
        await client.end().catch(() => undefined);
      }
    },
    async ping() {
      await db.execute(sql`select 1`);
    },
    poolStats: () => ({
      max,
      total: pool.totalCount,
      idle: pool.idleCount,
      waiting: pool.waitingCount,
    }),
    async close() {
      await Promise.all([...listeners].map((listener) => listener.stop()));
      listeners.clear();
      await pool.end();
    },
  };
}

/**
 * A LISTEN on its own connection (a pooled one would be handed to others).
 * A dropped connection is re-opened with a growing delay; notifications sent
 * while it was down are lost, so `handler` receives '' after a reconnect to
 * let the subscriber resynchronise.
 */
class PgListener {
  private client: pg.Client | null = null;
  private stopped = false;
  private retryDelay = 500;
  private retryTimer: NodeJS.Timeout | null = null;

  constructor(
    private readonly connectionString: string,
    private readonly channel: string,
    private readonly handler: (payload: string) => void,
  ) {}

  async start(): Promise<void> {
    const client = new pg.Client({ connectionString: this.connectionString });
    client.on('notification', (message) => {
      if (message.channel === this.channel) this.handler(message.payload ?? '');
    });
    client.on('error', () => this.onBroken(client));
    client.on('end', () => this.onBroken(client));
    try {
      await client.connect();
      await client.query(`listen "${this.channel.replaceAll('"', '""')}"`);
    } catch (error) {
      await client.end().catch(() => undefined);
      throw error;
    }
    if (this.stopped) {
      await client.end().catch(() => undefined);
      return;
    }
    this.client = client;
    this.retryDelay = 500;
  }

  private onBroken(client: pg.Client): void {
    if (this.client !== client) return;
    this.client = null;
    client.end().catch(() => undefined);
    this.scheduleRestart();
  }

  private scheduleRestart(): void {
    if (this.stopped || this.retryTimer) return;
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      this.start().then(
        () => this.handler(''),
        () => {
          this.retryDelay = Math.min(this.retryDelay * 2, 30_000);
          this.scheduleRestart();
        },
      );
    }, this.retryDelay);
    this.retryTimer.unref();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => undefined);
  }
}
