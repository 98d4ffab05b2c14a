import { afterAll } from 'vitest';
import { closeOpenApps } from './open-apps.js';

/**
 * A setup file of the server projects (vitest.config.ts), run before every file: a file
 * closes every app it builds (docs/testing.md). The files share one module graph per
 * worker, so an app left open runs on into the next file (a back-channel logout's
 * schedule ran on a pool that had ended). Registered before the file's own hooks, this
 * one runs after them; it closes what was left, so the next file is safe, and fails
 * this one.
 */
afterAll(async () => {
  const left = await closeOpenApps();
  if (left > 0) {
    throw new Error(
      `${left} app${left === 1 ? '' : 's'} built by createTestApp or secondInstance left open: ` +
        'close every app the file builds (docs/testing.md)',
    );
  }
});
