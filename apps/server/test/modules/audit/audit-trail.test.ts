import os from 'node:os';
import path from 'node:path';
import fs from 'node:fs/promises';
import { AUDIT_MASK, SYSTEM_PATHS, undeclaredAuditFields } from '@cityops/contract';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  RetentionTooShortError,
  archiveOldRecords,
  verifyArchiveFile,
} from '../../../src/modules/audit/audit-archive.js';
import { AuditRepository } from '../../../src/modules/audit/audit.repository.js';
import { chained } from '../../helpers/chained.js';
import { noRememberedSessions } from '../../../src/modules/auth/session-cache.js';
import { type Repositories, transactionRunner } from '../../../src/repositories.js';
import { REFUSALS_PER_MINUTE } from '../../../src/modules/access/refusal-recorder.js';
import { refusalOf } from '../../helpers/refusal.js';
import { statementsOf } from '../../helpers/statements.js';
import { type TestApp, bearer, createTestApp } from '../../helpers/test-app.js';
import { call, data, unitId } from '../system/system-helpers.js';
import { testRepositories } from '../../helpers/test-repositories.js';

/** The trail's SQL as the database owner runs it: the trigger is the only guard. */
async function sqlAsOwner(t: TestApp, text: string) {
  return t.database.db.execute(text);
}

const nobody = { actorId: null, actorName: null, session: null, ipAddress: null, userAgent: null };

describe('the audit trail', () => {
  let t: TestApp;
  let admin: string;
  let auditor: string;
  let security: string;
  let bureau: number;
  let repositories: Repositories;

  beforeAll(async () => {
    t = await createTestApp();
    repositories = await testRepositories(t.database.db);
    // The file moves the clock by hours and shares these sign-ins: no idle timeout
    // (sessions.test.ts tests it).
    await t.app.services.securitySettings.set('session.idleMinutes', '0');
    admin = (await t.login('admin', 'Admin@2026')).access_token;
    auditor = (await t.login('auditor', 'Auditor@2026')).access_token;
    security = (await t.login('security', 'Security@2026')).access_token;
    bureau = await unitId(t.app, admin, 'Jiangcheng Urban Management Bureau');
  });
  afterAll(async () => {
    await t.close();
  });

  const verification = () => data(t.app, auditor, 'GET', SYSTEM_PATHS.auditVerification);
  const records = (query = '') => data(t.app, auditor, 'GET', `${SYSTEM_PATHS.audit}${query}`);

  describe('in the database', () => {
    it('refuses UPDATE, DELETE and TRUNCATE whoever asks', async () => {
      await repositories.audit.append(t.clock.now(), nobody, {
        action: 'auth.logout',
        outcome: 'success',
      });
      expect(await refusalOf(sqlAsOwner(t, `update audit_trail set actor_name = 'x'`))).toMatch(
        /append-only: UPDATE refused/,
      );
      expect(await refusalOf(sqlAsOwner(t, `delete from audit_trail`))).toMatch(
        /append-only: DELETE refused/,
      );
      expect(await refusalOf(sqlAsOwner(t, `truncate audit_trail`))).toMatch(
        /append-only: TRUNCATE refused/,
      );
      // Not even with the archive's flag, for records younger than six months.
      const flagged = t.database.db.transaction(async (tx) => {
        await tx.execute(`select set_config('cityops.audit_archive', 'on', true)`);
        await tx.execute(`delete from audit_trail`);
      });
      expect(await refusalOf(flagged)).toMatch(/append-only: DELETE refused/);
      expect((await verification()).holds).toBe(true);
    });

    it('refuses UPDATE, DELETE and TRUNCATE of the chain head, which moves only with an insert', async () => {
      const head = await repositories.audit.head();
      const refusals = [
        `update audit_chain_head set seq = seq - 1`,
        // Not even one step on, as the insert trigger moves it, when no insert does.
        `update audit_chain_head set seq = seq + 1, hash = 'forged'`,
        `do $$ begin update audit_chain_head set seq = seq - 1; end $$`,
        `insert into audit_chain_head (id, seq, hash) values (true, 1, '')
           on conflict (id) do update set seq = 1`,
      ];
      for (const statement of refusals) {
        expect(await refusalOf(sqlAsOwner(t, statement)), statement).toMatch(
          /audit_chain_head changes only with an audit_trail insert: UPDATE refused/,
        );
      }
      expect(await refusalOf(sqlAsOwner(t, `delete from audit_chain_head`))).toMatch(
        /audit_chain_head changes only with an audit_trail insert: DELETE refused/,
      );
      expect(await refusalOf(sqlAsOwner(t, `truncate audit_chain_head`))).toMatch(
        /audit_chain_head keeps the audit chain: TRUNCATE refused/,
      );
      expect(await refusalOf(sqlAsOwner(t, `truncate audit_archives`))).toMatch(
        /audit_archives keeps the audit chain: TRUNCATE refused/,
      );
      expect(await repositories.audit.head()).toEqual(head);
      // The insert trigger still moves it.
      await repositories.audit.append(t.clock.now(), nobody, {
        action: 'auth.logout',
        outcome: 'success',
      });
      expect((await repositories.audit.head()).seq).toBe(head.seq + 1);
      expect((await verification()).holds).toBe(true);
    });

    it('chains parallel writers one after another, with no gap', async () => {
      const before = (await repositories.audit.head()).seq;
      await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          transactionRunner(
            t.database.db,
            noRememberedSessions,
          )(({ audit }) =>
            audit.append(t.clock.now(), nobody, {
              action: 'auth.logout',
              outcome: 'success',
              reason: `parallel ${i}`,
            }),
          ),
        ),
      );
      expect((await repositories.audit.head()).seq).toBe(before + 20);
      const result = await verification();
      expect(result).toMatchObject({ holds: true, brokenAt: null, algorithm: 'SHA-256' });
      expect(result.lastSeq).toBeGreaterThanOrEqual(before + 20);
    });

    it("commits views' records without waiting for the disk, in statements of their own, chained as any", async () => {
      const before = (await repositories.audit.head()).seq;
      // The auditor's views at once, beside writes' records: every one chained, no gap.
      const viewed = await statementsOf(
        async () => {
          await Promise.all([
            ...Array.from({ length: 10 }, () => records('?pageSize=5')),
            ...Array.from({ length: 5 }, (_, i) =>
              repositories.audit.append(t.clock.now(), nobody, {
                action: 'auth.logout',
                outcome: 'success',
                reason: `beside the views ${i}`,
              }),
            ),
          ]);
        },
        { countTransactionsOf: t },
      );
      expect((await repositories.audit.head()).seq).toBe(before + 15);
      expect(await verification()).toMatchObject({ holds: true, brokenAt: null });
      // The views' records: statements of their own (those arriving together share
      // one), the setting for each one's own transaction within it.
      const deferred = viewed.filter((statement) =>
        /^insert into "audit_trail" .*synchronous_commit/s.test(statement),
      );
      expect(deferred.length).toBeGreaterThan(0);
      expect(deferred.length).toBeLessThanOrEqual(10);
      for (const statement of deferred) {
        expect(statement).toMatch(
          /^insert into "audit_trail".*set_config\('synchronous_commit', 'off', true\)/s,
        );
      }
      expect(viewed).not.toContain('begin');
      // A record inside a change's transaction waits for the disk with the change.
      const inChange = await statementsOf(
        () =>
          transactionRunner(
            t.database.db,
            noRememberedSessions,
          )(({ audit }) =>
            audit.append(
              t.clock.now(),
              nobody,
              {
                action: 'auth.logout',
                outcome: 'success',
                reason: 'in a change',
              },
              { durability: 'deferred' },
            ),
          ),
        { countTransactionsOf: t },
      );
      // It waits, committed with the change, and is chained after the commit (below).
      const inserts = inChange.filter((statement) => /^insert into/.test(statement));
      expect(inserts).toHaveLength(1);
      expect(inserts[0]).toMatch(/^insert into "audit_trail_pending"/);
      expect(inserts[0]).not.toMatch(/synchronous_commit/);
    });
  });

  describe("changes' records chained after the commit", () => {
    const change = (reason: string, fail = false) =>
      transactionRunner(
        t.database.db,
        noRememberedSessions,
      )(async ({ audit }) => {
        await audit.append(t.clock.now(), nobody, {
          action: 'auth.logout',
          outcome: 'success',
          reason,
        });
        if (fail) throw new Error('the change fails after its record');
      });
    const waiting = async () =>
      Number(
        (
          (await sqlAsOwner(
            t,
            'select count(*)::int as n from audit_trail_pending',
          )) as unknown as {
            rows: { n: number }[];
          }
        ).rows[0]!.n,
      );

    it("chains a committed change's record after its commit; a rolled-back one leaves none", async () => {
      await chained(t);
      const before = (await repositories.audit.head()).seq;
      await change('committed');
      await chained(t);
      expect(await waiting()).toBe(0);
      expect((await repositories.audit.head()).seq).toBe(before + 1);
      expect((await repositories.audit.find(before + 1))?.reason).toBe('committed');
      await expect(change('rolled back', true)).rejects.toThrow(/fails after its record/);
      expect(await waiting()).toBe(0);
      expect((await repositories.audit.head()).seq).toBe(before + 1);
      expect(await verification()).toMatchObject({ holds: true, waiting: 0 });
    });

    it('moves the changes committed together in fewer statements than changes, each chained once', async () => {
      await chained(t);
      const before = (await repositories.audit.head()).seq;
      const reasons = Array.from({ length: 12 }, (_, i) => `change ${i}`);
      const statements = await statementsOf(async () => {
        await Promise.all(reasons.map((reason) => change(reason)));
        await chained(t);
      });
      const moves = statements.filter((statement) => /audit_trail_chain_pending/.test(statement));
      expect(moves.length).toBeGreaterThan(0);
      expect(moves.length).toBeLessThan(reasons.length);
      const chainedRecords = await Promise.all(
        reasons.map((_, i) => repositories.audit.find(before + 1 + i)),
      );
      expect(new Set(chainedRecords.map((record) => record?.reason))).toEqual(new Set(reasons));
      expect(await verification()).toMatchObject({ holds: true, waiting: 0 });
    });

    it('chains what waits before the audit screen reads, what a stop left too', async () => {
      await chained(t);
      const before = (await repositories.audit.head()).seq;
      // As a server stopped between a change's commit and its move leaves it.
      await sqlAsOwner(
        t,
        `insert into audit_trail_pending (at, action, outcome, reason)
         values (now(), 'auth.logout', 'success', 'left by a stop 1'),
                (now(), 'auth.logout', 'success', 'left by a stop 2')`,
      );
      // The chain's ends as the verification reads them count what waits.
      expect((await new AuditRepository(t.database.db).ends()).waiting).toBe(2);
      const listed = await records('?pageSize=5');
      expect(await waiting()).toBe(0);
      expect(listed.list.map((record: { reason: string }) => record.reason)).toEqual(
        expect.arrayContaining(['left by a stop 1', 'left by a stop 2']),
      );
      expect((await repositories.audit.find(before + 1))?.reason).toBe('left by a stop 1');
      expect((await repositories.audit.find(before + 2))?.reason).toBe('left by a stop 2');
      expect(await verification()).toMatchObject({ holds: true, waiting: 0 });
    });

    it('refuses to change a waiting record, and chains one that anyone deletes, exactly as it was', async () => {
      await chained(t);
      const before = (await repositories.audit.head()).seq;
      await sqlAsOwner(
        t,
        `insert into audit_trail_pending (at, actor_name, action, outcome, reason)
         values (now(), 'someone', 'auth.logout', 'success', 'to be removed'),
                (now(), 'someone', 'auth.logout', 'success', 'left waiting')`,
      );
      const refused = /audit_trail_pending leaves only into the chain/;
      expect(await refusalOf(sqlAsOwner(t, `update audit_trail_pending set reason = 'x'`))).toMatch(
        refused,
      );
      expect(await refusalOf(sqlAsOwner(t, `truncate audit_trail_pending`))).toMatch(refused);
      expect(await waiting()).toBe(2);
      // A delete by hand, with no move and no setting (drizzle/0035): the record is not
      // lost but chained, unchanged, before the move takes the other.
      await sqlAsOwner(t, `delete from audit_trail_pending where reason = 'to be removed'`);
      expect(await waiting()).toBe(1);
      expect(await repositories.audit.find(before + 1)).toMatchObject({
        reason: 'to be removed',
        actorName: 'someone',
        action: 'auth.logout',
      });
      await chained(t);
      expect(await waiting()).toBe(0);
      expect((await repositories.audit.find(before + 2))?.reason).toBe('left waiting');
      expect((await repositories.audit.head()).seq).toBe(before + 2);
      expect(await verification()).toMatchObject({ holds: true, waiting: 0 });
    });

    it('chains each record once when a delete by hand races the moves', async () => {
      await chained(t);
      const before = (await repositories.audit.head()).seq;
      await sqlAsOwner(
        t,
        `insert into audit_trail_pending (at, action, outcome, reason)
         select now(), 'auth.logout', 'success', 'raced ' || i from generate_series(1, 40) i`,
      );
      await Promise.all([
        sqlAsOwner(t, `delete from audit_trail_pending`),
        new AuditRepository(t.database.db).chainWaiting(),
        sqlAsOwner(t, `select audit_trail_chain_pending(7)`),
      ]);
      await chained(t);
      expect(await waiting()).toBe(0);
      expect((await repositories.audit.head()).seq).toBe(before + 40);
      const reasons = await Promise.all(
        Array.from({ length: 40 }, (_, i) => repositories.audit.find(before + 1 + i)),
      );
      expect(new Set(reasons.map((record) => record?.reason)).size).toBe(40);
      expect(await verification()).toMatchObject({ holds: true, waiting: 0 });
    });
  });

  describe('views recorded together', () => {
    const view = (reason: string, before: Record<string, unknown> | null = null) =>
      repositories.audit.append(
        t.clock.now(),
        nobody,
        { action: 'auth.logout', outcome: 'success', reason, before },
        { durability: 'deferred' },
      );

    it('writes the views that arrive together in one statement, in their order', async () => {
      const before = (await repositories.audit.head()).seq;
      const reasons = Array.from({ length: 30 }, (_, i) => `together ${i}`);
      const written = await statementsOf(
        async () => {
          await Promise.all(reasons.map((reason) => view(reason)));
        },
        { countTransactionsOf: t },
      );
      // All 30 came in the same turn of the event loop: one statement.
      expect(
        written.filter((statement) => /^insert into "audit_trail"/.test(statement)),
      ).toHaveLength(1);
      expect((await repositories.audit.head()).seq).toBe(before + 30);
      const page = await records(`?pageSize=30`);
      expect(page.list.map((record: { reason: string }) => record.reason).reverse()).toEqual(
        reasons,
      );
      expect(await verification()).toMatchObject({ holds: true, brokenAt: null });
    });

    it('fails only the record the database refuses, the others of its statement written', async () => {
      const before = (await repositories.audit.head()).seq;
      // jsonb holds no NUL character: the database refuses this record alone.
      const outcomes = await Promise.allSettled([
        view('first'),
        view('second'),
        view('refused', { text: '\u0000' }),
        view('third'),
      ]);
      expect(outcomes.map((outcome) => outcome.status)).toEqual([
        'fulfilled',
        'fulfilled',
        'rejected',
        'fulfilled',
      ]);
      expect((await repositories.audit.head()).seq).toBe(before + 3);
      const page = await records('?pageSize=10');
      const mine = ['first', 'second', 'refused', 'third'];
      expect(
        page.list
          .map((record: { reason: string | null }) => record.reason)
          .filter((reason: string | null) => mine.includes(reason ?? '')),
      ).toEqual(['third', 'second', 'first']);
      expect(await verification()).toMatchObject({ holds: true, brokenAt: null });
    });
  });

  describe('what it records', () => {
    it('records a user created and changed by the system administrator, with before and after, in full for the auditor', async () => {
      const created = await data(t.app, admin, 'POST', SYSTEM_PATHS.users, {
        username: 'audit.target',
        name: '审计对象',
        mobile: '13900007777',
        organizationId: bureau,
        departmentId: null,
        roleIds: ['staff'],
      });
      const id = created.user.id;
      await data(t.app, admin, 'PUT', SYSTEM_PATHS.user.replace(':id', String(id)), {
        username: 'audit.target',
        name: '审计对象二',
        mobile: '13900007777',
        organizationId: bureau,
        departmentId: null,
        roleIds: ['staff', 'editor'],
        version: created.user.version,
      });
      const page = await records('?targetKind=user&target=audit.target');
      const [update, create] = page.list;
      expect(create).toMatchObject({
        action: 'user.create',
        outcome: 'success',
        actorName: 'admin',
        actorUnit: expect.any(String),
        targetKind: 'user',
        targetId: String(id),
        targetName: 'audit.target',
        ipAddress: '127.0.0.1',
        session: expect.stringMatching(/^[0-9a-f]{16}$/),
      });
      // The generated password and the mobile number are never in the trail.
      expect(create.after).toMatchObject({ username: 'audit.target', password: AUDIT_MASK });
      expect(create.after.mobile).toBe('139****7777');
      expect(JSON.stringify(create)).not.toContain(created.initialPassword);
      expect(update).toMatchObject({
        action: 'user.update',
        before: { name: '审计对象', roleIds: ['staff'] },
        after: { name: '审计对象二', roleIds: ['editor', 'staff'] },
      });
      // The detail view shows the same record, and the view itself is recorded.
      const detail = await data(
        t.app,
        auditor,
        'GET',
        SYSTEM_PATHS.auditRecord.replace(':seq', String(update.seq)),
      );
      expect(detail).toEqual({ ...update, names: expect.any(Object), timeZone: 'Asia/Shanghai' });
      const views = await records('?action=audit.view&pageSize=2');
      expect(views.list[0]).toMatchObject({
        actorName: 'auditor',
        targetKind: 'audit',
        targetId: String(update.seq),
      });
    });

    it('records refusals for lack of a right, and nothing for a change that failed', async () => {
      const refused = await call(t.app, admin, 'GET', SYSTEM_PATHS.audit);
      expect(refused.status).toBe(403);
      const [refusal] = (await records('?action=access.refused&pageSize=1')).list;
      expect(refusal).toMatchObject({
        actorName: 'admin',
        outcome: 'refused',
        reason: 'system:audit:read',
        targetKind: 'route',
        targetId: 'GET /api/system/audit',
      });
      // A stale version: the change is refused, and no record of a change exists.
      const before = (await repositories.audit.head()).seq;
      const roles = await data(t.app, admin, 'GET', `${SYSTEM_PATHS.roles}?pageSize=100`);
      const editor = roles.list.find((role: { id: string }) => role.id === 'editor');
      const stale = await call(t.app, admin, 'PUT', SYSTEM_PATHS.role.replace(':id', 'editor'), {
        name: editor.name,
        nameEn: editor.nameEn,
        dataScope: editor.dataScope,
        entryIds: editor.entryIds,
        unitIds: [],
        version: editor.version + 5,
      });
      expect(stale.status).toBe(409);
      expect((await repositories.audit.head()).seq).toBe(before);
    });

    it('filters by a whole login name or target, case aside, not by a part of one', async () => {
      const byActor = await records('?actor=ADMIN&pageSize=200');
      expect(byActor.list.length).toBeGreaterThan(0);
      expect(
        byActor.list.every((record: { actorName: string }) => record.actorName === 'admin'),
      ).toBe(true);
      expect((await records('?actor=adm')).list).toEqual([]);
      const byTarget = await records('?target=AUDIT.TARGET');
      expect(byTarget.list.length).toBeGreaterThan(0);
      expect((await records('?target=audit.tar')).list).toEqual([]);
    });

    it('filters by a time range, with a record written a little behind the one before it', async () => {
      t.clock.advance(3_600_000);
      const base = t.clock.now().getTime();
      const append = (offsetMs: number, reason: string) =>
        repositories.audit.append(new Date(base + offsetMs), nobody, {
          action: 'auth.logout',
          outcome: 'success',
          reason,
        });
      await append(0, 'range-a');
      await append(10_000, 'range-b');
      // Written after b by an instance whose clock is 5 s behind.
      await append(5_000, 'range-c');
      await append(120_000, 'range-d');
      t.clock.advance(200_000);
      const iso = (offsetMs: number) => new Date(base + offsetMs).toISOString();
      const reasons = async (from: number, to?: number) =>
        (
          await records(
            `?action=auth.logout&from=${iso(from)}${to === undefined ? '' : `&to=${iso(to)}`}`,
          )
        ).list.map((record: { reason: string }) => record.reason);
      expect(await reasons(4_000, 11_000)).toEqual(['range-c', 'range-b']);
      expect(await reasons(-1_000, 6_000)).toEqual(['range-c', 'range-a']);
      expect(await reasons(100_000)).toEqual(['range-d']);
      expect(await reasons(11_000, 100_000)).toEqual([]);
      // Any four-digit year is answered, not a server error (PostgreSQL has no year 0).
      const yearZero = await call(
        t.app,
        auditor,
        'GET',
        `${SYSTEM_PATHS.audit}?from=0000-01-01T00:00:00Z&to=0000-12-31T00:00:00Z`,
      );
      expect(yearZero.status).toBe(200);
      expect(yearZero.body.data.list).toEqual([]);
      const widest = await call(
        t.app,
        auditor,
        'GET',
        `${SYSTEM_PATHS.audit}?from=0001-01-01T00:00:00Z&to=9999-12-31T23:59:59Z&pageSize=1`,
      );
      expect(widest.status).toBe(200);
      expect(widest.body.data.list).toHaveLength(1);
    });

    it('records the refusals of one account up to the limit, then stops it (429) and records the stop once', async () => {
      const operator = (await t.login('operator', 'Operator@2026')).access_token;
      const route = 'GET /api/system/audit';
      const refusals = async () =>
        (await records(`?action=access.refused&actor=operator&pageSize=100`)).list.filter(
          (record: { actorName: string; targetId: string }) =>
            record.actorName === 'operator' && record.targetId === route,
        );
      // All at once: the count is one statement, so exactly the limit pass it.
      const answers = await Promise.all(
        Array.from({ length: REFUSALS_PER_MINUTE + 10 }, () =>
          call(t.app, operator, 'GET', SYSTEM_PATHS.audit),
        ),
      );
      const statuses = answers.map((answer) => answer.status);
      expect(statuses.filter((status) => status === 403)).toHaveLength(REFUSALS_PER_MINUTE);
      expect(statuses.filter((status) => status === 429)).toHaveLength(10);
      const stopped = answers.find((answer) => answer.status === 429)!;
      expect(Number(stopped.response.headers['retry-after'])).toBeGreaterThan(0);
      const recorded = await refusals();
      expect(recorded).toHaveLength(REFUSALS_PER_MINUTE + 1);
      expect(
        recorded.filter((record: { reason: string }) => record.reason === 'rate-limited'),
      ).toHaveLength(1);
      // The next minute, refusals are recorded again.
      t.clock.advance(60_000);
      expect((await call(t.app, operator, 'GET', SYSTEM_PATHS.audit)).status).toBe(403);
      expect(await refusals()).toHaveLength(REFUSALS_PER_MINUTE + 2);
    });

    it('loses no change without its record: when the record cannot be written, the change is undone', async () => {
      await sqlAsOwner(
        t,
        `create function refuse_user_create() returns trigger language plpgsql as $$
         begin if new.action = 'user.create' then raise exception 'disk full'; end if; return new; end $$`,
      );
      await sqlAsOwner(
        t,
        `create trigger refuse_user_create before insert on audit_trail_pending
           for each row execute function refuse_user_create()`,
      );
      try {
        const response = await call(t.app, admin, 'POST', SYSTEM_PATHS.users, {
          username: 'never.there',
          name: '不存在',
          mobile: '13900006666',
          organizationId: bureau,
          departmentId: null,
          roleIds: ['staff'],
        });
        expect(response.status).toBe(500);
        expect(JSON.stringify(response.body)).not.toContain('disk full');
      } finally {
        await sqlAsOwner(t, `drop trigger refuse_user_create on audit_trail_pending`);
        await sqlAsOwner(t, `drop function refuse_user_create()`);
      }
      const found = await data(t.app, admin, 'GET', `${SYSTEM_PATHS.users}?keyword=never.there`);
      expect(found.total).toBe(0);
    });

    it('exports the filtered records to Excel and CSV, formulas kept as text, and records the export', async () => {
      // A sign-in attempted with a formula for a name is recorded as typed.
      await repositories.audit.append(
        t.clock.now(),
        { ...nobody, actorName: '=HYPERLINK("http://evil")' },
        { action: 'auth.login', outcome: 'failure', reason: 'password' },
      );
      const xlsx = await t.app.inject({
        method: 'GET',
        url: `/api${SYSTEM_PATHS.auditExport}?format=xlsx&action=auth.login&outcome=failure`,
        headers: { ...bearer(auditor), 'accept-language': 'zh-CN' },
      });
      expect(xlsx.statusCode).toBe(200);
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
      const sheet = workbook.worksheets[0]!;
      expect(sheet.getRow(1).getCell(1).value).toBe('序号');
      const actors = sheet.getColumn(3).values.map(String);
      expect(actors).toContain(`'=HYPERLINK("http://evil")`);
      const csv = await t.app.inject({
        method: 'GET',
        url: `/api${SYSTEM_PATHS.auditExport}?format=csv&action=auth.login`,
        headers: { ...bearer(auditor), 'accept-language': 'en' },
      });
      expect(csv.headers['content-type']).toContain('text/csv');
      // A byte-order mark first, so that Excel reads the UTF-8 as UTF-8.
      expect(csv.body.startsWith('\uFEFFNo.,Time (Asia/Shanghai),User')).toBe(true);
      const [exported] = (await records('?action=audit.export&pageSize=1')).list;
      expect(exported).toMatchObject({ actorName: 'auditor', targetId: 'csv' });
      // The system administrator cannot export it.
      const refused = await call(t.app, admin, 'GET', `${SYSTEM_PATHS.auditExport}?format=csv`);
      expect(refused.status).toBe(403);
    });
  });

  describe('every console change', () => {
    it('writes one record per change, with the administrator, the target and what changed', async () => {
      const seen = async () => (await repositories.audit.head()).seq;
      const latest = async () => (await repositories.audit.page({}, undefined, 1))[0]!;
      const steps: [string, () => Promise<unknown>, string][] = [];
      let unit: { id: number; version: number } = { id: 0, version: 0 };
      let department: { id: number; version: number } = { id: 0, version: 0 };
      let menu: { id: number; version: number } = { id: 0, version: 0 };
      let role: { version: number } = { version: 0 };
      let user: { id: number; version: number } = { id: 0, version: 0 };
      steps.push(
        [
          'unit.create',
          async () =>
            (unit = await data(t.app, admin, 'POST', SYSTEM_PATHS.units, {
              name: '审计区',
              nameEn: 'Audit district',
            })),
          'unit',
        ],
        [
          'unit.update',
          async () =>
            (unit = await data(
              t.app,
              admin,
              'PUT',
              SYSTEM_PATHS.unit.replace(':id', String(unit.id)),
              { name: '审计新区', nameEn: 'Audit district', parentId: null, version: unit.version },
            )),
          'unit',
        ],
        [
          'unit.create',
          async () =>
            (department = await data(t.app, admin, 'POST', SYSTEM_PATHS.departments, {
              name: '审计科',
              nameEn: 'Audit section',
              organizationId: unit.id,
            })),
          'department',
        ],
        [
          'unit.delete',
          () =>
            data(
              t.app,
              admin,
              'DELETE',
              `${SYSTEM_PATHS.department.replace(':id', String(department.id))}?version=${department.version}`,
            ),
          'department',
        ],
        [
          'role.create',
          async () =>
            (role = await data(t.app, admin, 'POST', SYSTEM_PATHS.roles, {
              id: 'audit_probe',
              name: '审计探针',
              nameEn: 'Audit probe',
              dataScope: 'self',
            })),
          'role',
        ],
        [
          'role.update',
          () =>
            data(t.app, admin, 'PUT', SYSTEM_PATHS.role.replace(':id', 'audit_probe'), {
              name: '审计探针二',
              nameEn: 'Audit probe',
              dataScope: 'self',
              version: role.version,
            }),
          'role',
        ],
        [
          'role.delete',
          () =>
            data(
              t.app,
              admin,
              'DELETE',
              `${SYSTEM_PATHS.role.replace(':id', 'audit_probe')}?version=${role.version + 1}`,
            ),
          'role',
        ],
        [
          'menu.create',
          async () =>
            (menu = await data(t.app, admin, 'POST', SYSTEM_PATHS.menus, {
              code: 'audit_probe',
              name: '探针',
              nameEn: 'Probe',
              kind: 'page',
              icon: 'eye',
              url: '/business_guide/table',
              sortOrder: 99,
            })),
          'menu',
        ],
        [
          'menu.update',
          async () =>
            (menu = await data(
              t.app,
              admin,
              'PUT',
              SYSTEM_PATHS.menu.replace(':id', String(menu.id)),
              {
                code: 'audit_probe',
                name: '探针二',
                nameEn: 'Probe',
                kind: 'page',
                icon: 'eye',
                url: '/business_guide/table',
                sortOrder: 99,
                version: menu.version,
              },
            )),
          'menu',
        ],
        [
          'menu.delete',
          () =>
            data(
              t.app,
              admin,
              'DELETE',
              `${SYSTEM_PATHS.menu.replace(':id', String(menu.id))}?version=${menu.version}`,
            ),
          'menu',
        ],
        [
          'user.create',
          async () =>
            (user = (
              await data(t.app, admin, 'POST', SYSTEM_PATHS.users, {
                username: 'audit.probe',
                name: '探针用户',
                mobile: '13900001212',
                organizationId: bureau,
                departmentId: null,
                roleIds: ['staff'],
              })
            ).user),
          'user',
        ],
        [
          'user.disable',
          async () =>
            (user = await data(
              t.app,
              admin,
              'PUT',
              SYSTEM_PATHS.userStatus.replace(':id', String(user.id)),
              { disabled: true, version: user.version },
            )),
          'user',
        ],
        [
          'user.enable',
          async () =>
            (user = await data(
              t.app,
              admin,
              'PUT',
              SYSTEM_PATHS.userStatus.replace(':id', String(user.id)),
              { disabled: false, version: user.version },
            )),
          'user',
        ],
        [
          'user.reset-password',
          () =>
            data(t.app, admin, 'POST', SYSTEM_PATHS.userPassword.replace(':id', String(user.id))),
          'user',
        ],
        [
          'unit.delete',
          () =>
            data(
              t.app,
              admin,
              'DELETE',
              `${SYSTEM_PATHS.unit.replace(':id', String(unit.id))}?version=${unit.version}`,
            ),
          'unit',
        ],
      );
      for (const [action, change, kind] of steps) {
        const before = await seen();
        await change();
        expect(await seen(), action).toBe(before + 1);
        expect(await latest(), action).toMatchObject({
          action,
          outcome: 'success',
          actorName: 'admin',
          targetKind: kind,
        });
      }
      expect((await verification()).holds).toBe(true);
    });

    // Issue 31: every record so far (changes, refusals, sign-ins, views, exports) holds only
    // fields its action declares, so the trail shows each with its label and in words.
    it('writes only the fields each action declares', async () => {
      const { rows } = await t.database.db.execute<{
        action: string;
        before: Record<string, unknown> | null;
        after: Record<string, unknown> | null;
      }>('select action, before, after from audit_trail order by seq');
      expect(new Set(rows.map((row) => row.action)).size).toBeGreaterThan(15);
      const undeclared = rows.flatMap((row) =>
        undeclaredAuditFields(row.action, row.before, row.after).map(
          (field) => `${row.action}: ${field}`,
        ),
      );
      expect([...new Set(undeclared)]).toEqual([]);
    });
  });

  describe('three administrators kept apart', () => {
    it('lets only the auditor read the trail, and the auditor change nothing', async () => {
      for (const token of [admin, security]) {
        for (const url of [SYSTEM_PATHS.audit, SYSTEM_PATHS.auditVerification]) {
          expect((await call(t.app, token, 'GET', url)).status).toBe(403);
        }
      }
      expect((await call(t.app, auditor, 'GET', SYSTEM_PATHS.users)).status).toBe(403);
      expect(
        (
          await call(t.app, auditor, 'POST', SYSTEM_PATHS.users, {
            username: 'by.auditor',
            name: '审计员建',
            mobile: '13900005556',
            organizationId: bureau,
            departmentId: null,
            roleIds: ['staff'],
          })
        ).status,
      ).toBe(403);
    });

    it('refuses an account holding two of the three roles, and grants of their reserved rights', async () => {
      const both = await call(t.app, admin, 'POST', SYSTEM_PATHS.users, {
        username: 'two.hats',
        name: '身兼二职',
        mobile: '13900005557',
        organizationId: bureau,
        departmentId: null,
        roleIds: ['admin', 'auditor'],
      });
      // The auditor's role is not the console's to give at all (issue 21), let alone with another.
      expect(both.status).toBe(403);
      expect(both.body.msg).toBe(
        'The security administrator’s and the auditor’s roles are given only with the server’s accounts command, never in the console',
      );
      const fixed = await call(t.app, admin, 'PUT', SYSTEM_PATHS.role.replace(':id', 'auditor'), {
        name: '安全审计员',
        nameEn: 'Auditor',
        dataScope: 'self',
        entryIds: [],
        unitIds: [],
        version: 1,
      });
      expect(fixed.status).toBe(403);
      const menus = await data(t.app, admin, 'GET', SYSTEM_PATHS.menus);
      const flat: { id: number; permission: string | null; children: unknown[] }[] = [];
      const walk = (entries: typeof flat) =>
        entries.forEach((entry) => {
          flat.push(entry);
          walk(entry.children as typeof flat);
        });
      walk(menus);
      const auditRead = flat.find((entry) => entry.permission === 'system:audit:read')!;
      const grant = await call(t.app, admin, 'POST', SYSTEM_PATHS.roles, {
        id: 'shadow_auditor',
        name: '影子审计',
        nameEn: 'Shadow auditor',
        dataScope: 'self',
        entryIds: [auditRead.id],
        unitIds: [],
      });
      expect(grant.status).toBe(403);
      expect(grant.body.msg).toContain('cannot be granted to another role');
    });
  });

  describe('verification', () => {
    it('names the record changed by hand, then the link after a forged hash, then a gap', async () => {
      await repositories.audit.append(t.clock.now(), nobody, {
        action: 'auth.logout',
        outcome: 'success',
      });
      const head = (await repositories.audit.head()).seq;
      const victim = head - 1;
      await sqlAsOwner(t, `alter table audit_trail disable trigger audit_trail_append_only`);
      try {
        await sqlAsOwner(t, `update audit_trail set actor_name = 'someone' where seq = ${victim}`);
        expect(await verification()).toMatchObject({
          holds: false,
          brokenAt: victim,
          problem: 'content',
        });
        // A forger who also recomputes the record's hash breaks the next link.
        await sqlAsOwner(
          t,
          `update audit_trail t set hash = audit_trail_digest(t) where seq = ${victim}`,
        );
        expect(await verification()).toMatchObject({ brokenAt: victim + 1, problem: 'link' });
        await sqlAsOwner(t, `delete from audit_trail where seq in (${victim}, ${victim + 1})`);
        expect(await verification()).toMatchObject({ brokenAt: victim, problem: 'gap' });
      } finally {
        await sqlAsOwner(t, `alter table audit_trail enable trigger audit_trail_append_only`);
      }
      const [check] = (await records('?action=audit.verify&pageSize=1')).list;
      expect(check).toMatchObject({ outcome: 'failure', reason: 'gap' });
    });

    it('names a head moved by hand: behind the last record, with another hash, or ahead', async () => {
      // A fresh database: the chain holds before the head is forged.
      const fresh = await createTestApp();
      const verify = () => fresh.app.services.auditTrail.verify();
      const trail = (await testRepositories(fresh.database.db)).audit;
      const owner = (text: string) => fresh.database.db.execute(text);
      try {
        for (let i = 0; i < 3; i++) {
          await trail.append(fresh.clock.now(), nobody, {
            action: 'auth.logout',
            outcome: 'success',
          });
        }
        const last = await trail.head();
        expect(await verify()).toMatchObject({ holds: true, lastSeq: last.seq });
        await owner(`alter table audit_chain_head disable trigger audit_chain_head_guard`);
        const setHead = (seq: number, hash: string) =>
          owner(`update audit_chain_head set seq = ${seq}, hash = '${hash}'`);
        const hashOf = async (seq: number) => (await trail.find(seq))!.hash;
        try {
          // The last record deleted by a forger would leave this head behind.
          await setHead(last.seq - 1, await hashOf(last.seq - 1));
          expect(await verify()).toMatchObject({
            holds: false,
            brokenAt: last.seq,
            problem: 'head',
          });
          await setHead(last.seq, 'f'.repeat(64));
          expect(await verify()).toMatchObject({
            holds: false,
            brokenAt: last.seq,
            problem: 'head',
          });
          await setHead(last.seq + 2, last.hash);
          expect(await verify()).toMatchObject({
            holds: false,
            brokenAt: last.seq + 1,
            problem: 'gap',
          });
          await setHead(last.seq, last.hash);
          expect(await verify()).toMatchObject({ holds: true, lastSeq: last.seq });
        } finally {
          await owner(`alter table audit_chain_head enable trigger audit_chain_head_guard`);
        }
      } finally {
        await fresh.close();
      }
    });
  });
});

describe('retention', () => {
  let t: TestApp;
  let folder: string;

  beforeEach(async () => {
    t = await createTestApp();
    folder = await fs.mkdtemp(path.join(os.tmpdir(), 'audit-archive-'));
    return async () => {
      await t.close();
      await fs.rm(folder, { recursive: true, force: true });
    };
  });

  const options = async (retentionDays: number) => {
    const repositories = await testRepositories(t.database.db);
    return {
      repositories,
      withTransaction: transactionRunner(t.database.db, noRememberedSessions),
      audit: t.app.services.auditTrail,
      clock: t.clock,
      folder,
      retentionDays,
    };
  };

  it('moves records older than the retention age to a file whose chain and hash verify, and the table chain resumes after it', async () => {
    const trail = (await testRepositories(t.database.db)).audit;
    const long = new Date(t.clock.now().getTime() - 400 * 86_400_000);
    for (let i = 0; i < 30; i++) {
      await trail.append(long, nobody, {
        action: 'auth.login',
        outcome: 'success',
        reason: `${i}`,
      });
    }
    await trail.append(t.clock.now(), nobody, { action: 'auth.logout', outcome: 'success' });
    const headBefore = await trail.head();
    await expect(archiveOldRecords(await options(30))).rejects.toBeInstanceOf(
      RetentionTooShortError,
    );
    const result = await archiveOldRecords(await options(180));
    expect(result.archived).toBe(headBefore.seq - 1);
    const file = path.join(folder, result.fileName!);
    expect(await verifyArchiveFile(file)).toMatchObject({ holds: true, records: result.archived });
    const check = await t.app.services.auditTrail.verify();
    expect(check).toMatchObject({ holds: true, archivedThrough: result.seqTo });
    // The archive itself is recorded, and nothing is archived twice.
    expect((await trail.page({ action: 'audit.archive' }, undefined, 1))[0]).toMatchObject({
      targetName: result.fileName,
    });
    expect((await archiveOldRecords(await options(180))).archived).toBe(0);
    // A line changed in the file is found.
    const lines = (await fs.readFile(file, 'utf8')).split('\n');
    lines[5] = lines[5]!.replace('auth.login', 'auth.logout');
    await fs.writeFile(file, lines.join('\n'));
    expect(await verifyArchiveFile(file)).toMatchObject({ holds: false, brokenAtLine: 6 });
  });
});
