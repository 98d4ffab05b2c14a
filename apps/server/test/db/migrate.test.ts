import { sql } from 'drizzle-orm';
import fs from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/client.js';
import { migrateAndSeed, migrationsFolder } from '../../src/db/migrate.js';
import { seed } from '../../src/seed/index.js';
import { TEST_EPOCH } from '../helpers/constants.js';
import { type EmptyDatabase, createEmptyDatabase } from '../helpers/empty-database.js';

const seedDemo = (db: Db) =>
  seed(db, {
    kind: 'demo',
    systemName: '城市运行管理服务平台',
    now: TEST_EPOCH,
    announce: () => undefined,
  });

const migrationCount = fs
  .readdirSync(migrationsFolder)
  .filter((file) => file.endsWith('.sql')).length;

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
