import {
  type Department,
  SYSTEM_PATHS,
  UNIT_LEVEL_PAGE_SIZE,
  UNIT_SEARCH_LIMIT,
  type UnitItem,
  type UnitLevelPage,
} from '@cityops/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp } from '../../helpers/test-app.js';
import { call, data, unitId } from './system-helpers.js';

/** The units read a level at a time and searched (issue 33): what the pickers and the units page read. */
describe('units a level at a time', () => {
  let t: TestApp;
  let admin: string;
  let district: string;
  let operator: string;
  let bureau: number;
  let jiangbei: number;
  let binjiang: number;

  const page = (token: string, parentId?: number, after?: number) => {
    const query = new URLSearchParams();
    if (parentId !== undefined) query.set('parentId', String(parentId));
    if (after !== undefined) query.set('after', String(after));
    return data<UnitLevelPage>(t.app, token, 'GET', `${SYSTEM_PATHS.unitLevel}?${query}`);
  };
  const level = async (token: string, parentId?: number) => {
    const first = await page(token, parentId);
    expect(first.hasMore).toBe(false);
    return first.list;
  };
  const names = (items: UnitItem[]) => items.map((item) => item.nameEn);

  beforeAll(async () => {
    t = await createTestApp();
    admin = (await t.login('admin', 'Admin@2026')).access_token;
    district = (await t.login('jiangbei', 'Jiangbei@2026')).access_token;
    operator = (await t.login('operator', 'Operator@2026')).access_token;
    bureau = await unitId(t.app, admin, 'Jiangcheng Urban Management Bureau');
    jiangbei = await unitId(t.app, admin, 'Jiangbei District Urban Management Bureau');
    binjiang = await unitId(t.app, admin, 'Binjiang Subdistrict Office, Jiangbei');
  });
  afterAll(async () => {
    await t.close();
  });

  it('gives the top units, each saying whether units sit below it, with no path', async () => {
    const tops = await level(admin);
    expect(names(tops)).toEqual([
      'Jiangcheng Urban Management Bureau',
      'Jiangcheng Housing and Urban-Rural Development Bureau',
      'Jiangcheng Emergency Management Bureau',
      'Jiangcheng Data Resources Bureau',
    ]);
    expect(tops.map((item) => item.hasChildren)).toEqual([true, false, false, false]);
    expect(tops.every((item) => item.path.length === 0)).toBe(true);
    expect(tops[0]!.departments.map((department) => department.nameEn)).toContain('General Office');
    expect(tops[0]!.actions).toEqual(expect.arrayContaining(['edit', 'add-child', 'add-beside']));
  });

  it('gives the units below one; a search gives the path from the top', async () => {
    const below = await level(admin, bureau);
    expect(names(below)).toEqual([
      'Jiangbei District Urban Management Bureau',
      'Jiangnan District Urban Management Bureau',
    ]);
    expect(below[0]!.hasChildren).toBe(true);
    expect(below[1]!.hasChildren).toBe(false);
    const street = await level(admin, jiangbei);
    expect(names(street)).toEqual(['Binjiang Subdistrict Office, Jiangbei']);
    expect(street[0]!.path).toEqual([]);
    expect(street[0]!.userCount).toBeGreaterThan(0);
    // A search gives the way down from the top.
    const [found] = await data<UnitItem[]>(
      t.app,
      admin,
      'GET',
      `${SYSTEM_PATHS.unitSearch}?ids=${binjiang}`,
    );
    expect(found!.path.map((step) => step.nameEn)).toEqual([
      'Jiangcheng Urban Management Bureau',
      'Jiangbei District Urban Management Bureau',
    ]);
    expect(await level(admin, binjiang)).toEqual([]);
  });

  it("starts a district administrator's tree at its district, with nothing above it", async () => {
    const tops = await level(district);
    expect(names(tops)).toEqual(['Jiangbei District Urban Management Bureau']);
    expect(tops[0]!.path).toEqual([]);
    // Its own top unit is not its to delete, and the tree says why.
    expect(tops[0]!.actions).not.toContain('delete');
    expect(tops[0]!.refusal).toBeDefined();
    const [street] = await data<UnitItem[]>(
      t.app,
      district,
      'GET',
      `${SYSTEM_PATHS.unitSearch}?ids=${binjiang}`,
    );
    expect(street!.path.map((step) => step.nameEn)).toEqual([
      'Jiangbei District Urban Management Bureau',
    ]);
  });

  it('does not open a unit outside the caller’s scope, as if it were not there', async () => {
    const outside = await call(
      t.app,
      district,
      'GET',
      `${SYSTEM_PATHS.unitLevel}?parentId=${bureau}`,
    );
    expect(outside.status).toBe(404);
    // A unit that is not there at all is not found for a caller who reaches every unit.
    const missing = await call(t.app, admin, 'GET', `${SYSTEM_PATHS.unitLevel}?parentId=999999`);
    expect(missing.status).toBe(404);
  });

  it('gives a wide level in pages, in the tree’s order, each unit once', async () => {
    const wide = await data<{ id: number }>(t.app, admin, 'POST', SYSTEM_PATHS.units, {
      name: '宽层级',
      nameEn: 'Wide level',
      parentId: binjiang,
    });
    const count = UNIT_LEVEL_PAGE_SIZE + 5;
    for (let index = 0; index < count; index++) {
      // Equal sort orders too: the id breaks the tie, as the tree orders them.
      await data(t.app, admin, 'POST', SYSTEM_PATHS.units, {
        name: `网格${index}`,
        nameEn: `Grid ${index}`,
        parentId: wide.id,
        sortOrder: (index * 7) % 3,
      });
    }
    const first = await page(admin, wide.id);
    expect(first.list).toHaveLength(UNIT_LEVEL_PAGE_SIZE);
    expect(first.hasMore).toBe(true);
    const second = await page(admin, wide.id, first.list.at(-1)!.id);
    expect(second.list).toHaveLength(5);
    expect(second.hasMore).toBe(false);
    const all = [...first.list, ...second.list];
    const order = (a: UnitItem, b: UnitItem) => a.sortOrder - b.sortOrder || a.id - b.id;
    expect(all.map((unit) => unit.id)).toEqual([...all].sort(order).map((unit) => unit.id));
    expect(new Set(all.map((unit) => unit.id)).size).toBe(count);
    // A district administrator pages its own units alike.
    const scoped = await page(district, wide.id);
    expect(scoped.list.map((unit) => unit.id)).toEqual(first.list.map((unit) => unit.id));
    expect(scoped.hasMore).toBe(true);
  });

  it('reads a department by id wherever it belongs now, not one outside the caller’s scope', async () => {
    const [office] = (await level(admin))[0]!.departments;
    const path = SYSTEM_PATHS.department.replace(':id', String(office!.id));
    const read = await data<Department>(t.app, admin, 'GET', path);
    expect(read).toEqual(office);
    // Moved to another unit: still found, under its new unit.
    const moved = await data<Department>(t.app, admin, 'PUT', path, {
      name: office!.name,
      nameEn: office!.nameEn,
      organizationId: jiangbei,
      sortOrder: office!.sortOrder,
      version: office!.version,
    });
    expect((await data<Department>(t.app, admin, 'GET', path)).organizationId).toBe(jiangbei);
    expect((await data<Department>(t.app, district, 'GET', path)).id).toBe(office!.id);
    await data(t.app, admin, 'PUT', path, {
      name: office!.name,
      nameEn: office!.nameEn,
      organizationId: bureau,
      sortOrder: office!.sortOrder,
      version: moved.version,
    });
    // Back at the bureau: outside the district's scope, as if it were not there.
    expect((await call(t.app, district, 'GET', path)).status).toBe(404);
    expect(
      (await call(t.app, admin, 'GET', SYSTEM_PATHS.department.replace(':id', '999999'))).status,
    ).toBe(404);
    expect((await call(t.app, operator, 'GET', path)).status).toBe(403);
  });

  it('finds units by a keyword in either name, within the caller’s scope', async () => {
    const search = (token: string, keyword: string) =>
      data<UnitItem[]>(
        t.app,
        token,
        'GET',
        `${SYSTEM_PATHS.unitSearch}?keyword=${encodeURIComponent(keyword)}`,
      );
    expect(names(await search(admin, 'Binjiang'))).toEqual([
      'Binjiang Subdistrict Office, Jiangbei',
    ]);
    expect(names(await search(admin, '滨江'))).toEqual(['Binjiang Subdistrict Office, Jiangbei']);
    expect(names(await search(district, 'Jiangnan'))).toEqual([]);
    // LIKE's wildcards are letters like any other.
    expect(await search(admin, '%')).toEqual([]);
    expect((await search(admin, 'Bureau')).length).toBeLessThanOrEqual(UNIT_SEARCH_LIMIT);
  });

  it('labels chosen units by id, leaving out those outside the caller’s scope', async () => {
    const found = await data<UnitItem[]>(
      t.app,
      district,
      'GET',
      `${SYSTEM_PATHS.unitSearch}?ids=${binjiang},${bureau}`,
    );
    expect(names(found)).toEqual(['Binjiang Subdistrict Office, Jiangbei']);
    expect(found[0]!.path.map((step) => step.id)).toEqual([jiangbei]);
  });

  it('refuses a search with neither keyword nor ids, and bad ids, as input errors', async () => {
    for (const query of ['', '?keyword=%20', '?ids=abc', `?ids=${'1,'.repeat(201)}`]) {
      const answer = await call(t.app, admin, 'GET', `${SYSTEM_PATHS.unitSearch}${query}`);
      expect(answer.status, query).toBe(422);
    }
    for (const query of ['?parentId=-1', '?after=abc', '?after=0']) {
      const bad = await call(t.app, admin, 'GET', `${SYSTEM_PATHS.unitLevel}${query}`);
      expect(bad.status, query).toBe(422);
    }
  });

  it('answers a holder of the user codes, who needs no unit code, and refuses a plain account', async () => {
    expect((await call(t.app, operator, 'GET', SYSTEM_PATHS.unitLevel)).status).toBe(403);
    // The security administrator's session filter: the session code alone suffices.
    const security = (await t.login('security', 'Security@2026')).access_token;
    expect(names(await level(security))).toContain('Jiangcheng Urban Management Bureau');
    const options = await data(t.app, admin, 'GET', SYSTEM_PATHS.userOptions);
    expect(Object.keys(options)).toEqual(['roles']);
  });
});
