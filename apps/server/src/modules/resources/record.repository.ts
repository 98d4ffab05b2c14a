import { type InferInsertModel, type InferSelectModel, type SQL, eq, sql } from 'drizzle-orm';
import type { PgColumn, PgTable, PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.js';
import { type CountedTotal, countUpTo } from '../../db/paging.js';
import {
  type VersionedOutcome,
  type VersionedTable,
  deleteVersioned,
  updateVersioned,
} from '../../db/versioned.js';

/** A table a console resource keeps (console-resource.ts): an id, a version, its columns. */
export type RecordTable = VersionedTable & PgTable;
export type RecordRow<T extends RecordTable> = InferSelectModel<T>;

/**
 * The SQL of one plain versioned table, for the console resources
 * (`modules/<module>/<module>.resource.ts`): a page by a filter and an order, a
 * row, an insert, and the versioned update and delete of db/versioned.ts. No rules:
 * what the filter is, what holds a delete back and what a clash means are the
 * resource's (console-resource.ts). `Repositories.records(table)` makes one on the
 * pool or on a command's transaction.
 */
export class RecordRepository<T extends RecordTable> {
  constructor(
    private readonly db: Executor,
    private readonly table: T,
  ) {}

  async page(
    where: SQL | undefined,
    orderBy: readonly PgColumn[],
    offset: number,
    limit: number,
  ): Promise<CountedTotal & { list: RecordRow<T>[] }> {
    const table = this.table as RecordTable;
    const counted = await countUpTo(
      this.db,
      this.db.select({ id: table.id }).from(table).where(where).$dynamic(),
    );
    const list = await this.db
      .select()
      .from(table)
      .where(where)
      .orderBy(...orderBy, table.id)
      .limit(limit)
      .offset(offset);
    return { ...counted, list: list as RecordRow<T>[] };
  }

  async find(id: number): Promise<RecordRow<T> | null> {
    const table = this.table as RecordTable;
    const [row] = await this.db.select().from(table).where(eq(table.id, id));
    return (row as RecordRow<T> | undefined) ?? null;
  }

  async insert(values: InferInsertModel<T>): Promise<number> {
    const table = this.table as RecordTable;
    const [row] = (await this.db
      .insert(table)
      .values(values as InferInsertModel<RecordTable>)
      .returning({ id: table.id })) as { id: number }[];
    return row!.id;
  }

  update(id: number, version: number, values: PgUpdateSetSource<T>): Promise<VersionedOutcome> {
    return updateVersioned(this.db, this.table, id, version, values);
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
