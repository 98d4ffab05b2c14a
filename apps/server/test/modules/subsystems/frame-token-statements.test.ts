import { type AddressInfo } from 'node:net';
import { SUBSYSTEM_PATHS } from '@cityops/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tokenDigest } from '../../../src/lib/tokens.js';
import { statementsOf } from '../../helpers/statements.js';
import { frameSubsystemAt } from '../../helpers/subsystem-menu.js';
import { type TestApp, bearer, createTestApp } from '../../helpers/test-app.js';
import { chained } from '../../helpers/chained.js';

/** A statement's verb and table (a read's outermost, its last `from`): `select users`. */
function kind(statement: string): string {
  // A statement of several writes (data-modifying `with` parts): each part's verb and table.
  if (/^\s*with\b/i.test(statement)) {
    const parts = [...statement.matchAll(/\b(insert into|update) (?!set\b)"?([a-z_]+)"?/gi)];
    return `with ${parts.map((part) => `${part[1]} ${part[2]}`).join(', ')}`;
  }
  const write = /^\s*(insert into|update|delete from) "([a-z_]+)"/i.exec(statement);
  if (write) return `${write[1]} ${write[2]}`;
  const tables = [...statement.matchAll(/\bfrom "([a-z_]+)"/g)];
  return `select ${tables.at(-1)?.[1] ?? statement}`;
}

describe('the statements a frame token costs (issue 32, docs/performance.md)', () => {
  let t: TestApp;
  let base: string;
  let menuId: number;

  beforeAll(async () => {
    t = await createTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    menuId = await frameSubsystemAt(t.app, {
      clientId: 'count-test',
      name: '计数测试',
      nameEn: 'Count test',
      origin: base,
    });
  });
  afterAll(async () => t?.close());

  it('costs a first token and a repeat within its lifetime these statements', async () => {
    const session = (await t.login('admin', 'Admin@2026')).access_token;
    const ask = (id: number) =>
      fetch(`${base}/api${SUBSYSTEM_PATHS.frameToken}`, {
        method: 'POST',
        headers: { ...bearer(session), 'content-type': 'application/json' },
        body: JSON.stringify({ menuId: id }),
      });
    const open = async () => {
      const answer = (await (await ask(menuId)).json()) as { data: { token: string | null } };
      expect(answer.data.token).toBeTruthy();
    };
    // The session is read once and remembered, as by any request: an entry that does not
    // exist (404) reads it.
    expect((await ask(2_000_000_000)).status).toBe(404);
    const first = await statementsOf(open, { countTransactionsOf: t });
    // Its record is chained after the answer (audit/audit-chainer.ts): not in the next window.
    await chained(t);
    const repeat = await statementsOf(open, { countTransactionsOf: t });
    // The repeat took two tokens ahead (frame-token-leases.ts): the next asks no count.
    const leased = await statementsOf(open, { countTransactionsOf: t });
    const afterLease = await statementsOf(open, { countTransactionsOf: t });
    const health = await statementsOf(
      async () => {
        await t.app.inject({ method: 'GET', url: '/api/health' });
      },
      { countTransactionsOf: t },
    );
    // The first token of the window writes its sign-in and its record on the trail together.
    expect(first).toContain('begin');
    expect(
      first.some((statement) => statement.startsWith('insert into "audit_trail_pending"')),
    ).toBe(true);
    // A repeat: one statement counting the two limits and the repeat; no transaction, no
    // read of the roles (an action on one's own session), the registration from memory,
    // the account's claims as the remembered session holds them.
    const counted = [
      'with insert into request_limits, insert into request_limits, update subsystem_sign_ins',
    ];
    expect(repeat.map(kind)).toEqual(counted);
    // A repeat from what the session took ahead: no statement at all.
    expect(leased).toEqual([]);
    expect(afterLease.map(kind)).toEqual(counted);
    // Its repeats reach the sign-in when they are saved (every few seconds, and at stop).
    const repeats = async () =>
      (
        await t.database.db.execute<{ frame_repeats: number }>(
          sql`select frame_repeats from subsystem_sign_ins
               where session_token_hash = ${tokenDigest(session)}`,
        )
      ).rows[0]!.frame_repeats;
    expect(await repeats()).toBe(2);
    await t.app.services.frameTokens.saveRepeats();
    expect(await repeats()).toBe(3);
    // The health check's one ping (PGlite's own, not through Drizzle, so not seen there).
    expect(health.length).toBeLessThanOrEqual(1);
  });
});
