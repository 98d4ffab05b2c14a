import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../../src/db/client.js';
import { archiveOldRecords, verifyArchiveFile } from '../../../src/modules/audit/audit-archive.js';
import type { VerifyProgress } from '../../../src/modules/audit/audit-trail.service.js';
import { AuditRepository } from '../../../src/modules/audit/audit.repository.js';
import { noRememberedSessions } from '../../../src/modules/auth/session-cache.js';
import { transactionRunner } from '../../../src/repositories.js';
import { refusalOf } from '../../helpers/refusal.js';
import { type TestApp, createTestApp } from '../../helpers/test-app.js';
import { chainBeforeReads } from '../../helpers/test-repositories.js';

const DAY_MS = 86_400_000;
const nobody = { actorId: null, actorName: null, session: null, ipAddress: null, userAgent: null };

/** The first instant (UTC) of the month `months` after the one holding `at`. */
const monthStart = (at: Date, months = 0) =>
  new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + months, 1));
const partitionOf = (month: Date) =>
  `audit_trail_p${month.toISOString().slice(0, 4)}${month.toISOString().slice(5, 7)}`;

/**
 * Issue 33 item 2: the trail partitioned by month (drizzle/0032), whole months archived
 * by detaching them, and the verification resumed from a checkpoint; tampering is found
 * across partitions as it was in one table.
 */
describe('the audit trail by month', () => {
  let t: TestApp;
  let trail: AuditRepository;
  const sql = async <T>(text: string) => rowsOf<T>(await t.database.db.execute(text));
  const partitions = async () =>
    (
      await sql<{ name: string }>(
        `select c.relname as name from pg_inherits i join pg_class c on c.oid = i.inhrelid
          where i.inhparent = 'audit_trail'::regclass order by 1`,
      )
    ).map((row) => row.name);
  const placeOf = async (seq: number) =>
    (
      await sql<{ place: string }>(
        `select tableoid::regclass::text as place from audit_trail where seq = ${seq}`,
      )
    ).map((row) => row.place);
  const append = async (at: Date, reason: string) => {
    await trail.append(at, nobody, { action: 'auth.login', outcome: 'success', reason });
    return (await trail.head()).seq;
  };
  const verify = () => t.app.services.auditTrail.verify();
  const open = async () => {
    t = await createTestApp();
    trail = chainBeforeReads(new AuditRepository(t.database.db), t.database.db);
  };

  describe('this month and the next', () => {
    beforeAll(open);
    afterAll(async () => {
      await t.close();
    });

    it('has a partition for this month and the next three and a default one, and files each record under its month', async () => {
      const now = new Date();
      const names = await partitions();
      for (let i = 0; i <= 3; i++) expect(names).toContain(partitionOf(monthStart(now, i)));
      expect(names).toContain('audit_trail_default');
      // Made again: nothing new.
      expect(await trail.prepareMonths()).toBe(0);

      const thisMonth = await append(now, 'this month');
      expect(await placeOf(thisMonth)).toEqual([partitionOf(monthStart(now))]);
      const nextMonth = await append(new Date(monthStart(now, 1).getTime() + 1_000), 'next month');
      expect(await placeOf(nextMonth)).toEqual([partitionOf(monthStart(now, 1))]);
      // A month without a partition still takes its record, in the default partition, and
      // keeps it there: its partition is not made over it.
      const far = monthStart(now, 30);
      const farAway = await append(new Date(far.getTime() + 5_000), 'no partition');
      expect(await placeOf(farAway)).toEqual(['audit_trail_default']);
      await sql(`select audit_trail_add_month('${far.toISOString()}'::timestamptz)`);
      expect(await partitions()).not.toContain(partitionOf(far));

      // A record written straight into a partition still moves the head (its own statement
      // trigger); a TRUNCATE of a partition is refused as the table's is.
      const name = partitionOf(monthStart(now));
      await sql(
        `insert into ${name} (at, action, outcome) values (now(), 'auth.logout', 'success')`,
      );
      const direct = await trail.head();
      expect(await trail.find(direct.seq)).toMatchObject({ action: 'auth.logout' });
      expect(await refusalOf(t.database.db.execute(`truncate ${name}`))).toMatch(
        /TRUNCATE refused/,
      );
      expect(await refusalOf(t.database.db.execute(`truncate audit_trail_default`))).toMatch(
        /TRUNCATE refused/,
      );
      expect(await verify()).toMatchObject({ holds: true, lastSeq: direct.seq });
    });

    it('refuses to drop a month outside the archive, or one not past the law’s six months', async () => {
      const month = monthStart(new Date());
      expect(
        await refusalOf(
          t.database.db.execute(
            `select audit_trail_drop_month('${month.toISOString()}'::timestamptz, 1, 1)`,
          ),
        ),
      ).toMatch(/not the archive's to drop/);
      expect(await partitions()).toContain(partitionOf(month));
    });
  });

  // A database of its own: the archive takes the chain from its start, so its first
  // records are the old ones.
  describe('across old months', () => {
    // Two months long past the retention age, each with its partition, and the records
    // at their boundary chained out of time order: a record of the second month's first
    // second chained before the first month's last.
    const first = monthStart(new Date(Date.now() - 420 * DAY_MS));
    const second = monthStart(first, 1);
    const seqs: Record<string, number> = {};

    beforeAll(async () => {
      await open();
      await sql(`select audit_trail_add_month('${first.toISOString()}'::timestamptz)`);
      await sql(`select audit_trail_add_month('${second.toISOString()}'::timestamptz)`);
      for (let i = 0; i < 5; i++) {
        seqs.firstMonth = await append(new Date(first.getTime() + (i + 1) * DAY_MS), `first ${i}`);
      }
      seqs.straggler = await append(new Date(second.getTime() + 1_000), 'straggler');
      seqs.lastOfFirst = await append(new Date(second.getTime() - 1_000), 'last of first');
      seqs.firstOfSecond = await append(new Date(second.getTime() + 2_000), 'first of second');
      for (let i = 0; i < 3; i++) {
        seqs.secondMonth = await append(
          new Date(second.getTime() + (i + 2) * DAY_MS),
          `second ${i}`,
        );
      }
      seqs.recent = await append(new Date(), 'recent');
    });
    afterAll(async () => {
      await t.close();
    });

    it('files each record under its month, the boundary too', async () => {
      expect(await placeOf(seqs.lastOfFirst!)).toEqual([partitionOf(first)]);
      expect(await placeOf(seqs.straggler!)).toEqual([partitionOf(second)]);
      expect(await placeOf(seqs.firstOfSecond!)).toEqual([partitionOf(second)]);
      expect(await verify()).toMatchObject({ holds: true });
    });

    it('finds a record changed, deleted or inserted at the boundary between two partitions', async () => {
      const owner = (text: string) => t.database.db.execute(text);
      const boundary = seqs.lastOfFirst!;
      const next = seqs.firstOfSecond!;
      const [saved] = await sql<Record<string, unknown>>(
        `select seq::text as seq, at::text as at, reason, hash, prev_hash from audit_trail where seq = ${next}`,
      );
      await owner(`alter table audit_trail disable trigger audit_trail_append_only`);
      try {
        // Changed: the last record of the first month.
        await owner(`update audit_trail set reason = 'forged' where seq = ${boundary}`);
        expect(await verify()).toMatchObject({
          holds: false,
          brokenAt: boundary,
          problem: 'content',
        });
        // Its hash recomputed too: the next record, in the next partition, no longer links.
        await owner(
          `update audit_trail t set hash = audit_trail_digest(t) where seq = ${boundary}`,
        );
        expect(await verify()).toMatchObject({ holds: false, brokenAt: next, problem: 'link' });
        // Put back as it was: the chain holds again.
        await owner(`update audit_trail set reason = 'last of first' where seq = ${boundary}`);
        await owner(
          `update audit_trail t set hash = audit_trail_digest(t) where seq = ${boundary}`,
        );
        expect(await verify()).toMatchObject({ holds: true });

        // Deleted: the first record of the second month.
        await owner(`delete from audit_trail where seq = ${next}`);
        expect(await verify()).toMatchObject({ holds: false, brokenAt: next, problem: 'gap' });
      } finally {
        await owner(`alter table audit_trail enable trigger audit_trail_append_only`);
      }
      await owner(`alter table audit_trail disable trigger user`);
      try {
        // Put back, triggers off, exactly as it was.
        await owner(`insert into audit_trail (seq, at, action, outcome, reason, prev_hash, hash)
                     values (${saved!.seq}, '${String(saved!.at)}', 'auth.login', 'success',
                             'first of second', '${String(saved!.prev_hash)}', '${String(saved!.hash)}')`);
        expect(await verify()).toMatchObject({ holds: true });
        // Inserted: a record chained after the boundary's, its hash computed as the trigger
        // would, in the other partition; the number it must take is the next record's.
        await owner(`insert into audit_trail (seq, at, action, outcome, reason, prev_hash, hash)
                     select ${next}, '${new Date(second.getTime() - 500).toISOString()}', 'auth.logout',
                            'success', 'slipped in', t.hash, ''
                       from audit_trail t where t.seq = ${boundary}`);
        await owner(`alter table audit_trail enable trigger user`);
        await owner(`alter table audit_trail disable trigger audit_trail_append_only`);
        await owner(
          `update audit_trail t set hash = audit_trail_digest(t) where reason = 'slipped in'`,
        );
        expect(await placeOf(next)).toEqual(
          expect.arrayContaining([partitionOf(first), partitionOf(second)]),
        );
        expect(await verify()).toMatchObject({ holds: false, brokenAt: next + 1, problem: 'gap' });
        await owner(`delete from audit_trail where reason = 'slipped in'`);
        expect(await verify()).toMatchObject({ holds: true });
      } finally {
        await owner(`alter table audit_trail enable trigger user`);
      }
    });

    it('resumes the verification from its checkpoint, checking the record it names', async () => {
      const events: VerifyProgress[] = [];
      const full = await t.app.services.auditTrail.verify(undefined, {
        saveCheckpoints: true,
        onProgress: (progress) => events.push(progress),
      });
      expect(full).toMatchObject({ holds: true });
      const checkpoint = (await trail.checkpoint())!;
      expect(checkpoint).toMatchObject({ seq: full.lastSeq });
      expect(events.at(-1)).toMatchObject({ checked: full.checked, resumed: false });
      expect(events.at(-1)!.throughSeq - events.at(-1)!.fromSeq).toBe(full.checked);

      const later = await append(new Date(), 'after the checkpoint');
      await append(new Date(), 'after the checkpoint');
      events.length = 0;
      const resumed = await t.app.services.auditTrail.verify(undefined, {
        resume: true,
        saveCheckpoints: true,
        onProgress: (progress) => events.push(progress),
      });
      expect(resumed).toMatchObject({ holds: true, checked: 2, firstSeq: later });
      expect(events[0]).toMatchObject({ fromSeq: checkpoint.seq, resumed: true });
      expect((await trail.checkpoint())!.seq).toBe(later + 1);

      const owner = (text: string) => t.database.db.execute(text);
      await owner(`alter table audit_trail disable trigger audit_trail_append_only`);
      try {
        // The record the checkpoint names, changed since: found without walking before it.
        await owner(`update audit_trail set reason = 'forged' where seq = ${later + 1}`);
        expect(await t.app.services.auditTrail.verify(undefined, { resume: true })).toMatchObject({
          holds: false,
          brokenAt: later + 1,
          problem: 'content',
          checked: 0,
        });
        await owner(
          `update audit_trail set reason = 'after the checkpoint' where seq = ${later + 1}`,
        );
        expect(await t.app.services.auditTrail.verify(undefined, { resume: true })).toMatchObject({
          holds: true,
          checked: 0,
        });
      } finally {
        await owner(`alter table audit_trail enable trigger audit_trail_append_only`);
      }
    });

    it('archives each whole month by dropping its partition, and the chain verifies from the archive', async () => {
      const folder = await fs.mkdtemp(path.join(os.tmpdir(), 'audit-months-'));
      try {
        const before = await partitions();
        expect(before).toEqual(expect.arrayContaining([partitionOf(first), partitionOf(second)]));
        const result = await archiveOldRecords({
          repositories: { audit: trail },
          withTransaction: transactionRunner(t.database.db, noRememberedSessions),
          audit: t.app.services.auditTrail,
          clock: t.clock,
          folder,
          retentionDays: 180,
        });
        const months = result.months.filter((month) =>
          [first, second].some((start) => start.toISOString().startsWith(month.month)),
        );
        expect(months).toHaveLength(2);
        // The first month's file ends at its last record, taking the straggler chained
        // before it from the next month; the second's continues from there.
        expect(months[0]).toMatchObject({ seqTo: seqs.lastOfFirst });
        expect(months[1]).toMatchObject({
          seqFrom: seqs.lastOfFirst! + 1,
          seqTo: seqs.secondMonth,
        });
        for (const month of result.months) {
          expect(await verifyArchiveFile(path.join(folder, month.fileName))).toMatchObject({
            holds: true,
            records: month.records,
          });
        }
        const after = await partitions();
        expect(after).not.toContain(partitionOf(first));
        expect(after).not.toContain(partitionOf(second));
        expect(after).toContain('audit_trail_default');
        expect(await trail.find(seqs.straggler!)).toBeNull();
        expect(await trail.find(seqs.recent!)).not.toBeNull();
        // The checkpoint of the archive: where the table's chain resumes.
        expect(await trail.latestArchive()).toMatchObject({ seqTo: result.seqTo });
        expect(await verify()).toMatchObject({ holds: true, archivedThrough: result.seqTo });
        expect(await t.app.services.auditTrail.verify(undefined, { resume: true })).toMatchObject({
          holds: true,
        });
        // A record of the month after the archive, changed: still found.
        await t.database.db.execute(
          `alter table audit_trail disable trigger audit_trail_append_only`,
        );
        try {
          await t.database.db.execute(
            `update audit_trail set reason = 'forged' where seq = ${result.seqTo! + 1}`,
          );
          expect(await verify()).toMatchObject({
            holds: false,
            brokenAt: result.seqTo! + 1,
            problem: 'content',
          });
        } finally {
          await t.database.db.execute(
            `update audit_trail set reason = 'recent' where seq = ${result.seqTo! + 1} and reason = 'forged'`,
          );
          await t.database.db.execute(
            `alter table audit_trail enable trigger audit_trail_append_only`,
          );
        }
      } finally {
        await fs.rm(folder, { recursive: true, force: true });
      }
    });
  });
});
