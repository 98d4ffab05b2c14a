import fs from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import * as schema from './schema/index.js';

export type Schema = typeof schema;
/** The Drizzle database, the same type on PGlite and on PostgreSQL. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A Drizzle transaction handle; repositories accept either. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type Executor = Db | Tx;

export type DriverName = 'pglite' | 'postgres';

export interface Database {
  readonly db: Db;
  readonly driver: DriverName;
  /** Runs `work` on one connection that no other request shares (advisory locks). */
  withDedicatedConnection<T>(work: (db: Db) => Promise<T>): Promise<T>;
  ping(): Promise<void>;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  databaseUrl?: string | undefined;
  /** PGlite folder; `:memory:` for an in-memory database. */
  dataDir: string;
  /** Pool size on PostgreSQL. */
  poolSize?: number;
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options.poolSize ?? 10);
  if (options.dataDir === ':memory:') return wrapPglite(new PGlite());
  const folder = path.join(options.dataDir, 'pglite');
  await fs.mkdir(folder, { recursive: true });
  return wrapPglite(new PGlite(folder));
}

/** Wraps an already open PGlite (tests hand one in, loaded from a prepared dump). */
export async function wrapPglite(client: PGlite): Promise<Database> {
  await client.waitReady;
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    driver: 'pglite',
    // PGlite is a single connection already.
    withDedicatedConnection: (work) => work(db),
    async ping() {
      await client.query('select 1');
    },
    async close() {
      if (!client.closed) await client.close();
    },
  };
}

async function openPostgres(connectionString: string, max: number): Promise<Database> {
  const pool = new pg.Pool({ connectionString, max, idleTimeoutMillis: 30_000 });
  // A dropped connection must not take the process down; the pool replaces it.
  pool.on('error', () => undefined);
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  return {
    db,
    driver: 'postgres',
    async withDedicatedConnection(work) {
      const client = await pool.connect();
      try {
        return await work(drizzlePg(client, { schema }) as unknown as Db);
      } finally {
        client.release();
      }
    },
    async ping() {
      await db.execute(sql`select 1`);
    },
    async close() {
      await pool.end();
    },
  };
}
