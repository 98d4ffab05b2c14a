import { LIST_COUNT_LIMIT } from '@cityops/contract';
import { count } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import type { Executor } from './client.js';

/** A list's total as the contract's page carries it (`pageTotalShape`). */
export interface CountedTotal {
  total: number;
  totalExact: boolean;
}

/**
 * The total of every paged list (issue 33): the rows of `rows` (the list's filtered
 * select, any one column) are counted up to `limit` + 1, so a count never reads more
 * than that many, however large the table; past `limit` the total is `limit` and
 * marked inexact. `limit` is a parameter so tests can pass it with a few rows.
 */
export async function countUpTo(
  db: Executor,
  rows: PgSelect,
  limit: number = LIST_COUNT_LIMIT,
): Promise<CountedTotal> {
  const counted = rows.limit(limit + 1).as('counted');
  const [row] = await db.select({ total: count() }).from(counted);
  const total = row?.total ?? 0;
  return total > limit ? { total: limit, totalExact: false } : { total, totalExact: true };
}
