import { chainerOf } from '../../src/modules/audit/audit-chainer.js';
import type { Db } from '../../src/db/client.js';

/**
 * Waits until every change's record committed so far is in the chain: a change answers
 * before its record is chained (audit/audit-chainer.ts), and the audit screen's reads wait
 * for that move themselves; a test reading `audit_trail` directly waits here first.
 */
export async function chained(target: { database: { db: Db } } | Db): Promise<void> {
  await chainerOf('database' in target ? target.database.db : target).chain();
}
