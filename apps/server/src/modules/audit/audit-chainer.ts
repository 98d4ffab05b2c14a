import { sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../../db/client.js';

/**
 * The most waiting records one move takes: 500 are 50-60 ms of PostgreSQL's work, so a
 * reader behind a backlog waits a move at a time (docs/performance.md).
 */
export const RECORDS_PER_MOVE = 500;

/**
 * How long the records of commits wait for the next move: long enough that a busy
 * server's commits go many a move, short enough that the chain trails them by little.
 */
export const GATHER_MS = 20;

/** Told when a move fails: the records stay waiting, safe, for the next move. */
export type ChainFailure = (error: unknown) => void;

/**
 * Moves the changes' records waiting in `audit_trail_pending` into the chain
 * (drizzle/0034, 0035), after the commits that wrote them. A transaction that wrote a record
 * asks for a move once committed (repositories.ts) and answers without waiting for it:
 * a change waits for its own commit, never for the chain. Those that ask in the same
 * turn of the event loop, or while a move runs, go in the next move together.
 *
 * What reads the trail first waits for a move (`chain`): a move that returns has seen
 * every record committed before it began, whichever instance wrote it, so a reader
 * finds every change committed before it asked (audit-trail.service.ts).
 *
 * The move's own commit does not wait for the disk (`synchronous_commit` off for it
 * alone): the records are already durable where they wait, and a move lost in a crash of
 * the database is lost whole and made again by the next (at the server's start, on its
 * purge schedule and at its stop, app.ts).
 */
export class AuditChainer {
  private waiting: { resolve: () => void }[] = [];
  private soon: NodeJS.Timeout | undefined;
  private moving: Promise<void> | undefined;

  private onFailure: ChainFailure = () => {};

  constructor(private readonly db: Db) {}

  /** Where a failed move is told (the server's log, app.ts). */
  reportFailuresTo(onFailure: ChainFailure): void {
    this.onFailure = onFailure;
  }

  /**
   * Asks for a move within `GATHER_MS`, without waiting for it (after a commit that wrote
   * records): the commits of that while go in one move, whose cost is mostly its own
   * (about 1 ms for the statement, 0.1 ms a record).
   */
  chainSoon(): void {
    this.soon ??= setTimeout(() => {
      this.soon = undefined;
      void this.chain();
    }, GATHER_MS);
    this.soon.unref();
  }

  /**
   * Resolves once a move that began after this call has ended. A move that fails leaves
   * the records waiting and is reported to `onFailure`; the changes are committed and
   * their records durable, so no caller is failed for it.
   */
  chain(): Promise<void> {
    // The move asked for covers what a later one was asked for.
    clearTimeout(this.soon);
    this.soon = undefined;
    return new Promise((resolve) => {
      this.waiting.push({ resolve });
      this.moving ??= this.moveWhileAsked();
    });
  }

  private async moveWhileAsked(): Promise<void> {
    try {
      // The records of this turn's commits go with the first move.
      await new Promise(setImmediate);
      while (this.waiting.length > 0) {
        const asked = this.waiting.splice(0);
        try {
          await this.moveAll();
        } catch (error) {
          this.onFailure(error);
        }
        for (const waiter of asked) waiter.resolve();
        await new Promise(setImmediate);
      }
    } finally {
      this.moving = this.waiting.length > 0 ? this.moveWhileAsked() : undefined;
    }
  }

  /** Moves until none wait; returns how many were moved. */
  async moveAll(): Promise<number> {
    let total = 0;
    for (;;) {
      const [row] = rowsOf<{ moved: number }>(
        await this.db
          .execute(sql`select audit_trail_chain_pending(${RECORDS_PER_MOVE}::int) as "moved"
          from (select set_config('synchronous_commit', 'off', true)) as durability`),
      );
      const moved = Number(row?.moved ?? 0);
      total += moved;
      if (moved < RECORDS_PER_MOVE) return total;
    }
  }
}

/** One chainer per database handle: every repository on it shares the gathering. */
const chainers = new WeakMap<Db, AuditChainer>();

export function chainerOf(db: Db): AuditChainer {
  let chainer = chainers.get(db);
  if (!chainer) {
    chainer = new AuditChainer(db);
    chainers.set(db, chainer);
  }
  return chainer;
}
