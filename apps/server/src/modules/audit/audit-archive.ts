import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { AUDIT_MIN_RETENTION_DAYS } from '@cityops/contract';
import type { Clock } from '../../lib/clock.js';
import type { Repositories, WithTransaction } from '../../repositories.js';
import type { AuditTrailService } from './audit-trail.service.js';

/**
 * Retention (issue 13): records older than the retention age leave the table for
 * an archive file, by command only (`npm run audit -- archive`, never the web).
 * The file holds, per record, the exact text its hash was taken over, the hash
 * and its algorithm (SHA-256, or SM3 under the 国密 profile), between a header
 * naming the hash the stretch continues from and a trailer with the file's own
 * hash; `verifyArchiveFile` checks it with nothing but the file. The table keeps
 * the last archive's end, where its chain resumes.
 */

const DAY_MS = 24 * 60 * 60 * 1000;
const BATCH = 5_000;

export interface ArchiveResult {
  archived: number;
  fileName: string | null;
  seqFrom: number | null;
  seqTo: number | null;
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
  const throughSeq = await trail.lastBefore(
    new Date(now.getTime() - options.retentionDays * DAY_MS),
  );
  const none = { archived: 0, fileName: null, seqFrom: null, seqTo: null };
  if (throughSeq === null) return none;
  // A broken chain is an incident to investigate, not something to archive away.
  const check = await options.audit.verify();
  if (!check.holds) {
    throw new ChainBrokenError(
      `The audit chain is broken at record ${check.brokenAt} (${check.problem}); nothing archived.`,
    );
  }
  const previous = await trail.latestArchive();
  const seqFrom = (previous?.seqTo ?? 0) + 1;
  if (throughSeq < seqFrom) return none;
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
  let lastHash = previous?.lastHash ?? '';
  let count = 0;
  try {
    await write({
      kind: 'cityops-audit-archive',
      seqFrom,
      seqTo: throughSeq,
      prevHash: lastHash,
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
    await audit.removeArchived({
      seqFrom,
      seqTo: throughSeq,
      lastHash,
      fileName,
      fileHash,
      archivedAt: now,
    });
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
  return { archived: count, fileName, seqFrom, seqTo: throughSeq };
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
