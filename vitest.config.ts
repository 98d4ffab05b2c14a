import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const contractSource = fileURLToPath(new URL('./packages/contract/src/index.ts', import.meta.url));

/**
 * Every unit and integration suite. The server suite runs on PGlite and, when
 * DATABASE_URL is set, a second time on that PostgreSQL server.
 */
const serverProject = (database: 'pglite' | 'postgres') => ({
  resolve: { alias: { '@cityops/contract': contractSource } },
  test: {
    name: `server-${database}`,
    root: './apps/server',
    include: ['test/**/*.test.ts'],
    environment: 'node',
    // CITYOPS_TEST_PASSWORD_HASHING: the test-only argon2 parameters (lib/passwords.ts).
    env: { TEST_DATABASE: database, CITYOPS_TEST_PASSWORD_HASHING: 'fast' },
    globalSetup: ['./test/helpers/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

export default defineConfig({
  test: {
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
      ...(process.env.DATABASE_URL ? [serverProject('postgres')] : []),
      './apps/web/vitest.config.ts',
    ],
  },
});
