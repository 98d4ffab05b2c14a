import { sql } from 'drizzle-orm';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { afterEach, describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/client.js';
import { migrateAndSeed, migrationsFolder } from '../../src/db/migrate.js';
import { seed } from '../../src/seed/index.js';
import { TEST_EPOCH } from '../helpers/constants.js';
import { testSealer } from '../helpers/test-sealer.js';
import { type EmptyDatabase, createEmptyDatabase } from '../helpers/empty-database.js';

// Seeded as a server seeds: its secrets sealed under a master key (the test one).
const seedDemo = (db: Db) =>
  seed(db, {
    sealer: testSealer(db),
    kind: 'demo',
    systemName: '城市运行管理服务平台',
    now: TEST_EPOCH,
    announce: () => undefined,
    product: { publicUrl: undefined, port: 3000 },
  });

const migrationCount = fs
  .readdirSync(migrationsFolder)
  .filter((file) => file.endsWith('.sql')).length;

interface Journal {
  entries: { idx: number; when: number; tag: string }[];
}
const journalFile = path.join(migrationsFolder, 'meta/_journal.json');
const journal = JSON.parse(fs.readFileSync(journalFile, 'utf8')) as Journal;

async function counts(db: Db) {
  const { rows } = await db.execute<Record<string, number>>(sql`
    select
      (select count(*)::int from users) as users,
      (select count(*)::int from roles) as roles,
      (select count(*)::int from organizations) as organizations,
      (select count(*)::int from departments) as departments,
      (select count(*)::int from menu_entries) as menu_entries,
      (select count(*)::int from settings) as settings,
      (select count(*)::int from rsa_keys) as rsa_keys,
      (select count(*)::int from drizzle.__drizzle_migrations) as migrations`);
  return rows[0]!;
}

const seeded = {
  roles: 6,
  organizations: 7,
  departments: 14,
  rsa_keys: 1,
};

describe('migrateAndSeed', () => {
  let empty: EmptyDatabase | undefined;
  afterEach(async () => {
    await empty?.drop();
    empty = undefined;
  }, 60_000);

  it('migrates an empty database and seeds it, and a second start changes nothing', async () => {
    empty = await createEmptyDatabase();
    const database = await empty.open();
    await migrateAndSeed(database, seedDemo);
    const first = await counts(database.db);
    expect(first).toMatchObject({ ...seeded, migrations: migrationCount });
    expect(first.menu_entries).toBeGreaterThan(10);
    expect(first.settings).toBeGreaterThanOrEqual(3);
    // The README's four demo accounts, and any later issues add.
    expect(first.users).toBeGreaterThanOrEqual(4);

    await migrateAndSeed(database, seedDemo);
    expect(await counts(database.db)).toEqual(first);
  }, 240_000);

  it('lists every migration once, each written after the one before', () => {
    // Drizzle runs only the entries whose time is after the last one a database ran:
    // an entry dated before it (drizzle-kit dates new ones by the clock, and earlier
    // entries were dated by hand) would never reach an installed database.
    expect(journal.entries.map((entry) => entry.idx)).toEqual(
      journal.entries.map((_, index) => index),
    );
    expect(journal.entries).toHaveLength(migrationCount);
    for (const [index, entry] of journal.entries.entries()) {
      expect(fs.existsSync(path.join(migrationsFolder, `${entry.tag}.sql`)), entry.tag).toBe(true);
      if (index > 0) {
        expect(entry.when, entry.tag).toBeGreaterThan(journal.entries[index - 1]!.when);
      }
    }
  });

  it('runs the newest migration on a database migrated before it was written', async () => {
    const earlier = fs.mkdtempSync(path.join(os.tmpdir(), 'migrations-'));
    try {
      fs.cpSync(migrationsFolder, earlier, { recursive: true });
      fs.writeFileSync(
        path.join(earlier, 'meta/_journal.json'),
        JSON.stringify({ ...journal, entries: journal.entries.slice(0, -1) }),
      );
      empty = await createEmptyDatabase();
      const database = await empty.open();
      await database.withDedicatedConnection(async (db) => {
        if (database.driver === 'pglite') {
          await migratePglite(db as unknown as PgliteDatabase, { migrationsFolder: earlier });
        } else {
          await migratePg(db as unknown as NodePgDatabase, { migrationsFolder: earlier });
        }
      });
      await migrateAndSeed(database, seedDemo);
      expect((await counts(database.db)).migrations).toBe(migrationCount);
    } finally {
      fs.rmSync(earlier, { recursive: true, force: true });
    }
  }, 240_000);

  it.runIf(process.env.TEST_DATABASE === 'postgres')(
    'lets two instances migrate the same PostgreSQL database at once; it is seeded once',
    async () => {
      empty = await createEmptyDatabase();
      const instances = await Promise.all([empty.open(), empty.open(), empty.open()]);
      // Each instance runs the migrations and the seed with its own pool, at the same moment.
      const results = await Promise.allSettled(
        instances.map((database) => migrateAndSeed(database, seedDemo)),
      );
      expect(results.map((result) => result.status)).toEqual([
        'fulfilled',
        'fulfilled',
        'fulfilled',
      ]);

      const after = await counts(instances[0]!.db);
      expect(after).toMatchObject({ ...seeded, migrations: migrationCount });
      const { rows } = await instances[1]!.db.execute<{ code: string; n: number }>(
        sql`select code, count(*)::int as n from menu_entries group by code having count(*) > 1`,
      );
      expect(rows).toEqual([]);
      // The lock is released: someone else can take it at once.
      const { rows: lock } = await instances[2]!.db.execute<{ free: boolean }>(
        sql`select pg_try_advisory_lock(${0x636974796f7073n}) as free`,
      );
      expect(lock[0]!.free).toBe(true);
    },
    240_000,
  );
});
