import type { FastifyInstance } from 'fastify';

/**
 * The apps built by test-app.ts (createTestApp, secondInstance) and not closed yet. The
 * server files share one module graph per worker (`isolate: false`, vitest.config.ts), so
 * this registry outlives a file: close-open-apps.ts fails the file that leaves one here.
 */
const openApps = new Set<FastifyInstance>();

/** Readies a built app and keeps it in the registry until it closes. */
export async function readyAndTrack(app: FastifyInstance): Promise<void> {
  // Before ready: Fastify takes no hook after it.
  app.addHook('onClose', async () => {
    openApps.delete(app);
  });
  await app.ready();
  openApps.add(app);
}

/**
 * Closes every app still open, the newest first (a second instance before the test app
 * whose database it shares), and answers how many there were.
 */
export async function closeOpenApps(): Promise<number> {
  const left = [...openApps].reverse();
  for (const app of left) await app.close();
  return left.length;
}
