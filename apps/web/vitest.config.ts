import { fileURLToPath } from 'node:url';
import { defineProject } from 'vitest/config';

export default defineProject({
  resolve: {
    alias: {
      '@': fileURLToPath(new URL('./src', import.meta.url)),
      '@cityops/contract': fileURLToPath(
        new URL('../../packages/contract/src/index.ts', import.meta.url),
      ),
    },
  },
  test: {
    name: 'web',
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'jsdom',
    globals: true,
    setupFiles: ['./src/testing/setup-tests.ts'],
    testTimeout: 15_000,
    // One module graph per worker, not per file: antd, React and the app are imported
    // once, not 95 times (273 s to 120-134 s for the web suite alone, docs/testing.md). What
    // a file leaves in a module is reset by src/testing/setup-tests.ts; a file must not
    // vi.mock a module another file imports (the first import wins).
    isolate: false,
    unstubGlobals: true,
    unstubEnvs: true,
  },
});
