import { SYSTEM_PATHS } from '@cityops/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp } from '../../helpers/test-app.js';
import { call, data, unitId } from './system-helpers.js';

describe('roles, units and menus', () => {
  let t: TestApp;
  let admin: string;

  beforeAll(async () => {
    t = await createTestApp();
    admin = (await t.login('admin', 'Admin@2026')).access_token;
  });
  afterAll(async () => {
    await t.close();
  });

  it('refuses to delete a role while users hold it, with the count; lists its holders', async () => {
    const role = await data(t.app, admin, 'GET', SYSTEM_PATHS.role.replace(':id', 'editor'));
    const refused = await call(
      t.app,
      admin,
      'DELETE',
      `${SYSTEM_PATHS.role.replace(':id', 'editor')}?version=${role.version}`,
    );
    expect(refused.status).toBe(409);
    const created = await data(t.app, admin, 'POST', SYSTEM_PATHS.roles, {
      id: 'inspector',
      name: '督查员',
      nameEn: 'Inspector',
      dataScope: 'self',
    });
    const { user } = await data(t.app, admin, 'POST', SYSTEM_PATHS.users, {
      username: 'inspector.one',
      name: '督查一',
      mobile: '13900002001',
      organizationId: await unitId(t.app, admin, 'Jiangcheng Emergency Management Bureau'),
      roleIds: ['inspector'],
    });
    const holders = await data(
      t.app,
      admin,
      'GET',
      SYSTEM_PATHS.roleUsers.replace(':id', 'inspector'),
    );
    expect(holders.list.map((u: { id: number }) => u.id)).toEqual([user.id]);
    const inUse = await call(
      t.app,
      admin,
      'DELETE',
      `${SYSTEM_PATHS.role.replace(':id', 'inspector')}?version=${created.version}`,
    );
    expect(inUse.status).toBe(409);
    expect(inUse.body.msg).toBe(
      'This role is held by 1 users and cannot be deleted; take it from them first',
    );
    await data(t.app, admin, 'PUT', SYSTEM_PATHS.user.replace(':id', String(user.id)), {
      username: 'inspector.one',
      name: '督查一',
      mobile: '13900002001',
      organizationId: user.organizationId,
      roleIds: [],
      version: user.version,
    });
    await data(
      t.app,
      admin,
      'DELETE',
      `${SYSTEM_PATHS.role.replace(':id', 'inspector')}?version=${created.version}`,
    );
    const builtIn = await call(
      t.app,
      admin,
      'DELETE',
      `${SYSTEM_PATHS.role.replace(':id', 'staff')}?version=1`,
    );
    expect(builtIn.status).toBe(409);
  });

  it('two administrators editing one role: the second save is refused', async () => {
    const role = await data(t.app, admin, 'POST', SYSTEM_PATHS.roles, {
      id: 'duty',
      name: '值班',
      nameEn: 'Duty',
      dataScope: 'self',
    });
    const edit = {
      name: '值班员',
      nameEn: 'Duty officer',
      dataScope: 'self',
      version: role.version,
    };
    await data(t.app, admin, 'PUT', SYSTEM_PATHS.role.replace(':id', 'duty'), edit);
    const second = await call(t.app, admin, 'PUT', SYSTEM_PATHS.role.replace(':id', 'duty'), {
      ...edit,
      name: '别的',
    });
    expect(second.status).toBe(409);
    expect(second.body.msg).toMatch(/^Someone else changed this record/);
  });

  it('creates, renames, moves and deletes units; refuses a unit in use or a cycle', async () => {
    const parent = await data(t.app, admin, 'POST', SYSTEM_PATHS.units, {
      name: '新区管委会',
      nameEn: 'New District Committee',
    });
    const child = await data(t.app, admin, 'POST', SYSTEM_PATHS.units, {
      name: '新区街道',
      nameEn: 'New District Street',
      parentId: parent.id,
    });
    const cycle = await call(
      t.app,
      admin,
      'PUT',
      SYSTEM_PATHS.unit.replace(':id', String(parent.id)),
      {
        name: parent.name,
        nameEn: parent.nameEn,
        parentId: child.id,
        version: parent.version,
      },
    );
    expect(cycle.status).toBe(422);
    const department = await data(t.app, admin, 'POST', SYSTEM_PATHS.departments, {
      name: '综合科',
      nameEn: 'General Section',
      organizationId: child.id,
    });
    const cascade = await data(t.app, admin, 'GET', `/organization/organ/cascade/${child.id}`);
    expect(cascade.map((d: { name: string }) => d.name)).toEqual(['综合科']);
    const { user } = await data(t.app, admin, 'POST', SYSTEM_PATHS.users, {
      username: 'street.one',
      name: '街道一',
      mobile: '13900002002',
      organizationId: child.id,
      departmentId: department.id,
      roleIds: ['staff'],
    });
    const inUse = await call(
      t.app,
      admin,
      'DELETE',
      `${SYSTEM_PATHS.unit.replace(':id', String(child.id))}?version=${child.version}`,
    );
    expect(inUse.status).toBe(409);
    expect(inUse.body.msg).toBe(
      'This unit still has 1 users and 1 units or departments and cannot be deleted',
    );
    const departmentInUse = await call(
      t.app,
      admin,
      'DELETE',
      `${SYSTEM_PATHS.department.replace(':id', String(department.id))}?version=${department.version}`,
    );
    expect(departmentInUse.status).toBe(409);
    const renamed = await data(
      t.app,
      admin,
      'PUT',
      SYSTEM_PATHS.unit.replace(':id', String(child.id)),
      {
        name: '新区第一街道',
        nameEn: 'New District First Street',
        parentId: null,
        sortOrder: 99,
        version: child.version,
      },
    );
    expect(renamed).toMatchObject({ parentId: null, sortOrder: 99, version: child.version + 1 });
    await data(
      t.app,
      admin,
      'DELETE',
      `${SYSTEM_PATHS.unit.replace(':id', String(parent.id))}?version=${parent.version}`,
    );
    void user;
  });

  it('edits the menu: a new page shows in a holder’s sidebar; addresses are checked; built-ins stay', async () => {
    const tree = await data(t.app, admin, 'GET', SYSTEM_PATHS.menus);
    const system = tree.find((entry: { code: string }) => entry.code === 'system_admin');
    for (const url of ['javascript:alert(1)', '//evil.example/x', 'data:text/html,x', 'ftp://x']) {
      const refused = await call(t.app, admin, 'POST', SYSTEM_PATHS.menus, {
        code: 'bad_page',
        name: '坏',
        nameEn: 'Bad',
        kind: 'page',
        url,
      });
      expect(refused.status, url).toBe(422);
    }
    const page = await data(t.app, admin, 'POST', SYSTEM_PATHS.menus, {
      code: 'city_dashboard',
      name: '城市体征',
      nameEn: 'City dashboard',
      kind: 'page',
      icon: 'bar-chart',
      url: 'https://dashboard.example.gov.cn/index.html',
      query: { city: 'jc' },
      sortOrder: 80,
    });
    const adminMenu = JSON.stringify(
      await data(t.app, admin, 'GET', '/organization/customize_configuration/userSysModel'),
    );
    expect(adminMenu).toContain('city_dashboard');
    const staffToken = (await t.login('operator', 'Operator@2026')).access_token;
    const staffMenu = () =>
      data(t.app, staffToken, 'GET', '/organization/customize_configuration/userSysModel').then(
        (menu) => JSON.stringify(menu),
      );
    expect(await staffMenu()).not.toContain('city_dashboard');
    const staff = await data(t.app, admin, 'GET', SYSTEM_PATHS.role.replace(':id', 'staff'));
    await data(t.app, admin, 'PUT', SYSTEM_PATHS.role.replace(':id', 'staff'), {
      name: staff.name,
      nameEn: staff.nameEn,
      dataScope: staff.dataScope,
      entryIds: [...staff.entryIds, page.id],
      version: staff.version,
    });
    expect(await staffMenu()).toContain('city_dashboard');

    const builtIn = await call(
      t.app,
      admin,
      'DELETE',
      `${SYSTEM_PATHS.menu.replace(':id', String(system.id))}?version=${system.version}`,
    );
    expect(builtIn.status).toBe(409);
    const duplicate = await call(t.app, admin, 'POST', SYSTEM_PATHS.menus, {
      code: 'city_dashboard',
      name: '重',
      nameEn: 'Again',
      kind: 'page',
    });
    expect(duplicate.status).toBe(409);
    const action = await call(t.app, admin, 'POST', SYSTEM_PATHS.menus, {
      code: 'dashboard_export',
      name: '导出',
      nameEn: 'Export',
      kind: 'action',
      parentId: page.id,
      permission: 'system:user:read',
    });
    expect(action.status).toBe(409);
    await data(
      t.app,
      admin,
      'DELETE',
      `${SYSTEM_PATHS.menu.replace(':id', String(page.id))}?version=${page.version}`,
    );
    expect(await staffMenu()).not.toContain('city_dashboard');
  });
});
