import { randomBytes } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { type Database, PGLITE_EXTENSIONS, openDatabase, wrapPglite } from '../../src/db/client.js';
import { withDatabase } from './global-setup.js';

export interface EmptyDatabase {
  /** The PostgreSQL address of the new database; undefined on PGlite. */
  url: string | undefined;
  /** Opens a connection (a pool on PostgreSQL); on PGlite always the same one. */
  open(): Promise<Database>;
  /** Closes what was opened and drops the database. */
  drop(): Promise<void>;
}

/** A database with no tables at all, as on a first start. */
export async function createEmptyDatabase(): Promise<EmptyDatabase> {
  if (process.env.TEST_DATABASE === 'postgres') {
    const server = process.env.DATABASE_URL!;
    const name = `cityops_e_${process.pid}_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: server });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = withDatabase(server, name);
    const opened: Database[] = [];
    return {
      url,
      async open() {
        const database = await openDatabase({ databaseUrl: url, dataDir: '', poolSize: 4 });
        opened.push(database);
        return database;
      },
      async drop() {
        for (const database of opened) await database.close().catch(() => undefined);
        const dropper = new pg.Client({ connectionString: server });
        await dropper.connect();
        await dropper.query(`drop database if exists ${name} with (force)`);
        await dropper.end();
      },
    };
  }
  const client = new PGlite({ extensions: PGLITE_EXTENSIONS });
  const database = await wrapPglite(client);
  return {
    url: undefined,
    // PGlite is one connection: every "instance" shares it, and closing is left to drop().
    open: async () => ({ ...database, close: async () => undefined }),
    drop: () => database.close(),
  };
}
