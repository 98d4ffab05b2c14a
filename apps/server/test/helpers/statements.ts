import { vi } from 'vitest';
import { policyGuard } from '../../src/db/write-guard.js';
import type { TestApp } from './test-app.js';

/**
 * The statements sent while `work` runs: drizzle logs every statement of both drivers
 * (db/write-guard.ts). With `countTransactionsOf`, each transaction of that app's database
 * counts as a `begin` and a `commit` (PGlite's own begin and commit are not logged,
 * PostgreSQL's are, so they are counted here the same way for both).
 */
export async function statementsOf(
  work: () => Promise<void>,
  options: { countTransactionsOf?: TestApp } = {},
): Promise<string[]> {
  const statements: string[] = [];
  const counted = options.countTransactionsOf;
  const logged = vi.spyOn(policyGuard, 'logQuery').mockImplementation((query) => {
    if (!counted || !/^\s*(begin|commit)\b/i.test(query)) statements.push(query);
  });
  const db = counted?.database.db;
  const transaction = db?.transaction.bind(db);
  const transactions =
    db && transaction
      ? vi.spyOn(db, 'transaction').mockImplementation((run, config) => {
          statements.push('begin');
          return transaction(run, config).finally(() => statements.push('commit'));
        })
      : undefined;
  try {
    await work();
  } finally {
    logged.mockRestore();
    transactions?.mockRestore();
  }
  return statements;
}
