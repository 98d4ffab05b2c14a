import { fileURLToPath } from 'node:url';
import { configDefaults, defineConfig } from 'vitest/config';

const contractSource = fileURLToPath(new URL('./packages/contract/src/index.ts', import.meta.url));

/**
 * The server test files whose behaviour depends on the database driver, so they run on
 * PGlite even when the suite runs on PostgreSQL (docs/testing.md):
 * - db/: the client of each driver, its error mapping, migrations, fsync and durability;
 * - backup/ and upgrade/: the PGlite folder copy vs pg_dump, migrating an older release;
 * - the key hierarchy: secrets sealed at rest and their rotation, on each database;
 * - seed/: seeding an empty database of each kind;
 * - health and metrics: they report the driver and its pool, and lose the database;
 * - live notifications and the session cache: notify/listen is an in-process event on
 *   PGlite and NOTIFY on PostgreSQL;
 * - the password transaction: a rollback on PGlite's single connection;
 * - personal data at rest: pg_dump on PostgreSQL, the data folder a backup copies on PGlite;
 * - smoke/: one signed-in request to every module on PGlite, so every route still
 *   meets PGlite's SQL.
 * Paths are relative to apps/server.
 */
const pgliteDriverAwareFiles = [
  'test/db/**/*.test.ts',
  'test/backup/**/*.test.ts',
  'test/modules/secrets/key-hierarchy.test.ts',
  'test/upgrade/**/*.test.ts',
  'test/seed/**/*.test.ts',
  'test/smoke/**/*.test.ts',
  'test/management/metrics.test.ts',
  'test/modules/health/health.test.ts',
  'test/modules/notifications/live.test.ts',
  'test/modules/auth/session-cache.test.ts',
  'test/modules/password/password-transaction.test.ts',
  'test/modules/organization/personal-data.test.ts',
];

/**
 * Files that open a PGlite of their own whatever TEST_DATABASE says (the embedded
 * database's folder on disk, migration 0010 replayed on PGlite): the PostgreSQL project
 * leaves them to the PGlite one instead of running them a second time.
 */
const pgliteOnlyFiles = ['test/db/durability.test.ts', 'test/db/migration-permissions.test.ts'];

/**
 * Files in the driver-aware folders that use no database at all (the write guard's table
 * names, a sealed backup file's format, the drizzle snapshots): the PostgreSQL project
 * runs them, so under DATABASE_URL the PGlite project leaves them out.
 */
const databaseFreeFiles = [
  'test/db/write-guard.test.ts',
  'test/db/drizzle-snapshots.test.ts',
  'test/backup/backup-seal.test.ts',
];

/**
 * With DATABASE_URL (CI) the whole server suite runs once on that PostgreSQL server and
 * only the driver-aware files above on PGlite. Without it (a developer's plain
 * `npm run test:unit`) the whole suite runs on PGlite.
 */
const onPostgres = Boolean(process.env.DATABASE_URL);

const serverProject = (database: 'pglite' | 'postgres') => ({
  resolve: { alias: { '@cityops/contract': contractSource } },
  test: {
    name: `server-${database}`,
    root: './apps/server',
    include: database === 'pglite' && onPostgres ? pgliteDriverAwareFiles : ['test/**/*.test.ts'],
    exclude: [
      ...configDefaults.exclude,
      ...(database === 'postgres' ? pgliteOnlyFiles : onPostgres ? databaseFreeFiles : []),
    ],
    environment: 'node',
    // One module graph per worker, not per file (docs/testing.md): the server suite on
    // PostgreSQL took 318 s isolated and 177 s shared (2 workers, quiet machine). Each
    // file builds its own app and databases (test/helpers/test-app.ts) and closes every
    // app it builds (a file that leaves one open fails: test/helpers/close-open-apps.ts);
    // a run with the files shuffled passes too.
    isolate: false,
    // CITYOPS_TEST_PASSWORD_HASHING: the test-only argon2 parameters (lib/passwords.ts).
    env: { TEST_DATABASE: database, CITYOPS_TEST_PASSWORD_HASHING: 'fast' },
    globalSetup: ['./test/helpers/global-setup.ts'],
    setupFiles: ['./test/helpers/close-open-apps.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

export default defineConfig({
  test: {
    // Two files at a time (the CI machine has 2 cores; vitest's default is cores - 1).
    // Each server file has databases of its own: a PGlite in its worker's memory, or a
    // PostgreSQL database named after the worker's pid and a random suffix
    // (test/helpers/test-app.ts), copied from the run's template.
    fileParallelism: true,
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'contract',
          root: './packages/contract',
          include: ['test/**/*.test.ts'],
          environment: 'node',
        },
      },
      serverProject('pglite'),
      ...(onPostgres ? [serverProject('postgres')] : []),
      './apps/web/vitest.config.ts',
    ],
  },
});
