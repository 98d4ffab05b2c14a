import { type SQL, eq, sql } from 'drizzle-orm';
import type { PgColumn, PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.js';
import { type CountedTotal, countUpTo } from '../../db/paging.js';
import {
  type VersionedOutcome,
  type VersionedTable,
  deleteVersioned,
  updateVersioned,
} from '../../db/versioned.js';

/** A row of a console resource's table, its columns by name (the contract's schemas check it). */
export type RecordRow = Record<string, unknown>;

/**
 * The SQL of one plain versioned table, for the console resources
 * (`modules/<module>/<module>.resource.ts`): a page by a filter and an order, a
 * row, an insert, and the versioned update and delete of db/versioned.ts. No rules:
 * what the filter is, what holds a delete back and what a clash means are the
 * resource's (console-resource.ts). `Repositories.records(table)` makes one on the
 * pool or on a command's transaction.
 */
export class RecordRepository {
  constructor(
    private readonly db: Executor,
    private readonly table: VersionedTable,
  ) {}

  async page(
    where: SQL | undefined,
    orderBy: readonly PgColumn[],
    offset: number,
    limit: number,
  ): Promise<CountedTotal & { list: RecordRow[] }> {
    const { db, table } = this;
    const counted = await countUpTo(
      db,
      db.select({ id: table.id }).from(table).where(where).$dynamic(),
    );
    const list = await db
      .select()
      .from(table)
      .where(where)
      .orderBy(...orderBy, table.id)
      .limit(limit)
      .offset(offset);
    return { ...counted, list };
  }

  async find(id: number): Promise<RecordRow | null> {
    const [row] = await this.db.select().from(this.table).where(eq(this.table.id, id));
    return row ?? null;
  }

  async insert(values: RecordRow): Promise<number> {
    const [row] = (await this.db
      .insert(this.table)
      .values(values as VersionedTable['$inferInsert'])
      .returning({ id: this.table.id })) as { id: number }[];
    return row!.id;
  }

  update(id: number, version: number, values: RecordRow): Promise<VersionedOutcome> {
    return updateVersioned(
      this.db,
      this.table,
      id,
      version,
      values as PgUpdateSetSource<VersionedTable>,
    );
  }

  /** Deletes at `version` while no row points at it through `referencedBy` ('blocked' otherwise). */
  delete(
    id: number,
    version: number,
    referencedBy: readonly PgColumn[],
  ): Promise<VersionedOutcome> {
    return deleteVersioned(
      this.db,
      this.table,
      id,
      version,
      referencedBy.map(
        (column) => sql`not exists (select 1 from ${column.table} where ${column} = ${id})`,
      ),
    );
  }
}
