import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import type { Database, Db } from './client.js';

/** Both `src/db` and `dist/db` sit two levels below the server package. */
export const migrationsFolder = fileURLToPath(new URL('../../drizzle', import.meta.url));

/** Any 64-bit number both instances agree on; this one spells "cityops". */
const MIGRATION_LOCK_KEY = 0x636974796f7073n;

/**
 * Runs the migrations and then `afterMigrate` (the seed) while holding a
 * PostgreSQL advisory lock, so several instances starting at once take turns
 * and only the first one seeds.
 */
export async function migrateAndSeed(
  database: Database,
  afterMigrate: (db: Db) => Promise<void>,
): Promise<void> {
  await database.withDedicatedConnection(async (db) => {
    await db.execute(sql`select pg_advisory_lock(${MIGRATION_LOCK_KEY})`);
    try {
      if (database.driver === 'pglite') {
        await migratePglite(db as unknown as PgliteDatabase, { migrationsFolder });
      } else {
        await migratePg(db as unknown as NodePgDatabase, { migrationsFolder });
      }
      await afterMigrate(db);
    } finally {
      await db.execute(sql`select pg_advisory_unlock(${MIGRATION_LOCK_KEY})`);
    }
  });
}
