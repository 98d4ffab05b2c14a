/**
 * The access policy beyond accounts (issue 21): units and departments, roles, menu
 * entries and settings, each refusal recorded with its reason and nothing changed.
 */
import { SYSTEM_PATHS, fillPath } from '@cityops/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp } from '../../helpers/test-app.js';
import { call, data, unitId } from '../system/system-helpers.js';
import { chained } from '../../helpers/chained.js';

let t: TestApp;
let admin: string;
let district: string;
let binjiang: number;
let jiangnan: number;

interface Entry {
  id: number;
  code: string;
  children: Entry[];
  [field: string]: unknown;
}
const flatten = (entries: Entry[]): Entry[] =>
  entries.flatMap((entry) => [entry, ...flatten(entry.children)]);

beforeAll(async () => {
  t = await createTestApp();
  admin = (await t.login('admin', 'Admin@2026')).access_token;
  district = (await t.login('jiangbei', 'Jiangbei@2026')).access_token;
  binjiang = await unitId(t.app, admin, 'Binjiang Subdistrict Office, Jiangbei');
  jiangnan = await unitId(t.app, admin, 'Jiangnan District Urban Management Bureau');
});
afterAll(async () => {
  await t.close();
});

async function lastRecord() {
  await chained(t);
  const { rows } = await t.database.db.execute<{
    action: string;
    outcome: string;
    reason: string;
    kind: string;
  }>(
    sql`select action, outcome, reason, target_kind as kind from audit_trail order by seq desc limit 1`,
  );
  return rows[0]!;
}

/** A role made by the administrator from entry codes, given to a new account; its token. */
async function holderOf(role: string, dataScope: string, codes: string[]): Promise<string> {
  const entries = flatten(await data<Entry[]>(t.app, admin, 'GET', SYSTEM_PATHS.menus));
  await data(t.app, admin, 'POST', SYSTEM_PATHS.roles, {
    id: role,
    name: role,
    nameEn: role,
    dataScope,
    entryIds: entries.filter((entry) => codes.includes(entry.code)).map((entry) => entry.id),
  });
  const { initialPassword } = await data(t.app, admin, 'POST', SYSTEM_PATHS.users, {
    username: `${role}.holder`,
    name: role,
    mobile: '13900006666',
    organizationId: binjiang,
    departmentId: null,
    roleIds: [role],
  });
  await t.database.db.execute(
    sql`update users set must_change_password = false where username = ${`${role}.holder`}`,
  );
  return (await t.login(`${role}.holder`, initialPassword)).access_token;
}

describe('units and departments', () => {
  it('keeps a district administrator inside its district, recorded', async () => {
    const top = await call(t.app, district, 'POST', SYSTEM_PATHS.units, {
      name: '新局',
      nameEn: 'New bureau',
      parentId: null,
      sortOrder: 0,
    });
    expect(top.status).toBe(403);
    expect(await lastRecord()).toMatchObject({
      action: 'unit.create',
      outcome: 'refused',
      reason: 'scope',
    });
    const unit = await data(t.app, admin, 'GET', SYSTEM_PATHS.units);
    const binjiangNode = flatten(unit).find((node) => node.id === binjiang)!;
    const moved = await call(
      t.app,
      district,
      'PUT',
      fillPath(SYSTEM_PATHS.unit, { id: binjiang }),
      {
        name: binjiangNode.name,
        nameEn: binjiangNode.nameEn,
        parentId: jiangnan,
        sortOrder: binjiangNode.sortOrder,
        version: binjiangNode.version,
      },
    );
    expect(moved.status).toBe(403);
    expect(await lastRecord()).toMatchObject({
      action: 'unit.update',
      reason: 'scope',
      kind: 'unit',
    });
    const department = await call(t.app, district, 'POST', SYSTEM_PATHS.departments, {
      name: '外区科室',
      nameEn: 'Elsewhere',
      organizationId: jiangnan,
      sortOrder: 0,
    });
    expect(department.status).toBe(403);
    expect(await lastRecord()).toMatchObject({ action: 'unit.create', reason: 'scope' });
    const after = flatten(await data(t.app, admin, 'GET', SYSTEM_PATHS.units)).find(
      (node) => node.id === binjiang,
    )!;
    expect(after.parentId).toBe(binjiangNode.parentId);
  });
});

describe('roles', () => {
  it('lets a district administrator change a role only while every holder is one it outranks', async () => {
    const grantable = flatten(await data<Entry[]>(t.app, district, 'GET', SYSTEM_PATHS.grantable));
    const clerk = grantable.filter(
      (entry) => entry.code === 'business_guide' || entry.code === 'guide_list',
    );
    const role = {
      id: 'bj_clerk',
      name: '滨江文员',
      nameEn: 'Binjiang clerk',
      dataScope: 'self',
      entryIds: clerk.map((entry) => entry.id),
    };
    await data(t.app, district, 'POST', SYSTEM_PATHS.roles, role);
    // The administrator gives the role to a system administrator in the district.
    await data(t.app, admin, 'POST', SYSTEM_PATHS.users, {
      username: 'clerk.admin',
      name: '兼任文员的管理员',
      mobile: '13900005656',
      organizationId: binjiang,
      departmentId: null,
      roleIds: ['admin', 'bj_clerk'],
    });
    const current = await data(
      t.app,
      district,
      'GET',
      fillPath(SYSTEM_PATHS.role, { id: 'bj_clerk' }),
    );
    const edit = await call(
      t.app,
      district,
      'PUT',
      fillPath(SYSTEM_PATHS.role, { id: 'bj_clerk' }),
      {
        ...role,
        entryIds: [],
        version: current.version,
      },
    );
    expect(edit.status).toBe(403);
    expect(edit.body.msg).toMatch(
      /^Holders of this role also hold the role “System administrator”/,
    );
    expect(await lastRecord()).toMatchObject({
      action: 'role.update',
      reason: 'strength',
      kind: 'role',
    });
    const removal = await call(
      t.app,
      district,
      'DELETE',
      `${fillPath(SYSTEM_PATHS.role, { id: 'bj_clerk' })}?version=${current.version}`,
    );
    expect(removal.status).toBe(403);
    expect(await lastRecord()).toMatchObject({ action: 'role.delete', reason: 'strength' });
  });

  it('keeps the fixed roles and one’s own role unchanged, recorded', async () => {
    const auditor = await data(t.app, admin, 'GET', fillPath(SYSTEM_PATHS.role, { id: 'auditor' }));
    const fixed = await call(t.app, admin, 'PUT', fillPath(SYSTEM_PATHS.role, { id: 'auditor' }), {
      name: auditor.name,
      nameEn: auditor.nameEn,
      dataScope: 'all',
      entryIds: auditor.entryIds,
      version: auditor.version,
    });
    expect(fixed.status).toBe(403);
    expect(await lastRecord()).toMatchObject({ action: 'role.update', reason: 'fixed' });
    const own = await data(
      t.app,
      district,
      'GET',
      fillPath(SYSTEM_PATHS.role, { id: 'district_admin' }),
    );
    const widen = await call(
      t.app,
      district,
      'PUT',
      fillPath(SYSTEM_PATHS.role, { id: 'district_admin' }),
      { ...own, dataScope: 'all' },
    );
    expect(widen.status).toBe(403);
    expect(await lastRecord()).toMatchObject({ action: 'role.update', reason: 'self' });
  });
});

describe('platform-wide objects: the menu and the settings', () => {
  it('refuses a holder of the codes whose scope is not all data, recorded', async () => {
    const keeper = await holderOf('menu_keeper', 'unit', [
      'system_admin',
      'system_menus',
      'system_menu_read',
      'system_menu_write',
      'system_settings',
      'system_settings_write',
    ]);
    const create = await call(t.app, keeper, 'POST', SYSTEM_PATHS.menus, {
      code: 'keeper_page',
      name: '页面',
      nameEn: 'Page',
      kind: 'page',
    });
    expect(create.status).toBe(403);
    expect(create.body.msg).toMatch(/whole platform/);
    expect(await lastRecord()).toMatchObject({ action: 'menu.create', reason: 'platform-wide' });
    const general = await data(t.app, admin, 'GET', '/system/settings/general');
    const save = await call(t.app, keeper, 'PUT', '/system/settings/general', {
      version: general.version,
      values: { ...general.values, systemName: '改名' },
    });
    expect(save.status).toBe(403);
    expect(await lastRecord()).toMatchObject({
      action: 'settings.update',
      reason: 'platform-wide',
    });
    const kept = await data(t.app, admin, 'GET', '/system/settings/general');
    expect(kept.values.systemName).toBe(general.values.systemName);
  });

  it('leaves the auditor’s and the security administrator’s entries to them', async () => {
    const entries = flatten(await data<Entry[]>(t.app, admin, 'GET', SYSTEM_PATHS.menus));
    const audit = entries.find((entry) => entry.code === 'system_audit')!;
    const hide = await call(t.app, admin, 'PUT', fillPath(SYSTEM_PATHS.menu, { id: audit.id }), {
      ...audit,
      children: undefined,
      visible: false,
    });
    expect(hide.status).toBe(403);
    expect(hide.body.msg).toMatch(/belongs to the security administrator or the auditor/);
    expect(await lastRecord()).toMatchObject({ action: 'menu.update', reason: 'separation' });
  });
});
