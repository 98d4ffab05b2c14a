/**
 * The data dictionary (features/dictionary.ts), a screen declared as two console
 * resources (modules/dictionary/dictionary.resource.ts): its types and their items,
 * paged and searched, created, changed at the version read, deleted unless in use,
 * each change on the trail with its fields, platform-wide in the policy.
 */
import { SYSTEM_PATHS, fillPath } from '@cityops/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chained } from '../../helpers/chained.js';
import { type TestApp, createTestApp } from '../../helpers/test-app.js';
import { call, data, unitId } from '../system/system-helpers.js';

let t: TestApp;
let admin: string;

const typePath = (id: number) => fillPath(SYSTEM_PATHS.dictionaryType, { id });
const itemPath = (id: number) => fillPath(SYSTEM_PATHS.dictionaryItem, { id });

async function records(action: string) {
  await chained(t);
  const { rows } = await t.database.db.execute<{
    outcome: string;
    reason: string | null;
    kind: string;
    name: string | null;
    before: Record<string, unknown> | null;
    after: Record<string, unknown> | null;
  }>(
    sql`select outcome, reason, target_kind as kind, target_name as name, before, after
        from audit_trail where action = ${action} order by seq`,
  );
  return rows;
}

beforeAll(async () => {
  t = await createTestApp();
  admin = (await t.login('admin', 'Admin@2026')).access_token;
});
afterAll(() => t.close());

describe('the data dictionary', () => {
  it('keeps types and their items, paged, searched and in their order', async () => {
    const empty = await data(t.app, admin, 'GET', SYSTEM_PATHS.dictionaryTypes);
    expect(empty).toMatchObject({ list: [], total: 0, totalExact: true, pageIndex: 1 });

    const type = await data(t.app, admin, 'POST', SYSTEM_PATHS.dictionaryTypes, {
      code: 'incident.kind',
      name: '事件类别',
      nameEn: '',
      sortOrder: 2,
    });
    // A blank English name takes the Chinese one, as every console name does.
    expect(type).toMatchObject({ code: 'incident.kind', nameEn: '事件类别', version: 1 });
    await data(t.app, admin, 'POST', SYSTEM_PATHS.dictionaryTypes, {
      code: 'facility',
      name: '设施类型',
      nameEn: 'Facility kind',
      sortOrder: 1,
    });

    const page = await data(t.app, admin, 'GET', `${SYSTEM_PATHS.dictionaryTypes}?pageSize=1`);
    expect(page).toMatchObject({ total: 2, pageSize: 1, list: [{ code: 'facility' }] });
    const found = await data(
      t.app,
      admin,
      'GET',
      `${SYSTEM_PATHS.dictionaryTypes}?keyword=INCIDENT`,
    );
    expect(found.list.map((row: { code: string }) => row.code)).toEqual(['incident.kind']);

    for (const [code, name, sortOrder] of [
      ['02', '占道经营', 2],
      ['01', '道路保洁', 1],
    ] as const) {
      await data(t.app, admin, 'POST', SYSTEM_PATHS.dictionaryItems, {
        typeId: type.id,
        code,
        name,
        nameEn: '',
        sortOrder,
      });
    }
    const items = await data(
      t.app,
      admin,
      'GET',
      `${SYSTEM_PATHS.dictionaryItems}?typeId=${type.id}`,
    );
    expect(items.list.map((row: { code: string }) => row.code)).toEqual(['01', '02']);
    expect(items.list[0]).toMatchObject({ typeId: type.id, name: '道路保洁' });
  });

  it('answers a clash, a bad value, a gone type and a stale version with the screen’s words', async () => {
    const taken = await call(t.app, admin, 'POST', SYSTEM_PATHS.dictionaryTypes, {
      code: 'facility',
      name: '重复',
    });
    expect(taken.status).toBe(409);
    expect(taken.body.data.fields).toEqual([
      { field: 'code', message: 'This code is already in use' },
    ]);

    const badCode = await call(t.app, admin, 'POST', SYSTEM_PATHS.dictionaryTypes, {
      code: '-a b',
      name: '坏编码',
    });
    expect(badCode.status).toBe(422);
    expect(badCode.body.data.fields).toEqual([
      { field: 'code', message: expect.stringMatching(/1 to 64 letters/) },
    ]);
    const badName = await call(t.app, admin, 'POST', SYSTEM_PATHS.dictionaryTypes, {
      code: 'bad',
      name: '坏\u0007名',
    });
    expect(badName.status).toBe(422);
    expect(badName.body.data.fields).toEqual([
      { field: 'name', message: expect.stringMatching(/control characters/) },
    ]);

    const nowhere = await call(t.app, admin, 'POST', SYSTEM_PATHS.dictionaryItems, {
      typeId: 2_000_000_000,
      code: '01',
      name: '无处',
    });
    expect(nowhere.status).toBe(404);

    const type = await data(t.app, admin, 'POST', SYSTEM_PATHS.dictionaryTypes, {
      code: 'weather',
      name: '天气',
    });
    await data(t.app, admin, 'PUT', typePath(type.id), { ...type, name: '天气现象' });
    const stale = await call(t.app, admin, 'PUT', typePath(type.id), { ...type, name: '晚了' });
    expect(stale.status).toBe(409);
    expect(stale.body.code).toBe('040009');
    const gone = await call(t.app, admin, 'PUT', typePath(1_999_999_999), { ...type });
    expect(gone.status).toBe(404);
    // A dialog reads the record again after a save lost to someone else's.
    expect(await data(t.app, admin, 'GET', typePath(type.id))).toMatchObject({
      name: '天气现象',
      version: 2,
    });
  });

  it('deletes a type only when no item is left in it', async () => {
    const type = await data(t.app, admin, 'POST', SYSTEM_PATHS.dictionaryTypes, {
      code: 'grid',
      name: '网格',
    });
    const item = await data(t.app, admin, 'POST', SYSTEM_PATHS.dictionaryItems, {
      typeId: type.id,
      code: 'A1',
      name: '一号网格',
    });
    const held = await call(t.app, admin, 'DELETE', `${typePath(type.id)}?version=1`);
    expect(held.status).toBe(409);
    expect(held.body.msg).toMatch(/delete them first/);

    const stale = await call(t.app, admin, 'DELETE', `${itemPath(item.id)}?version=7`);
    expect(stale.body.code).toBe('040009');
    await data(t.app, admin, 'DELETE', `${itemPath(item.id)}?version=1`);
    await data(t.app, admin, 'DELETE', `${typePath(type.id)}?version=1`);
    const after = await data(t.app, admin, 'GET', `${SYSTEM_PATHS.dictionaryTypes}?keyword=grid`);
    expect(after.list).toEqual([]);
  });

  it('records each change with the fields that changed', async () => {
    expect(await records('dictionary.type.create')).toContainEqual(
      expect.objectContaining({
        outcome: 'success',
        kind: 'dictionary-type',
        name: '事件类别',
        after: { code: 'incident.kind', name: '事件类别', nameEn: '事件类别', sortOrder: 2 },
      }),
    );
    expect(await records('dictionary.type.update')).toContainEqual(
      expect.objectContaining({ before: { name: '天气' }, after: { name: '天气现象' } }),
    );
    const [itemCreated] = await records('dictionary.item.create');
    // The type an item is made in is not one of its recorded fields.
    expect(Object.keys(itemCreated!.after!).sort()).toEqual([
      'code',
      'name',
      'nameEn',
      'sortOrder',
    ]);
    expect(await records('dictionary.item.delete')).toContainEqual(
      expect.objectContaining({ kind: 'dictionary-item', name: '一号网格' }),
    );
  });

  it('is platform-wide: a holder of its codes whose scope is one unit is refused, recorded', async () => {
    const entries = await data<{ id: number; code: string; children: unknown[] }[]>(
      t.app,
      admin,
      'GET',
      SYSTEM_PATHS.menus,
    );
    const flat = (list: { id: number; code: string; children: unknown[] }[]): typeof list =>
      list.flatMap((entry) => [entry, ...flat(entry.children as typeof list)]);
    const codes = [
      'system_admin',
      'system_dictionary',
      'system_dictionary_read',
      'system_dictionary_write',
    ];
    await data(t.app, admin, 'POST', SYSTEM_PATHS.roles, {
      id: 'dictionary_keeper',
      name: '字典维护',
      dataScope: 'unit',
      entryIds: flat(entries)
        .filter((entry) => codes.includes(entry.code))
        .map((entry) => entry.id),
    });
    const bureau = await unitId(t.app, admin, 'Jiangcheng Urban Management Bureau');
    const { initialPassword } = await data(t.app, admin, 'POST', SYSTEM_PATHS.users, {
      username: 'dictionary.keeper',
      name: '字典维护员',
      mobile: '13900007777',
      organizationId: bureau,
      roleIds: ['dictionary_keeper'],
    });
    await t.database.db.execute(
      sql`update users set must_change_password = false where username = 'dictionary.keeper'`,
    );
    const keeper = (await t.login('dictionary.keeper', initialPassword)).access_token;

    const list = await call(t.app, keeper, 'GET', SYSTEM_PATHS.dictionaryTypes);
    expect(list.status).toBe(200);
    const create = await call(t.app, keeper, 'POST', SYSTEM_PATHS.dictionaryTypes, {
      code: 'keeper',
      name: '维护员的类型',
    });
    expect(create.status).toBe(403);
    expect(create.body.msg).toMatch(/whole platform/);
    expect(await records('dictionary.type.create')).toContainEqual(
      expect.objectContaining({
        outcome: 'refused',
        reason: 'platform-wide',
        name: '维护员的类型',
      }),
    );

    const operator = (await t.login('operator', 'Operator@2026')).access_token;
    expect((await call(t.app, operator, 'GET', SYSTEM_PATHS.dictionaryTypes)).status).toBe(403);
  });
});
