import { asc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../src/db/client.js';
import { menuEntries, roleMenuEntries } from '../../../src/db/schema/index.js';
import { type BuiltInEntry, builtInMenu } from '../../../src/modules/menus/built-in-menu.js';
import { noRememberedSessions } from '../../../src/modules/auth/session-cache.js';
import { transactionRunner } from '../../../src/repositories.js';
import { ensureBuiltInMenu } from '../../../src/seed/built-in-menu.js';
import { openTestDatabase } from '../../helpers/test-app.js';
import { menuBeforeManifests } from './menu-before-manifests.js';

/** The rows the seed made of the hand-written menu, parents first, in the order it made them. */
function expectedRows(entries: BuiltInEntry[], parent: string | null): object[] {
  return entries.flatMap((entry) => [
    {
      code: entry.code,
      parent,
      name: entry.name,
      nameEn: entry.nameEn,
      kind: entry.kind,
      icon: entry.icon ?? null,
      url: entry.url ?? '',
      query: entry.query ?? {},
      permission: entry.permission ?? null,
      sortOrder: entry.sortOrder,
      reservedRole: entry.reservedTo ?? null,
    },
    ...expectedRows(entry.children ?? [], entry.code),
  ]);
}

describe('the built-in menu in the database', () => {
  let database: Database;

  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(async () => {
    await database.close();
  });

  const builtInRows = async () => {
    const rows = await database.db.select().from(menuEntries).orderBy(asc(menuEntries.id));
    const codeOf = new Map(rows.map((row) => [row.id, row.code]));
    return rows
      .filter((row) => row.builtIn)
      .map((row) => ({
        code: row.code,
        parent: row.parentId === null ? null : (codeOf.get(row.parentId) ?? null),
        name: row.name,
        nameEn: row.nameEn,
        kind: row.kind,
        icon: row.icon,
        url: row.url,
        query: row.query,
        permission: row.permission,
        sortOrder: row.sortOrder,
        reservedRole: row.reservedRole,
      }));
  };

  it('is seeded as the hand-written menu was: the same entries, in the same order', async () => {
    const before = expectedRows(menuBeforeManifests, null) as { code: string }[];
    const codes = new Set(before.map((row) => row.code));
    const rows = await builtInRows();
    expect(rows.filter((row) => codes.has(row.code))).toEqual(before);
    // With the entries of the screens declared since, and nothing else.
    const declared = expectedRows(builtInMenu, null) as { code: string }[];
    expect(rows.map((row) => row.code).sort()).toEqual(declared.map((row) => row.code).sort());
  });

  it('is left as it is by the next start on the same database', async () => {
    const everything = async () => ({
      entries: await database.db.select().from(menuEntries).orderBy(asc(menuEntries.id)),
      grants: await database.db
        .select()
        .from(roleMenuEntries)
        .orderBy(asc(roleMenuEntries.menuEntryId), asc(roleMenuEntries.roleId)),
    });
    const before = await everything();
    await ensureBuiltInMenu(transactionRunner(database.db, noRememberedSessions));
    expect(await everything()).toEqual(before);
  });
});
