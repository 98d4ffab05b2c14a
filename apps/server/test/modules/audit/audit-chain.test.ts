import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../../src/db/client.js';
import { noRememberedSessions } from '../../../src/modules/auth/session-cache.js';
import { createRepositories } from '../../../src/repositories.js';
import { type TestApp, createTestApp } from '../../helpers/test-app.js';

/** The database's own message when it refuses a statement. */
async function refusalOf(work: Promise<unknown>): Promise<string> {
  try {
    await work;
  } catch (error) {
    const cause = (error as { cause?: { message?: string } }).cause;
    return cause?.message ?? String(error);
  }
  return 'accepted';
}

/** `count` records in one INSERT, as a bulk writer (or a forger) would send them. */
const insertMany = (count: number) => sql`
  insert into audit_trail (at, actor_name, ip_address, action, outcome, after)
  select now(), 'bulk' || (g % 100), '10.0.0.' || (g % 250), 'auth.login', 'success',
         jsonb_build_object('n', g)
    from generate_series(1, ${count}::int) g`;

/** Issue 33 item 1: the chain's head is read by key and moved once per statement. */
describe('the audit chain at scale', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const trail = () => createRepositories(t.database.db, noRememberedSessions).audit;
  const headPages = async () => {
    const [row] = rowsOf<{ pages: number }>(
      await t.database.db.execute(
        sql`select (pg_relation_size('audit_chain_head') / current_setting('block_size')::int)::int as pages`,
      ),
    );
    return Number(row?.pages);
  };

  it('keeps its head to one page across 20,000 records in one statement, chained in order', async () => {
    const before = await trail().head();
    const pagesBefore = await headPages();
    // In one transaction, as a big import writes its records: before, each record left a
    // row version of the head that could not be pruned before the commit.
    await t.database.db.transaction(async (tx) => {
      // Longer than a request may take (the pool's statement timeout), on a shared machine.
      await tx.execute(sql`set local statement_timeout = '120s'`);
      await tx.execute(insertMany(20_000));
      await tx.execute(insertMany(5_000));
    });
    expect(await headPages()).toBeLessThanOrEqual(Math.max(pagesBefore, 1));
    const head = await trail().head();
    expect(head.seq).toBe(before.seq + 25_000);
    const last = await trail().find(head.seq);
    expect(last?.hash).toBe(head.hash);
    const first = await trail().find(before.seq + 1);
    expect(first?.prevHash).toBe(before.hash);
    const result = await t.app.services.auditTrail.verify();
    expect(result).toMatchObject({ holds: true, lastSeq: head.seq });
    expect(result.checked).toBeGreaterThanOrEqual(25_000);
  });

  it('refuses a statement that would not continue the head, as a taken number refused it before', async () => {
    const head = await trail().head();
    const owner = (text: string) => t.database.db.execute(text);
    // A record slipped in past the head with the chain's triggers off.
    await owner(`alter table audit_trail disable trigger user`);
    try {
      await owner(`insert into audit_trail (seq, at, action, outcome, prev_hash, hash)
                   values (${head.seq + 1}, now(), 'auth.logout', 'success', '${head.hash}', 'forged')`);
    } finally {
      await owner(`alter table audit_trail enable trigger user`);
    }
    expect(await refusalOf(t.database.db.execute(insertMany(3)))).toMatch(
      /does not continue the chain's head/,
    );
    expect(await trail().head()).toEqual(head);
    expect(await t.app.services.auditTrail.verify()).toMatchObject({
      holds: false,
      brokenAt: head.seq + 1,
      problem: 'content',
    });
  });
});
