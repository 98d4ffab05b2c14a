import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../../src/db/client.js';
import { refusalOf } from '../../helpers/refusal.js';
import { type TestApp, createTestApp } from '../../helpers/test-app.js';
import type { Repositories } from '../../../src/repositories.js';
import { testRepositories } from '../../helpers/test-repositories.js';
import { chained } from '../../helpers/chained.js';

/** `count` records in one INSERT, as a bulk writer (or a forger) would send them. */
const insertMany = (count: number) => sql`
  insert into audit_trail (at, actor_name, ip_address, action, outcome, after)
  select now(), 'bulk' || (g % 100), '10.0.0.' || (g % 250), 'auth.login', 'success',
         jsonb_build_object('n', g)
    from generate_series(1, ${count}::int) g`;

/** Issue 33 item 1: the chain's head is read by key and moved once per statement. */
describe('the audit chain at scale', () => {
  let t: TestApp;
  let trail: Repositories['audit'];

  beforeAll(async () => {
    t = await createTestApp();
    trail = (await testRepositories(t.database.db)).audit;
  });
  afterAll(async () => {
    await t.close();
  });

  const headPages = async () => {
    const [row] = rowsOf<{ pages: number }>(
      await t.database.db.execute(
        sql`select (pg_relation_size('audit_chain_head') / current_setting('block_size')::int)::int as pages`,
      ),
    );
    return Number(row?.pages);
  };

  // Slow on PGlite under load: a generous bound, not a figure (those are bench/audit-chain.ts's).
  it(
    'keeps its head to one page across 10,000 records in one transaction, chained in order',
    { timeout: 180_000 },
    async () => {
      const before = await trail.head();
      const pagesBefore = await headPages();
      // In one transaction, as a big import writes its records: before, each record left a
      // row version of the head that could not be pruned before the commit.
      // 1,000 to a statement, so that none outlasts the pool's timeouts on a busy machine.
      await t.database.db.transaction(async (tx) => {
        for (let i = 0; i < 10; i++) await tx.execute(insertMany(1_000));
      });
      expect(await headPages()).toBeLessThanOrEqual(Math.max(pagesBefore, 1));
      const head = await trail.head();
      expect(head.seq).toBe(before.seq + 10_000);
      const last = await trail.find(head.seq);
      expect(last?.hash).toBe(head.hash);
      const first = await trail.find(before.seq + 1);
      expect(first?.prevHash).toBe(before.hash);
      const result = await t.app.services.auditTrail.verify();
      expect(result).toMatchObject({ holds: true, lastSeq: head.seq });
      expect(result.checked).toBeGreaterThanOrEqual(10_000);
    },
  );

  it('refuses a statement that would not continue the head, as a taken number refused it before', async () => {
    const head = await trail.head();
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
    expect(await trail.head()).toEqual(head);
    expect(await t.app.services.auditTrail.verify()).toMatchObject({
      holds: false,
      brokenAt: head.seq + 1,
      problem: 'content',
    });
  });
});

/** Issue 30 item 5: the chain under the 国密 profile, and across a change of profile. */
describe('the audit chain under CRYPTO_PROFILE=gm', () => {
  let gm: TestApp;
  let trail: Repositories['audit'];

  beforeAll(async () => {
    // The template's records were chained with SHA-256: this start changes the hash.
    gm = await createTestApp({ CRYPTO_PROFILE: 'gm' });
    trail = (await testRepositories(gm.database.db)).audit;
  });
  afterAll(async () => {
    await gm.close();
  });

  const owner = (text: string) => gm.database.db.execute(text);
  const recordsOf = async (where: string) =>
    rowsOf<{ seq: number; algorithm: string; input: string; hash: string; action: string }>(
      await chained(gm).then(() =>
        owner(`select seq::float8 as seq, algorithm, audit_trail_digest_input(t) as input,
                          hash, action from audit_trail t where ${where} order by seq`),
      ),
    );

  it('chains with SM3 from the record that names each change, and verifies across changes', async () => {
    const service = gm.app.services.auditTrail;
    // The start under gm changed the hash: the trail's first record says so.
    const [start] = await recordsOf(`true`);
    expect(start).toMatchObject({ action: 'audit.algorithm', algorithm: 'SM3' });
    expect(await trail.find(start!.seq)).toMatchObject({
      before: { algorithm: 'SHA-256' },
      after: { algorithm: 'SM3' },
    });
    // Back to the international profile and forth again, records written under each.
    await service.followProfile('international');
    await gm.database.db.execute(insertMany(3));
    await service.followProfile('gm');
    await gm.database.db.execute(insertMany(3));
    // A start under the profile already followed changes nothing.
    await service.followProfile('gm');
    const rows = await recordsOf(`true`);
    expect(rows.map((r) => [r.action, r.algorithm])).toEqual([
      ['audit.algorithm', 'SM3'],
      ['audit.algorithm', 'SHA-256'],
      ...Array.from({ length: 3 }, () => ['auth.login', 'SHA-256']),
      ['audit.algorithm', 'SM3'],
      ...Array.from({ length: 3 }, () => ['auth.login', 'SM3']),
    ]);
    // The database's SM3 is GB/T 32905's: Node's OpenSSL gives each record's hash.
    for (const { algorithm, input, hash } of rows) {
      const node = createHash(algorithm === 'SM3' ? 'sm3' : 'sha256').update(input, 'utf8');
      expect(node.digest('hex')).toBe(hash);
    }
    expect(await service.verify()).toMatchObject({
      holds: true,
      algorithm: 'SM3',
      lastSeq: rows.at(-1)!.seq,
    });
  });

  it('finds an SM3 record changed, and a record relabelled with the other hash', async () => {
    await gm.database.db.execute(insertMany(3));
    const head = await trail.head();
    const [sha] = await recordsOf(`algorithm = 'SHA-256'`);
    await owner(`alter table audit_trail disable trigger audit_trail_append_only`);
    try {
      await owner(`update audit_trail set actor_name = 'someone' where seq = ${head.seq - 1}`);
      expect(await gm.app.services.auditTrail.verify()).toMatchObject({
        holds: false,
        algorithm: 'SM3',
        brokenAt: head.seq - 1,
        problem: 'content',
      });
      await owner(`update audit_trail set algorithm = 'SM3' where seq = ${sha!.seq}`);
      expect(await gm.app.services.auditTrail.verify()).toMatchObject({
        brokenAt: sha!.seq,
        problem: 'content',
      });
    } finally {
      await owner(`alter table audit_trail enable trigger audit_trail_append_only`);
    }
  });
});
