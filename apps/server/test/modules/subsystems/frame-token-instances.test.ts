import { SUBSYSTEM_PATHS, SYSTEM_PATHS, fillPath } from '@cityops/contract';
import { decodeJwt } from 'jose';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { data } from '../system/system-helpers.js';
import { frameSubsystemAt } from '../../helpers/subsystem-menu.js';
import {
  type TestApp,
  bearer,
  createAccount,
  createTestApp,
  secondInstance,
  withSecuritySettings,
} from '../../helpers/test-app.js';

const PRODUCT = 'http://cityops.test';
/** A tenth of it is taken ahead at most (frame-token-leases.ts): 3 a statement. */
const SESSION_LIMIT = 30;

/**
 * What each instance keeps in memory for frame tokens holds across instances (issue 32,
 * docs/performance.md "Frame tokens leased"): tokens taken ahead never pass the limits
 * every instance shares, and the claims read from the remembered session follow an edit
 * of the account at once. Two instances of one database.
 */
describe('frame tokens on two instances', () => {
  let t: TestApp;
  let other: FastifyInstance;
  let menuId: number;

  beforeAll(async () => {
    t = await createTestApp({ PUBLIC_URL: PRODUCT });
    other = await secondInstance(t);
    menuId = await frameSubsystemAt(t.app, {
      clientId: 'limits-test',
      name: '限额测试',
      nameEn: 'Limits test',
      origin: PRODUCT,
    });
  });
  afterAll(async () => {
    await other?.close();
    await t?.close();
  });

  const ask = async (app: FastifyInstance, session: string) => {
    const response = await app.inject({
      method: 'POST',
      url: `/api${SUBSYSTEM_PATHS.frameToken}`,
      headers: bearer(session),
      payload: { menuId },
    });
    return response.json<{ code: string; data: { token?: string | null } | null }>();
  };
  const given = (answers: { code: string; data: { token?: string | null } | null }[]) =>
    answers.filter((answer) => answer.code === '000000' && answer.data?.token).length;

  it('gives at most the session limit in a minute, asked in turn or all at once on two instances', async () => {
    await t.database.db.execute(sql`delete from request_limits`);
    await withSecuritySettings(
      t,
      { 'rate.frameTokenPerMinute': String(SESSION_LIMIT) },
      async () => {
        // The setting reaches the other instance by its change notice.
        await expect
          .poll(() => other.services.securitySettings.number('rate.frameTokenPerMinute'))
          .toBe(SESSION_LIMIT);
        const inTurn = (await t.login('admin', 'Admin@2026')).access_token;
        const answers = [];
        for (let request = 0; request < SESSION_LIMIT + 15; request += 1) {
          answers.push(await ask(request % 2 === 0 ? t.app : other, inTurn));
        }
        // None past the limit; at most what each instance took ahead and did not give
        // (two less than the most a statement takes) short of it.
        expect(given(answers)).toBeLessThanOrEqual(SESSION_LIMIT);
        expect(given(answers)).toBeGreaterThanOrEqual(SESSION_LIMIT - 2 * 2);
        expect(answers.at(-1)!.code).toBe('040029');

        const atOnce = (await t.login('admin', 'Admin@2026')).access_token;
        const parallel = await Promise.all(
          Array.from({ length: SESSION_LIMIT + 15 }, (_, request) =>
            ask(request % 2 === 0 ? t.app : other, atOnce),
          ),
        );
        expect(given(parallel)).toBeLessThanOrEqual(SESSION_LIMIT);
        expect(parallel.filter((answer) => answer.code === '040029').length).toBeGreaterThanOrEqual(
          15,
        );
        // The next minute gives again, on either.
        t.clock.advance(61_000);
        expect(given([await ask(other, atOnce), await ask(t.app, atOnce)])).toBe(2);
      },
    );
    await t.database.db.execute(sql`delete from request_limits`);
  });

  it("carries the account's edit in the next token's claims, on either instance", async () => {
    await t.database.db.execute(
      sql`update subsystems set claims = '["preferred_username","name"]'::jsonb
           where client_id = 'limits-test'`,
    );
    // The registry is remembered per process: a write behind the repository's back is announced.
    await t.app.sessionCache.changed({ everyone: true });
    const person = await createAccount(t.app, { roleIds: ['staff'], mobile: '13900001234' });
    const session = (await t.login(person.username, person.password)).access_token;
    const nameIn = async (app: FastifyInstance) => {
      const answer = await ask(app, session);
      return decodeJwt(answer.data!.token!).name;
    };
    // Each instance remembers the session, its account's fields with it.
    const before = await nameIn(t.app);
    expect(await nameIn(other)).toBe(before);
    const { rows } = await t.database.db.execute<{
      organization_id: number | null;
      department_id: number | null;
      version: number;
    }>(sql`select organization_id, department_id, version from users where id = ${person.id}`);
    const account = rows[0]!;
    // The console's edit, on the first instance.
    const admin = (await t.login('admin', 'Admin@2026')).access_token;
    await data(t.app, admin, 'PUT', fillPath(SYSTEM_PATHS.user, { id: person.id }), {
      username: person.username,
      name: '改过的名字',
      mobile: '13900001234',
      // An account the test hook made has no unit: the edit places it in the first.
      organizationId: String(account.organization_id ?? 1),
      departmentId: account.department_id === null ? null : String(account.department_id),
      roleIds: ['staff'],
      version: account.version,
    });
    // The edit reaches the other instance by its change notice: the next token there has it.
    await expect.poll(() => nameIn(other)).toBe('改过的名字');
    expect(await nameIn(t.app)).toBe('改过的名字');
  });
});
