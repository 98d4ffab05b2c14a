import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { type Database, type Db, rowsOf } from './client.js';

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

/** The newest migration of this release, by the journal time drizzle records it under. */
let latestMigration: number | undefined;
function latestMigrationTime(): number {
  if (latestMigration === undefined) {
    const journal = JSON.parse(
      readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8'),
    ) as { entries: { when: number }[] };
    latestMigration = Math.max(...journal.entries.map((entry) => entry.when));
  }
  return latestMigration;
}

/**
 * Whether the database holds every migration of this release (readiness): drizzle
 * applies the journal's migrations newer than the last one it recorded, so the
 * newest recorded time must be the journal's newest.
 */
export async function migrationsApplied(db: Db): Promise<boolean> {
  const result = await db.execute(
    sql`select max(created_at)::text as latest from drizzle.__drizzle_migrations`,
  );
  const latest = rowsOf<{ latest: string | null }>(result)[0]?.latest;
  return latest !== null && latest !== undefined && Number(latest) >= latestMigrationTime();
}
