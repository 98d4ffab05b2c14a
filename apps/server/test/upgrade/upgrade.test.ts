import fs from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import {
  type Database,
  type Db,
  PGLITE_EXTENSIONS,
  rowsOf,
  wrapPglite,
} from '../../src/db/client.js';
import { migrateAndSeed, migrationsFolder } from '../../src/db/migrate.js';
import { AuditTrailService } from '../../src/modules/audit/audit-trail.service.js';
import { noRememberedSessions } from '../../src/modules/auth/session-cache.js';
import { createRepositories } from '../../src/repositories.js';
import { seed } from '../../src/seed/index.js';
import { systemClock } from '../../src/lib/clock.js';
import { TEST_EPOCH } from '../helpers/constants.js';
import { type EmptyDatabase, createEmptyDatabase } from '../helpers/empty-database.js';
import { requestToken } from '../helpers/test-app.js';

/**
 * An installation of the previous release upgrades to this one (issue 23): the
 * release's own migrations, seed and audited requests made database.sql
 * (fixtures/previous-release/refresh.sh, run at each release); this release's
 * migrations and seed run on it as on a start, and nothing it held is lost.
 */
const dump = fs.readFileSync(
  new URL('../fixtures/previous-release/database.sql', import.meta.url),
  'utf8',
);

/** Rows per table as the dump holds them (`INSERT INTO schema.table ...`). */
function dumpedRows(): Map<string, number> {
  const rows = new Map<string, number>();
  for (const [, table] of dump.matchAll(/^INSERT INTO ([a-z_]+\.[a-z_]+) /gm)) {
    rows.set(table!, (rows.get(table!) ?? 0) + 1);
  }
  return rows;
}

/**
 * Tables whose rows a migration of this release removes on purpose, each with the
 * migration that does: the only tables allowed fewer rows after the upgrade.
 */
const REMOVED_BY_MIGRATIONS: Record<string, string> = {
  // 0018_reserved_entries_held_alone: a reserved entry held by another role.
  'public.role_menu_entries': '0018_reserved_entries_held_alone',
};

async function count(db: Db, table: string): Promise<number> {
  const [schema, name] = table.split('.');
  const result = await db.execute(
    sql`select count(*)::int as n from ${sql.identifier(schema!)}.${sql.identifier(name!)}`,
  );
  return rowsOf<{ n: number }>(result)[0]!.n;
}

/** The previous release's database, loaded into an empty one on this run's driver. */
async function loadPreviousRelease(): Promise<{ database: Database; drop: () => Promise<void> }> {
  if (process.env.TEST_DATABASE === 'postgres') {
    const empty: EmptyDatabase = await createEmptyDatabase();
    // Its own connection: the dump empties the search path for the session it runs in.
    const loader = new pg.Client({ connectionString: empty.url });
    await loader.connect();
    await loader.query(dump);
    await loader.end();
    return { database: await empty.open(), drop: () => empty.drop() };
  }
  const client = new PGlite({ extensions: PGLITE_EXTENSIONS });
  await client.exec(dump);
  await client.exec('reset search_path');
  const database = await wrapPglite(client);
  return { database, drop: () => database.close() };
}

describe('upgrade from the previous release', () => {
  let database: Database;
  let drop: () => Promise<void>;
  const before = dumpedRows();

  beforeAll(async () => {
    ({ database, drop } = await loadPreviousRelease());
  }, 120_000);
  afterAll(async () => {
    await drop?.();
  }, 60_000);

  it('holds the previous release: its migrations, accounts and audit records', () => {
    expect(before.get('drizzle.__drizzle_migrations')).toBeGreaterThan(0);
    expect(before.get('public.users')).toBeGreaterThan(0);
    expect(before.get('public.audit_trail')).toBeGreaterThanOrEqual(3);
    // Something to upgrade: this release has migrations the previous one did not.
    const migrations = fs.readdirSync(migrationsFolder).filter((f) => f.endsWith('.sql'));
    expect(migrations.length).toBeGreaterThan(before.get('drizzle.__drizzle_migrations')!);
  });

  it("runs this release's migrations and seed, keeping every row and the audit chain", async () => {
    // The previous release's database, read only: no BindingMac, whose key would be made
    // (under the test master key) before this release's start makes its own.
    const repositories = createRepositories(database.db, noRememberedSessions, undefined);
    const audit = new AuditTrailService({
      audit: repositories.audit,
      settings: repositories.settings,
      clock: systemClock,
    });
    // Each record's hash as the previous release's own digest gives it (this release's
    // verification reads a table that release does not have: drizzle/0034).
    expect(
      rowsOf(
        await database.db.execute(
          sql`select count(*)::int as n from audit_trail t where t.hash <> audit_trail_digest(t)`,
        ),
      ),
    ).toEqual([{ n: 0 }]);
    const trailBefore = rowsOf<{ seq: number; hash: string }>(
      await database.db.execute(sql`select seq, hash from audit_trail order by seq`),
    );
    const usersBefore = rowsOf<Record<string, unknown>>(
      await database.db.execute(
        sql`select id, username, name, mobile, password_hash from users order by id`,
      ),
    );

    await migrateAndSeed(database, (db) =>
      seed(db, {
        kind: 'demo',
        systemName: '城市运行管理服务平台',
        now: TEST_EPOCH,
        announce: () => undefined,
        product: { publicUrl: undefined, port: 3000 },
      }),
    );

    const migrations = fs.readdirSync(migrationsFolder).filter((f) => f.endsWith('.sql'));
    expect(await count(database.db, 'drizzle.__drizzle_migrations')).toBe(migrations.length);
    for (const [table, rows] of before) {
      if (table === 'drizzle.__drizzle_migrations') continue;
      const after = await count(database.db, table);
      if (REMOVED_BY_MIGRATIONS[table]) expect(after, table).toBeGreaterThan(0);
      else expect(after, table).toBeGreaterThanOrEqual(rows);
    }
    // Accounts and their password hashes are as they were; the audit records too.
    expect(
      rowsOf(
        await database.db.execute(
          sql`select id, username, name, mobile, password_hash from users order by id`,
        ),
      ),
    ).toEqual(usersBefore);
    expect(
      rowsOf(
        await database.db.execute(
          sql`select seq, hash from audit_trail where seq <= ${trailBefore.length} order by seq`,
        ),
      ),
    ).toEqual(trailBefore);
    const chain = await audit.verify();
    expect(chain).toMatchObject({ holds: true });
    expect(chain.checked).toBeGreaterThanOrEqual(trailBefore.length);
  }, 240_000);

  it('starts on the upgraded database: an account of the old release signs in', async () => {
    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: ':memory:',
      LOG_LEVEL: 'silent',
      WEB_DIST_DIR: '/nonexistent',
    });
    // The previous release kept numbers in clear: this release's start seals them (issue 30).
    const clearMobiles = rowsOf<{ id: number; mobile: string }>(
      await database.db.execute(sql`select id, mobile from users where mobile <> '' order by id`),
    );
    expect(clearMobiles.length).toBeGreaterThan(0);
    const app = await buildApp(config, {
      database: { ...database, close: async () => undefined },
    });
    try {
      await app.ready();
      const sealed = rowsOf<{ id: number; mobile: string; mobile_index: string | null }>(
        await database.db.execute(
          sql`select id, mobile, mobile_index from users where mobile <> '' order by id`,
        ),
      );
      expect(sealed.map((row) => row.id)).toEqual(clearMobiles.map((row) => row.id));
      for (const [index, row] of sealed.entries()) {
        const clear = clearMobiles[index]!.mobile;
        expect(row.mobile).not.toContain(clear);
        expect(await app.services.personalData.openMobile(row.mobile)).toBe(clear);
        expect(row.mobile_index).toBe(await app.services.personalData.mobileIndex(clear));
      }
      const token = await requestToken(app, { username: 'admin', password: 'Admin@2026' });
      expect(token.json()).toMatchObject({ boolSuccess: true });
      const users = await app.inject({
        method: 'GET',
        url: '/api/system/users?keyword=upgrade.check',
        headers: { authorization: `Bearer ${token.json().data.access_token}` },
      });
      expect(users.json().data.list.map((u: { username: string }) => u.username)).toEqual([
        'upgrade.check',
      ]);
      // An account of the old release is found by its whole number, sealed at the upgrade.
      const byNumber = await app.inject({
        method: 'GET',
        url: '/api/system/users?keyword=13912345678',
        headers: { authorization: `Bearer ${token.json().data.access_token}` },
      });
      expect(byNumber.json().data.list).toMatchObject([
        { username: 'operator', mobile: '13912345678' },
      ]);
      // The sign-in is a new record on the carried-over chain, which still holds.
      const chain = await app.services.auditTrail.verify();
      expect(chain.holds).toBe(true);
    } finally {
      await app.close();
    }
  }, 120_000);
});
