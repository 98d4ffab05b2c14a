import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/client.js';

describe('the embedded database on disk', () => {
  // A fresh PGlite folder runs initdb in WebAssembly: slow on a busy machine.
  it(
    'commits synchronously, so a write is in the files before it is acknowledged',
    { timeout: 180_000 },
    async () => {
      const dataDir = await mkdtemp(path.join(os.tmpdir(), 'cityops-durability-'));
      try {
        const database = await openDatabase({ dataDir });
        const result = await database.db.execute<{ value: string }>(
          sql`select current_setting('synchronous_commit') as value`,
        );
        await database.close();
        expect(result.rows[0]?.value).toBe('on');
      } finally {
        await rm(dataDir, { recursive: true, force: true });
      }
    },
  );
});
