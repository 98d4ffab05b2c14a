import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/**
 * The reliability suite's assertions (scale-out behind nginx). Not a project of
 * the root vitest.config.ts: they need nginx and start their own PostgreSQL, so
 * they run through `npm run reliability -- scale-out`, not `npm test`.
 */
export default defineConfig({
  resolve: {
    alias: {
      '@cityops/contract': fileURLToPath(
        new URL('../../packages/contract/src/index.ts', import.meta.url),
      ),
    },
  },
  test: {
    root: fileURLToPath(new URL('.', import.meta.url)),
    include: ['*.test.ts'],
    environment: 'node',
    testTimeout: 60_000,
    hookTimeout: 180_000,
    fileParallelism: false,
  },
});
