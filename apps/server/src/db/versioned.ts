import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable, PgUpdateSetSource } from 'drizzle-orm/pg-core';
import { type AppError, changedByOthers, notFound } from '../lib/app-error.js';
import type { Executor } from './client.js';

/** A table whose rows carry an id and a version that every change moves on by one. */
export type VersionedTable = PgTable & { id: PgColumn; version: PgColumn };

/**
 * What became of a write made on a version: done; someone changed the row first;
 * the row is gone; or (a delete) a rule of the row's own, such as children that
 * still point at it, held it back.
 */
export type VersionedOutcome = 'ok' | 'conflict' | 'missing' | 'blocked';

/**
 * Changes a row if it is still at `version`, moving the version on by one in the same
 * statement; a row that moved on answers 'conflict', a row that is gone 'missing'.
 * Every versioned table is written through this and `deleteVersioned`, so a client's
 * stale copy never overwrites a newer one (docs/architecture.md, "A versioned record").
 */
export async function updateVersioned<T extends VersionedTable>(
  db: Executor,
  table: T,
  id: number | string,
  version: number,
  values: PgUpdateSetSource<T>,
): Promise<Exclude<VersionedOutcome, 'blocked'>> {
  const versionColumn = table.version;
  const rows = (await db
    .update(table as PgTable)
    .set({ ...values, version: sql`${versionColumn} + 1` } as PgUpdateSetSource<PgTable>)
    .where(and(eq(table.id, id), eq(versionColumn, version)))
    .returning({ id: table.id })) as unknown[];
  if (rows.length > 0) return 'ok';
  return (await versionOf(db, table, id)) === null ? 'missing' : 'conflict';
}

/**
 * Deletes a row at `version` in one statement with the conditions that must still hold
 * (`unless`: no child, no user...), so nothing slips in between a check and the delete.
 */
export async function deleteVersioned<T extends VersionedTable>(
  db: Executor,
  table: T,
  id: number | string,
  version: number,
  conditions: SQL[] = [],
): Promise<VersionedOutcome> {
  const rows = (await db
    .delete(table as PgTable)
    .where(and(eq(table.id, id), eq(table.version, version), ...conditions))
    .returning({ id: table.id })) as unknown[];
  if (rows.length > 0) return 'ok';
  const current = await versionOf(db, table, id);
  if (current === null) return 'missing';
  return current === version ? 'blocked' : 'conflict';
}

async function versionOf(
  db: Executor,
  table: VersionedTable,
  id: number | string,
): Promise<number | null> {
  const [row] = (await db
    .select({ version: table.version })
    .from(table as PgTable)
    .where(eq(table.id, id))) as { version: number }[];
  return row?.version ?? null;
}

/**
 * The one answer to a versioned write that did not happen: 404 for a row that is gone,
 * 409 "changed by someone else" for a stale version, and for a delete that a rule of
 * the row held back the domain's own error.
 */
export function expectWritten(outcome: VersionedOutcome, blocked?: () => AppError): void {
  if (outcome === 'ok') return;
  if (outcome === 'missing') throw notFound();
  if (outcome === 'blocked' && blocked) throw blocked();
  throw changedByOthers();
}

/** A write that changes a versioned row without a version of the client's (a reset password). */
export function nextVersion(table: VersionedTable): SQL {
  return sql`${table.version} + 1`;
}
