import { LIST_COUNT_LIMIT } from '@cityops/contract';
import { count, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countUpTo } from '../../src/db/paging.js';
import { users } from '../../src/db/schema/index.js';
import { type TestApp, createTestApp } from '../helpers/test-app.js';

/** The lists' total (issue 33): exact up to the limit, past it the limit marked inexact. */
describe('countUpTo', () => {
  let t: TestApp;
  let everyone: number;

  beforeAll(async () => {
    t = await createTestApp();
    const [row] = await t.database.db.select({ n: count() }).from(users);
    everyone = row!.n;
  });
  afterAll(async () => {
    await t.close();
  });

  const accounts = () => t.database.db.select({ id: users.id }).from(users).$dynamic();

  it('counts exactly below and at the limit', async () => {
    expect(everyone).toBeGreaterThan(3);
    expect(everyone).toBeLessThan(LIST_COUNT_LIMIT);
    expect(await countUpTo(t.database.db, accounts())).toEqual({
      total: everyone,
      totalExact: true,
    });
    expect(await countUpTo(t.database.db, accounts(), everyone)).toEqual({
      total: everyone,
      totalExact: true,
    });
  });

  it('stops past the limit: the limit, marked as a lower bound', async () => {
    expect(await countUpTo(t.database.db, accounts(), everyone - 1)).toEqual({
      total: everyone - 1,
      totalExact: false,
    });
    expect(await countUpTo(t.database.db, accounts(), 2)).toEqual({ total: 2, totalExact: false });
  });

  it('counts the filtered rows, none as an exact zero', async () => {
    const none = accounts().where(like(users.username, 'no-such-account-%'));
    expect(await countUpTo(t.database.db, none, 2)).toEqual({ total: 0, totalExact: true });
  });
});
