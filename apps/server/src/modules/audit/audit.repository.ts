import type {
  AuditAction,
  AuditActor,
  AuditFilter,
  AuditHashAlgorithm,
  AuditNames,
  AuditOutcome,
  AuditTargetKind,
  Language,
} from '@cityops/contract';
import { type SQL, and, asc, desc, eq, gt, inArray, lt, or, sql } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import { type Executor, rowsOf } from '../../db/client.js';
import { userStartsWith } from '../../db/like.js';
import { type AuditMetrics, noMetrics } from '../../lib/metrics.js';
import { currentTrace } from '../../lib/request-trace.js';
import { chainerOf } from './audit-chainer.js';
import {
  auditArchives,
  auditChainHead,
  auditTrail,
  auditTrailPending,
  auditVerifyCheckpoint,
  departments,
  gisLayers,
  guideCategories,
  menuEntries,
  organizations,
  roles,
  subsystems,
  users,
} from '../../db/schema/index.js';

/** The ids a record's before and after carry, by kind (roles by code). */
export interface AuditReferences {
  roles: string[];
  units: number[];
  departments: number[];
  entries: number[];
  subsystems: number[];
  users: number[];
  categories: number[];
  layers: number[];
}

/** Who did it, from where: copied into the record, so it outlives the account. */
export interface AuditSource {
  actorId: number | null;
  actorName: string | null;
  /** The first 16 characters of the session's token digest (never the token). */
  session: string | null;
  ipAddress: string | null;
  userAgent: string | null;
}

/** What was done, to what, with what result. */
export interface AuditEvent {
  action: AuditAction;
  outcome: AuditOutcome;
  reason?: string | null;
  target?: { kind: AuditTargetKind; id: string | number; name?: string | null } | null;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
}

export type AuditRow = typeof auditTrail.$inferSelect;

/** A position in the chain: a record's number and hash. */
export interface ChainPoint {
  seq: number;
  hash: string;
}

/** Where the chain stands: its head row, its newest record, its last archive's end. */
export interface ChainEnds {
  head: ChainPoint | null;
  /** The hash the head says new records take (drizzle/0028). */
  algorithm: AuditHashAlgorithm;
  last: ChainPoint | null;
  archive: ChainPoint | null;
  /** Changes' records committed and not chained yet (drizzle/0034). */
  waiting: number;
}

/** A stretch of the chain as the database recomputes it. */
export interface ChainLink {
  seq: number;
  prevHash: string;
  hash: string;
  /** The hash the record's content gives now. */
  expected: string;
}

/** One record to append: when, by whom, what. */
interface AuditRecordInput {
  at: Date;
  source: AuditSource;
  event: AuditEvent;
}

/** A view's record waiting for its statement, and the request waiting for it. */
interface PendingRecord {
  record: AuditRecordInput;
  resolve: () => void;
  reject: (error: unknown) => void;
}

/**
 * The most views' records one statement writes: 500 rows of the trail are about 250 kB
 * of parameters, well inside one statement's bounds, and about 45 ms of PostgreSQL's work.
 */
const VIEW_RECORDS_PER_STATEMENT = 500;

/** A record's columns as both tables hold them, each cut to its bound. */
function fieldsOf({ at, source, event }: AuditRecordInput) {
  return {
    at,
    actorId: source.actorId,
    actorName: source.actorName?.slice(0, 64) ?? null,
    ipAddress: source.ipAddress?.slice(0, 64) ?? null,
    userAgent: source.userAgent?.slice(0, 512) ?? null,
    reason: event.reason?.slice(0, 256) ?? null,
    targetKind: event.target?.kind ?? null,
    targetId: event.target ? String(event.target.id).slice(0, 64) : null,
    targetName: event.target?.name?.slice(0, 256) ?? null,
  };
}

/** The trail's SQL and nothing else: the chain itself is the trigger's (drizzle/0011). */
export class AuditRepository {
  /**
   * `metrics` hears of each record once it is committed: at once on the pool, at
   * the commit in a transaction (repositories.ts holds them until then).
   */
  constructor(
    private readonly db: Executor,
    private readonly metrics: AuditMetrics = noMetrics,
  ) {}

  /**
   * Appends one record; its actor's unit is read when it joins the chain (by a view's
   * statement, or by the move, milliseconds after a change's commit). In a transaction,
   * the record stands or falls with the change it records: it is written to the records
   * waiting (`audit_trail_pending`, drizzle/0034), and once the transaction
   * commits, its runner asks the chainer (audit-chainer.ts) to move them into the chain.
   * No write transaction holds the chain's head over its commit, and none waits for the
   * move. Outside a transaction, a change's record goes the same way. What reads the
   * trail waits for a move first (`chainWaiting`).
   *
   * `durability: 'deferred'` (a view's record, `AuditRecorder.recordViewBy`): outside a
   * transaction, the record's own statement commits without waiting for its WAL to
   * reach the disk (`synchronous_commit` off for that transaction alone, set within the
   * statement, issue 33). What a crash of the database may lose is the last views
   * recorded in the WAL writer's delay (at most three times `wal_writer_delay`, 600 ms by
   * default), whole and from the chain's end, so the chain still verifies; the next
   * synchronous commit (any write) makes them durable. docs/audit.md ("Durability of a
   * view's record").
   *
   * The chain's head is locked from a statement's insert to its commit (drizzle/0028's
   * trigger), so one record a statement would take the chain one commit at a time. A view's
   * records are written together: those that arrive in the same turn of the event loop,
   * or while a statement is writing, go in one statement and one commit (`writeViews`).
   * Chained exactly as one at a time, in the order they came.
   */
  async append(
    at: Date,
    source: AuditSource,
    event: AuditEvent,
    options: { durability?: 'deferred' } = {},
  ): Promise<void> {
    const record = { at, source, event };
    if (this.db instanceof PgTransaction) {
      // Chained once committed: the transaction's runner asks the chainer (repositories.ts).
      await this.insertWaiting(record);
    } else if (options.durability === 'deferred') {
      await new Promise<void>((resolve, reject) => {
        this.views.push({ record, resolve, reject });
        this.viewsWriting ??= this.writeViews();
      });
    } else {
      await this.insertWaiting(record);
      chainerOf(this.db).chainSoon();
    }
    // The route's declaration is held to this (plugins/request-trace.ts).
    currentTrace()?.recorded.push({ action: event.action, outcome: event.outcome });
    this.metrics.auditWritten(event);
  }

  /** Views' records waiting for the next statement (`append`). */
  private views: PendingRecord[] = [];
  private viewsWriting: Promise<void> | undefined;

  /**
   * Writes the waiting views' records, at most `VIEW_RECORDS_PER_STATEMENT` a statement,
   * until none wait. A statement that fails (the database gone) is tried again record by
   * record, so that one record the database refuses fails its own request alone.
   */
  private async writeViews(): Promise<void> {
    try {
      await this.writeWaitingViews();
    } finally {
      // A record that came after the last look, while this one was finishing, starts
      // the next writer: none is left waiting with nobody to write it.
      this.viewsWriting = this.views.length > 0 ? this.writeViews() : undefined;
    }
  }

  private async writeWaitingViews(): Promise<void> {
    // Each statement waits out the event loop's turn, so that the records of this turn's
    // requests (those a statement just let go among them) go with it.
    await new Promise(setImmediate);
    while (this.views.length > 0) {
      const batch = this.views.splice(0, VIEW_RECORDS_PER_STATEMENT);
      try {
        await this.insertViews(batch.map((pending) => pending.record));
        for (const pending of batch) pending.resolve();
      } catch (error) {
        if (batch.length === 1) {
          batch[0]!.reject(error);
          continue;
        }
        for (const pending of batch) {
          await this.insertViews([pending.record]).then(pending.resolve, pending.reject);
        }
      }
      await new Promise(setImmediate);
    }
  }

  /**
   * Views' records in one statement, in their order; each actor's unit read in it. The
   * records go as one JSON parameter: a VALUES list with a subquery a row took the
   * planner longer a row the more rows it had (500 records: 0.34 ms each, 10: 0.25).
   * `synchronous_commit` off for the statement's own transaction alone (`append`).
   */
  private async insertViews(records: readonly AuditRecordInput[]): Promise<void> {
    const rows = records.map((record, n) => {
      const fields = fieldsOf(record);
      return {
        n,
        at: fields.at.toISOString(),
        actor_id: fields.actorId,
        actor_name: fields.actorName,
        session: record.source.session,
        ip_address: fields.ipAddress,
        user_agent: fields.userAgent,
        action: record.event.action,
        outcome: record.event.outcome,
        reason: fields.reason,
        target_kind: fields.targetKind,
        target_id: fields.targetId,
        target_name: fields.targetName,
        before: record.event.before ?? null,
        after: record.event.after ?? null,
      };
    });
    await this.db.execute(sql`insert into ${auditTrail} (at, actor_id, actor_name, actor_unit,
             session, ip_address, user_agent, action, outcome, reason, target_kind, target_id,
             target_name, before, after)
      select r.at, r.actor_id, r.actor_name, o.name, r.session, r.ip_address, r.user_agent,
             r.action, r.outcome, r.reason, r.target_kind, r.target_id, r.target_name,
             r.before, r.after
        from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as r(
               n int, at timestamptz, actor_id int, actor_name text, session text,
               ip_address text, user_agent text, action text, outcome text, reason text,
               target_kind text, target_id text, target_name text, before jsonb, after jsonb)
        left join ${users} u on u.id = r.actor_id
        left join ${organizations} o on o.id = u.organization_id
        cross join (select set_config('synchronous_commit', 'off', true)) as durability
       order by r.n`);
  }

  /**
   * A change's record, to wait for its move: a plain insert, which the planner takes in
   * microseconds (the views' statement above costs about a millisecond alone). The
   * actor's unit is read by the move, for all the records it takes at once (drizzle/0035).
   */
  private async insertWaiting(record: AuditRecordInput): Promise<void> {
    const fields = fieldsOf(record);
    const { before, after } = record.event;
    await this.db.execute(sql`insert into ${auditTrailPending} (at, actor_id, actor_name,
        session, ip_address, user_agent, action, outcome, reason, target_kind, target_id,
        target_name, before, after)
      values (${fields.at.toISOString()}::timestamptz, ${fields.actorId}, ${fields.actorName},
        ${record.source.session}, ${fields.ipAddress}, ${fields.userAgent},
        ${record.event.action}, ${record.event.outcome}, ${fields.reason}, ${fields.targetKind},
        ${fields.targetId}, ${fields.targetName},
        ${before ? JSON.stringify(before) : null}::jsonb,
        ${after ? JSON.stringify(after) : null}::jsonb)`);
  }

  /**
   * Waits for a move of the records waiting (audit-chainer.ts): every record committed
   * before this call, by any instance, is in the chain when it returns. On the pool only.
   */
  async chainWaiting(): Promise<void> {
    if (this.db instanceof PgTransaction) {
      throw new Error('Records waiting are chained after their commit, not in a transaction');
    }
    await chainerOf(this.db).chain();
  }

  /** Newest first, `limit` records older than `before`. */
  async page(filter: AuditFilter, before: number | undefined, limit: number): Promise<AuditRow[]> {
    const where = [...conditionsOf(filter)];
    if (before !== undefined) where.push(lt(auditTrail.seq, before));
    return this.db
      .select()
      .from(auditTrail)
      .where(and(...where))
      .orderBy(desc(auditTrail.seq))
      .limit(limit);
  }

  /** The names (姓名) of a page's actors, in one read by primary key. */
  async actorNames(ids: readonly number[]): Promise<Map<number, string>> {
    if (ids.length === 0) return new Map();
    const rows = await this.db
      .select({ id: users.id, name: users.name })
      .from(users)
      .where(inArray(users.id, [...ids]));
    return new Map(rows.map((row) => [row.id, row.name]));
  }

  /**
   * The names of a record's ids in the reader's language (the English name, else the
   * Chinese one standing in): one read by primary key per kind, none for a kind not named.
   */
  async names(references: AuditReferences, language: Language): Promise<AuditNames> {
    const english = language === 'en';
    const named = (rows: { id: string | number; name: string; nameEn: string }[]) =>
      Object.fromEntries(rows.map((row) => [String(row.id), (english && row.nameEn) || row.name]));
    const columns = <
      T extends
        | typeof roles
        | typeof organizations
        | typeof departments
        | typeof menuEntries
        | typeof subsystems
        | typeof guideCategories
        | typeof gisLayers,
    >(
      table: T,
    ) => ({ id: table.id, name: table.name, nameEn: table.nameEn });
    const none = Promise.resolve([]);
    const [
      roleRows,
      unitRows,
      departmentRows,
      entryRows,
      subsystemRows,
      userRows,
      categoryRows,
      layerRows,
    ] = await Promise.all([
      references.roles.length
        ? this.db.select(columns(roles)).from(roles).where(inArray(roles.id, references.roles))
        : none,
      references.units.length
        ? this.db
            .select(columns(organizations))
            .from(organizations)
            .where(inArray(organizations.id, references.units))
        : none,
      references.departments.length
        ? this.db
            .select(columns(departments))
            .from(departments)
            .where(inArray(departments.id, references.departments))
        : none,
      references.entries.length
        ? this.db
            .select(columns(menuEntries))
            .from(menuEntries)
            .where(inArray(menuEntries.id, references.entries))
        : none,
      references.subsystems.length
        ? this.db
            .select(columns(subsystems))
            .from(subsystems)
            .where(inArray(subsystems.id, references.subsystems))
        : none,
      references.users.length
        ? this.db
            .select({ id: users.id, name: users.name, username: users.username })
            .from(users)
            .where(inArray(users.id, references.users))
        : Promise.resolve([] as { id: number; name: string; username: string }[]),
      references.categories.length
        ? this.db
            .select(columns(guideCategories))
            .from(guideCategories)
            .where(inArray(guideCategories.id, references.categories))
        : none,
      references.layers.length
        ? this.db
            .select(columns(gisLayers))
            .from(gisLayers)
            .where(inArray(gisLayers.id, references.layers))
        : none,
    ]);
    return {
      roles: named(roleRows),
      units: named(unitRows),
      departments: named(departmentRows),
      entries: named(entryRows),
      subsystems: named(subsystemRows),
      // A person by name and login name: two 张伟 are told apart.
      users: Object.fromEntries(
        userRows.map((row) => [String(row.id), `${row.name} (${row.username})`]),
      ),
      categories: named(categoryRows),
      layers: named(layerRows),
    };
  }

  /**
   * Accounts whose login name or name starts with `keyword` (case aside), by login name:
   * the 操作人 picker's read, each side a range of its prefix index (drizzle/0019).
   */
  async actors(keyword: string, offset: number, limit: number): Promise<AuditActor[]> {
    return this.db
      .select({ id: users.id, username: users.username, name: users.name })
      .from(users)
      .where(userStartsWith(keyword))
      .orderBy(sql`lower(${users.username})`)
      .limit(limit)
      .offset(offset);
  }

  async find(seq: number): Promise<AuditRow | null> {
    const [row] = await this.db.select().from(auditTrail).where(eq(auditTrail.seq, seq));
    return row ?? null;
  }

  /** Oldest first after `afterSeq`, for the export (bounded by `limit`). */
  async slice(filter: AuditFilter, afterSeq: number, limit: number): Promise<AuditRow[]> {
    return this.db
      .select()
      .from(auditTrail)
      .where(and(gt(auditTrail.seq, afterSeq), ...conditionsOf(filter)))
      .orderBy(asc(auditTrail.seq))
      .limit(limit);
  }

  /**
   * The next `limit` links after `afterSeq` and up to `throughSeq`, each with the hash
   * its content gives now.
   */
  async links(afterSeq: number, throughSeq: number, limit: number): Promise<ChainLink[]> {
    const result = await this.db.execute(sql`
      select t.seq::float8 as "seq", t.prev_hash as "prevHash", t.hash as "hash",
             audit_trail_digest(t) as "expected"
        from audit_trail t
       where t.seq > ${afterSeq} and t.seq <= ${throughSeq}
       order by t.seq
       limit ${limit}`);
    return rowsOf<ChainLink>(result).map((row) => ({ ...row, seq: Number(row.seq) }));
  }

  /** The records up to `seq` with the exact text their hashes were taken over (the archive). */
  async digestInputs(
    afterSeq: number,
    throughSeq: number,
    limit: number,
  ): Promise<{ seq: number; input: string; hash: string; algorithm: AuditHashAlgorithm }[]> {
    const result = await this.db.execute(sql`
      select t.seq::float8 as "seq", audit_trail_digest_input(t) as "input", t.hash as "hash",
             t.algorithm as "algorithm"
        from audit_trail t
       where t.seq > ${afterSeq} and t.seq <= ${throughSeq}
       order by t.seq
       limit ${limit}`);
    return rowsOf<{
      seq: number;
      input: string;
      hash: string;
      algorithm: AuditHashAlgorithm;
    }>(result).map((row) => ({
      ...row,
      seq: Number(row.seq),
    }));
  }

  /** The last record older than `cutoff` (what the archive may take). */
  async lastBefore(cutoff: Date): Promise<number | null> {
    const [row] = await this.db
      .select({ seq: auditTrail.seq })
      .from(auditTrail)
      .where(lt(auditTrail.at, cutoff))
      .orderBy(desc(auditTrail.seq))
      .limit(1);
    return row?.seq ?? null;
  }

  /**
   * The chain's ends in one statement, so they agree with each other while writers go
   * on: the head the insert trigger keeps, the newest record, and the last archive's end.
   * The head's algorithm is read as JSON so that a database from before drizzle/0028
   * (an upgrade's check before migrating) reads as the SHA-256 it was chained with.
   */
  async ends(): Promise<ChainEnds> {
    const result = await this.db.execute(sql`
      select h.seq::float8 as "headSeq", h.hash as "headHash",
             to_jsonb(h) ->> 'algorithm' as "algorithm",
             l.seq::float8 as "lastSeq", l.hash as "lastHash",
             a.seq_to::float8 as "archiveSeq", a.last_hash as "archiveHash",
             (select count(*) from audit_trail_pending)::float8 as "waiting"
        from (select 1) as one
        left join audit_chain_head h on true
        left join lateral (select t.seq, t.hash from audit_trail t
                            order by t.seq desc limit 1) l on true
        left join lateral (select r.seq_to, r.last_hash from audit_archives r
                            order by r.seq_to desc limit 1) a on true`);
    const [row] = rowsOf<{
      headSeq: number | null;
      headHash: string | null;
      algorithm: AuditHashAlgorithm | null;
      lastSeq: number | null;
      lastHash: string | null;
      archiveSeq: number | null;
      archiveHash: string | null;
      waiting: number | null;
    }>(result);
    const point = (seq: number | null | undefined, hash: string | null | undefined) =>
      seq === null || seq === undefined ? null : { seq: Number(seq), hash: hash ?? '' };
    return {
      head: point(row?.headSeq, row?.headHash),
      algorithm: row?.algorithm ?? 'SHA-256',
      last: point(row?.lastSeq, row?.lastHash),
      archive: point(row?.archiveSeq, row?.archiveHash),
      waiting: Number(row?.waiting ?? 0),
    };
  }

  async head(): Promise<{ seq: number; hash: string }> {
    const [row] = await this.db.select().from(auditChainHead);
    return { seq: row?.seq ?? 0, hash: row?.hash ?? '' };
  }

  /** The hash new records take, as the head names it. */
  async algorithm(): Promise<AuditHashAlgorithm> {
    const [row] = await this.db
      .select({ algorithm: auditChainHead.algorithm })
      .from(auditChainHead);
    return row?.algorithm === 'SM3' ? 'SM3' : 'SHA-256';
  }

  async latestArchive(): Promise<typeof auditArchives.$inferSelect | null> {
    const [row] = await this.db
      .select()
      .from(auditArchives)
      .orderBy(desc(auditArchives.seqTo))
      .limit(1);
    return row ?? null;
  }

  /** The oldest record's time, or null on an empty trail: the archive's next month. */
  async oldestTime(): Promise<Date | null> {
    const result = await this.db.execute(sql`select min(t.at) as "at" from audit_trail t`);
    const at = rowsOf<{ at: Date | string | null }>(result)[0]?.at ?? null;
    return at === null ? null : new Date(at);
  }

  /**
   * Makes the partitions of this month and the next `ahead` (UTC, by the database's
   * clock) that are missing (drizzle/0032): how many were made.
   */
  async prepareMonths(ahead = MONTHS_AHEAD): Promise<number> {
    const result = await this.db.execute(
      sql`select audit_trail_prepare_months(${ahead}::int) as "made"`,
    );
    return Number(rowsOf<{ made: number }>(result)[0]?.made ?? 0);
  }

  /** The first day (UTC) of each month that has a partition, oldest first. */
  async partitionMonths(): Promise<Date[]> {
    const result = await this.db.execute(sql`
      select c.relname as "name"
        from pg_inherits i join pg_class c on c.oid = i.inhrelid
       where i.inhparent = 'audit_trail'::regclass and c.relname ~ '^audit_trail_p[0-9]{6}$'
       order by c.relname`);
    return rowsOf<{ name: string }>(result).map(({ name }) => {
      const month = name.slice(-6);
      return new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(4)) - 1, 1));
    });
  }

  /**
   * Removes the archived records, in the archive command's transaction only: the month's
   * partition is detached and dropped (audit_trail_drop_month, drizzle/0032), and the
   * records of the stretch lying elsewhere (the default partition, or the next month's
   * first records written before the month's last) are deleted, which the trigger lets
   * through when this transaction says so and they are older than the law's six months.
   * Every record of the stretch must go, and nothing else: otherwise nothing does.
   */
  async removeArchived(
    archive: typeof auditArchives.$inferInsert,
    month: Date | null = null,
  ): Promise<void> {
    await this.db.execute(sql`select set_config('cityops.audit_archive', 'on', true)`);
    let removed = 0;
    if (month) {
      const result = await this.db.execute(
        sql`select audit_trail_drop_month(${month.toISOString()}::timestamptz,
              ${archive.seqFrom}, ${archive.seqTo})::float8 as "records"`,
      );
      removed += Number(rowsOf<{ records: number }>(result)[0]?.records ?? 0);
    }
    // In stretches, so that no statement outlasts the database's statement timeout.
    for (let from = archive.seqFrom - 1; from < archive.seqTo; from += 10_000) {
      const result = await this.db.execute(sql`
        with gone as (
          delete from audit_trail t
           where t.seq > ${from} and t.seq <= ${Math.min(from + 10_000, archive.seqTo)}
          returning 1)
        select count(*)::float8 as "records" from gone`);
      removed += Number(rowsOf<{ records: number }>(result)[0]?.records ?? 0);
    }
    const expected = archive.seqTo - archive.seqFrom + 1;
    if (removed !== expected) {
      throw new Error(
        `The archive of records ${archive.seqFrom} to ${archive.seqTo} found ${removed} of ${expected} in the table; nothing archived.`,
      );
    }
    await this.db.insert(auditArchives).values(archive);
    await this.db.execute(sql`select set_config('cityops.audit_archive', 'off', true)`);
  }

  /** Drops the partition of a month (UTC) older than the retention that holds no record. */
  async dropEmptyMonth(month: Date, archivedThrough: number): Promise<void> {
    await this.db.execute(sql`select set_config('cityops.audit_archive', 'on', true)`);
    await this.db.execute(
      sql`select audit_trail_drop_month(${month.toISOString()}::timestamptz,
            ${archivedThrough + 1}, ${archivedThrough})`,
    );
    await this.db.execute(sql`select set_config('cityops.audit_archive', 'off', true)`);
  }

  /** Where the last verification that saved its progress got to. */
  async checkpoint(): Promise<(ChainPoint & { fromSeq: number; verifiedAt: Date }) | null> {
    const [row] = await this.db.select().from(auditVerifyCheckpoint);
    return row
      ? { seq: row.seq, hash: row.hash, fromSeq: row.fromSeq, verifiedAt: row.verifiedAt }
      : null;
  }

  async saveCheckpoint(point: ChainPoint & { fromSeq: number; verifiedAt: Date }): Promise<void> {
    await this.db
      .insert(auditVerifyCheckpoint)
      .values({ id: true, ...point })
      .onConflictDoUpdate({
        target: auditVerifyCheckpoint.id,
        set: {
          seq: point.seq,
          hash: point.hash,
          fromSeq: point.fromSeq,
          verifiedAt: point.verifiedAt,
        },
      });
  }
}

/** How many months ahead of this one have their partition made (drizzle/0032). */
export const MONTHS_AHEAD = 3;

/**
 * How far a record's time may run behind a record written before it: the instances'
 * clocks (NTP) and the request deadline (8 s) between a change's time and its
 * insert keep it well under this.
 */
const TIME_ORDER_SLACK_MS = 60_000;

/** The years both JavaScript's ISO text and PostgreSQL read (PostgreSQL has no year 0). */
const EARLIEST = Date.parse('0001-01-01T00:00:00Z');
const LATEST = Date.parse('9999-12-31T23:59:59.999Z');
const timestamp = (at: number) =>
  sql`${new Date(Math.min(LATEST, Math.max(EARLIEST, at))).toISOString()}::timestamptz`;

function conditionsOf(filter: AuditFilter): SQL[] {
  const where: SQL[] = [];
  // A time range is also a range of seq, found with two one-row reads of the time
  // index, so the newest-first read of the range starts and stops inside it. Records
  // are chained in the order they are written and a record's time is taken just
  // before, so no record in the range lies beyond the first one written more than the
  // slack outside it (docs/audit.md, "Reading the trail").
  if (filter.from) {
    const from = Date.parse(filter.from);
    where.push(sql`${auditTrail.at} >= ${timestamp(from)}`);
    where.push(sql`${auditTrail.seq} > coalesce((select b.seq from audit_trail b
      where b.at < ${timestamp(from - TIME_ORDER_SLACK_MS)} order by b.at desc limit 1), 0)`);
  }
  if (filter.to) {
    const to = Date.parse(filter.to);
    where.push(sql`${auditTrail.at} <= ${timestamp(to)}`);
    where.push(sql`${auditTrail.seq} < coalesce((select b.seq from audit_trail b
      where b.at > ${timestamp(to + TIME_ORDER_SLACK_MS)} order by b.at asc limit 1),
      9223372036854775807)`);
  }
  // Whole names, case aside: each filter is a range of one index (drizzle/0015), so a
  // page costs the same on a trail of any size; a part of a name would read it all.
  if (filter.actor) where.push(sql`lower(${auditTrail.actorName}) = lower(${filter.actor})`);
  if (filter.action) where.push(eq(auditTrail.action, filter.action));
  if (filter.targetKind) where.push(eq(auditTrail.targetKind, filter.targetKind));
  if (filter.target) {
    const target = or(
      sql`lower(${auditTrail.targetName}) = lower(${filter.target})`,
      eq(auditTrail.targetId, filter.target),
    );
    if (target) where.push(target);
  }
  if (filter.outcome) where.push(eq(auditTrail.outcome, filter.outcome));
  return where;
}
