import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { AUDIT_MIN_RETENTION_DAYS } from '@cityops/contract';
import type { Clock } from '../../lib/clock.js';
import type { Repositories, WithTransaction } from '../../repositories.js';
import type { AuditTrailService } from './audit-trail.service.js';

/**
 * Retention (issue 13): records older than the retention age leave the table for
 * archive files, by command only (`npm run audit -- archive`, never the web), a
 * whole month (UTC) at a time, oldest first: the month's partition is detached and
 * dropped (drizzle/0032, issue 33). Each file holds, per record, the exact text its
 * hash was taken over, the hash and its algorithm (SHA-256, or SM3 under the 国密
 * profile), between a header naming the hash the stretch continues from and a
 * trailer with the file's own hash; `verifyArchiveFile` checks it with nothing but
 * the file. The table keeps each archive's end (its last record's number and hash),
 * where its chain resumes.
 */

const DAY_MS = 24 * 60 * 60 * 1000;
const BATCH = 5_000;

export interface ArchivedMonth {
  /** `2026-05`: the month (UTC) whose records the file holds. */
  month: string;
  fileName: string;
  seqFrom: number;
  seqTo: number;
  records: number;
}

export interface ArchiveResult {
  archived: number;
  /** The last file written (one per month, `months`). */
  fileName: string | null;
  seqFrom: number | null;
  seqTo: number | null;
  months: ArchivedMonth[];
}

export interface ArchiveOptions {
  repositories: Pick<Repositories, 'audit'>;
  withTransaction: WithTransaction;
  audit: AuditTrailService;
  clock: Clock;
  folder: string;
  retentionDays: number;
}

export class RetentionTooShortError extends Error {}
export class ChainBrokenError extends Error {}

/** The first instant (UTC) of the month holding `at`, and of the one after. */
function monthOf(at: Date): { start: Date; end: Date; name: string } {
  const start = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), 1));
  const end = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + 1, 1));
  return { start, end, name: start.toISOString().slice(0, 7) };
}

export async function archiveOldRecords(options: ArchiveOptions): Promise<ArchiveResult> {
  if (
    !Number.isInteger(options.retentionDays) ||
    options.retentionDays < AUDIT_MIN_RETENTION_DAYS
  ) {
    throw new RetentionTooShortError(
      `The retention age must be a whole number of days, at least ${AUDIT_MIN_RETENTION_DAYS}.`,
    );
  }
  const { audit: trail } = options.repositories;
  const now = options.clock.now();
  const cutoff = new Date(now.getTime() - options.retentionDays * DAY_MS);
  // The months ahead are made here too, for a server that has not restarted in months.
  await trail.prepareMonths();
  const months: ArchivedMonth[] = [];
  let verified = false;
  for (;;) {
    const oldest = await trail.oldestTime();
    if (oldest === null) break;
    const month = monthOf(oldest);
    // Only a whole month older than the retention age goes.
    if (month.end.getTime() > cutoff.getTime()) break;
    const throughSeq = await trail.lastBefore(month.end);
    const previous = await trail.latestArchive();
    const seqFrom = (previous?.seqTo ?? 0) + 1;
    if (throughSeq === null || throughSeq < seqFrom) break;
    if (!verified) {
      // A broken chain is an incident to investigate, not something to archive away.
      const check = await options.audit.verify();
      if (!check.holds) {
        throw new ChainBrokenError(
          `The audit chain is broken at record ${check.brokenAt} (${check.problem}); nothing archived.`,
        );
      }
      verified = true;
    }
    months.push(
      await archiveMonth(options, {
        month,
        seqFrom,
        throughSeq,
        previousHash: previous?.lastHash ?? '',
        now,
      }),
    );
  }
  // Months past the retention age with no record left (none written, or all written in
  // the default partition) lose their empty partition.
  const archivedThrough = (await trail.latestArchive())?.seqTo ?? 0;
  for (const start of await trail.partitionMonths()) {
    if (monthOf(start).end.getTime() > cutoff.getTime()) break;
    await options.withTransaction(({ audit }) => audit.dropEmptyMonth(start, archivedThrough));
  }
  const last = months.at(-1);
  return {
    archived: months.reduce((sum, month) => sum + month.records, 0),
    fileName: last?.fileName ?? null,
    seqFrom: months[0]?.seqFrom ?? null,
    seqTo: last?.seqTo ?? null,
    months,
  };
}

/**
 * One month's file, then its records out of the table: the records from the last
 * archive's end to the last one written in the month, which also takes the next
 * month's first records when they were chained before it (a record's time is taken
 * just before it is written), so the chain is cut at one record and resumes after it.
 */
async function archiveMonth(
  options: ArchiveOptions,
  stretch: {
    month: ReturnType<typeof monthOf>;
    seqFrom: number;
    throughSeq: number;
    previousHash: string;
    now: Date;
  },
): Promise<ArchivedMonth> {
  const { audit: trail } = options.repositories;
  const { month, seqFrom, throughSeq, now } = stretch;
  const fileName = `audit-archive-${String(seqFrom).padStart(12, '0')}-${String(throughSeq).padStart(12, '0')}.jsonl`;
  await fs.mkdir(options.folder, { recursive: true });
  const target = path.join(options.folder, fileName);
  const partial = `${target}.partial`;
  const file = await fs.open(partial, 'w');
  const digest = createHash('sha256');
  const write = async (value: unknown) => {
    const line = `${JSON.stringify(value)}\n`;
    digest.update(line);
    await file.write(line);
  };
  let lastHash = stretch.previousHash;
  let count = 0;
  try {
    await write({
      kind: 'cityops-audit-archive',
      seqFrom,
      seqTo: throughSeq,
      prevHash: lastHash,
      month: month.name,
      createdAt: now.toISOString(),
    });
    for (let after = seqFrom - 1; after < throughSeq;) {
      const rows = await trail.digestInputs(after, throughSeq, BATCH);
      if (rows.length === 0) break;
      for (const row of rows) {
        await write({ seq: row.seq, input: row.input, hash: row.hash, algorithm: row.algorithm });
        lastHash = row.hash;
        count += 1;
      }
      after = rows.at(-1)!.seq;
    }
    const fileHash = digest.digest('hex');
    const trailer = { kind: 'end', records: count, lastHash, fileHash };
    await file.write(`${JSON.stringify(trailer)}\n`);
    await file.sync();
  } finally {
    await file.close();
  }
  await fs.rename(partial, target);
  // The file is on disk before a single record leaves the table.
  const fileHash = (await readTrailer(target)).fileHash;
  await options.withTransaction(async ({ audit }) => {
    await audit.removeArchived(
      { seqFrom, seqTo: throughSeq, lastHash, fileName, fileHash, archivedAt: now },
      month.start,
    );
    await audit.append(
      now,
      { actorId: null, actorName: null, session: null, ipAddress: null, userAgent: 'command' },
      {
        action: 'audit.archive',
        outcome: 'success',
        target: { kind: 'audit', id: `${seqFrom}-${throughSeq}`, name: fileName },
        after: { records: count, fileHash, retentionDays: options.retentionDays },
      },
    );
  });
  return { month: month.name, fileName, seqFrom, seqTo: throughSeq, records: count };
}

async function readTrailer(file: string): Promise<{ fileHash: string }> {
  const lines = (await fs.readFile(file, 'utf8')).trimEnd().split('\n');
  return JSON.parse(lines.at(-1)!) as { fileHash: string };
}

export interface ArchiveCheck {
  holds: boolean;
  records: number;
  /** The first line (1-based) that is wrong, and why. */
  brokenAtLine: number | null;
  problem: string | null;
  lastHash: string | null;
}

/** Checks an archive file alone: each record's hash, each link, the count and the file's hash. */
export async function verifyArchiveFile(file: string): Promise<ArchiveCheck> {
  const lines = (await fs.readFile(file, 'utf8')).split('\n');
  if (lines.at(-1) === '') lines.pop();
  const broken = (line: number, problem: string, records: number): ArchiveCheck => ({
    holds: false,
    records,
    brokenAtLine: line,
    problem,
    lastHash: null,
  });
  const digest = createHash('sha256');
  let header: { kind?: string; prevHash?: string; seqFrom?: number };
  try {
    header = JSON.parse(lines[0] ?? '') as typeof header;
  } catch {
    return broken(1, 'header', 0);
  }
  if (header.kind !== 'cityops-audit-archive') return broken(1, 'header', 0);
  digest.update(`${lines[0]}\n`);
  let previous = header.prevHash ?? '';
  let expectedSeq = header.seqFrom ?? 1;
  let records = 0;
  for (let index = 1; index < lines.length - 1; index++) {
    const line = lines[index]!;
    digest.update(`${line}\n`);
    let record: { seq: number; input: string; hash: string; algorithm?: string };
    let fields: unknown[];
    try {
      record = JSON.parse(line) as typeof record;
      fields = JSON.parse(record.input) as unknown[];
    } catch {
      return broken(index + 1, 'format', records);
    }
    // Each record names its hash; files written before SM3 (issue 30) name none: SHA-256.
    const hash = record.algorithm === 'SM3' ? 'sm3' : 'sha256';
    if (createHash(hash).update(record.input, 'utf8').digest('hex') !== record.hash) {
      return broken(index + 1, 'content', records);
    }
    if (fields[0] !== record.seq || record.seq !== expectedSeq)
      return broken(index + 1, 'gap', records);
    if (fields.at(-1) !== previous) return broken(index + 1, 'link', records);
    previous = record.hash;
    expectedSeq += 1;
    records += 1;
  }
  let trailer: { kind?: string; records?: number; lastHash?: string; fileHash?: string };
  try {
    trailer = JSON.parse(lines.at(-1) ?? '') as typeof trailer;
  } catch {
    return broken(lines.length, 'trailer', records);
  }
  if (trailer.kind !== 'end' || trailer.records !== records || trailer.lastHash !== previous) {
    return broken(lines.length, 'trailer', records);
  }
  if (trailer.fileHash !== digest.digest('hex')) return broken(lines.length, 'file', records);
  return { holds: true, records, brokenAtLine: null, problem: null, lastHash: previous };
}
