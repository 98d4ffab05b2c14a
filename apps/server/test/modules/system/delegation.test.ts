import { SYSTEM_PATHS } from '@cityops/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp } from '../../helpers/test-app.js';
import { call, data, unitId, unitsReached } from './system-helpers.js';

interface Entry {
  id: number;
  code: string;
  children: Entry[];
}

function flatten(entries: Entry[]): Entry[] {
  return entries.flatMap((entry) => [entry, ...flatten(entry.children)]);
}

describe('delegation without escalation (the district administrator)', () => {
  let t: TestApp;
  let admin: string;
  let district: string;
  let jiangbei: number;
  let jiangnan: number;
  let binjiang: number;

  beforeAll(async () => {
    t = await createTestApp();
    admin = (await t.login('admin', 'Admin@2026')).access_token;
    district = (await t.login('jiangbei', 'Jiangbei@2026')).access_token;
    jiangbei = await unitId(t.app, admin, 'Jiangbei District Urban Management Bureau');
    jiangnan = await unitId(t.app, admin, 'Jiangnan District Urban Management Bureau');
    binjiang = await unitId(t.app, admin, 'Binjiang Subdistrict Office, Jiangbei');
  });
  afterAll(async () => {
    await t.close();
  });

  /** A role's update as the console sends it: the role's fields, its assignable mark, a confirmation. */
  type RoleUpdate = {
    name: string;
    nameEn: string;
    dataScope: string;
    unitIds: number[];
    entryIds: number[];
    assignable?: boolean;
    confirmReachLoss?: boolean;
    version: number;
  };

  /** A role as it stands now, read by the system administrator. */
  const roleNow = (id: string): Promise<RoleUpdate & { assignable: boolean }> =>
    data(t.app, admin, 'GET', SYSTEM_PATHS.role.replace(':id', id));

  /**
   * Saves a role as `token`: as it stands now (its fields and version) with `changes`,
   * given or made from it; the answer, saved or refused.
   */
  async function putRole(
    token: string,
    id: string,
    changes: Partial<RoleUpdate> | ((now: RoleUpdate) => Partial<RoleUpdate>) = {},
    language?: string,
  ) {
    const now = await roleNow(id);
    const body: RoleUpdate = {
      name: now.name,
      nameEn: now.nameEn,
      dataScope: now.dataScope,
      unitIds: now.unitIds,
      entryIds: now.entryIds,
      version: now.version,
      ...(typeof changes === 'function' ? changes(now) : changes),
    };
    return call(t.app, token, 'PUT', SYSTEM_PATHS.role.replace(':id', id), body, language);
  }

  const usernames = (page: { list: { username: string }[] }) =>
    page.list.map((user) => user.username).sort();

  it('sees only the users and units of the district and below', async () => {
    const page = await data(t.app, district, 'GET', `${SYSTEM_PATHS.users}?pageSize=100`);
    expect(usernames(page)).toEqual(['bj_officer', 'jb_officer', 'jiangbei']);
    const units = await data<{ id: number; children: { id: number }[] }[]>(
      t.app,
      district,
      'GET',
      SYSTEM_PATHS.units,
    );
    expect(units.map((unit) => unit.id)).toEqual([jiangbei]);
    expect(units[0]!.children.map((unit) => unit.id)).toEqual([binjiang]);
  });

  it('is offered only its units and the roles it may give in the user form', async () => {
    const units = await unitsReached(t.app, district);
    expect(units.map((unit) => unit.id)).toEqual([jiangbei, binjiang]);
    const options = await data(t.app, district, 'GET', SYSTEM_PATHS.userOptions);
    const roles = options.roles.map((role: { id: string }) => role.id);
    expect(roles).toContain('staff');
    expect(roles).not.toContain('admin');
    expect(roles).not.toContain('editor');
    const all = await data(t.app, admin, 'GET', SYSTEM_PATHS.userOptions);
    expect(all.roles.map((role: { id: string }) => role.id)).toContain('admin');
  });

  it('cannot change or create users of another district', async () => {
    const other = (await data(t.app, admin, 'GET', `${SYSTEM_PATHS.users}?keyword=jn_officer`))
      .list[0];
    const edit = await call(
      t.app,
      district,
      'PUT',
      SYSTEM_PATHS.user.replace(':id', String(other.id)),
      {
        username: other.username,
        name: '改名',
        mobile: other.mobile,
        organizationId: other.organizationId,
        departmentId: other.departmentId,
        roleIds: ['staff'],
        version: other.version,
      },
    );
    expect(edit.status).toBe(403);
    expect(edit.body.msg).toBe('This is outside the units you manage');
    const read = await call(
      t.app,
      district,
      'GET',
      SYSTEM_PATHS.user.replace(':id', String(other.id)),
    );
    expect(read.status).toBe(403);
    const reset = await call(
      t.app,
      district,
      'POST',
      SYSTEM_PATHS.userPassword.replace(':id', String(other.id)),
    );
    expect(reset.status).toBe(403);
    const create = await call(t.app, district, 'POST', SYSTEM_PATHS.users, {
      username: 'jn.new',
      name: '新人',
      mobile: '13900007777',
      organizationId: jiangnan,
      departmentId: null,
      roleIds: ['staff'],
    });
    expect(create.status).toBe(403);
    const own = await data(t.app, district, 'POST', SYSTEM_PATHS.users, {
      username: 'bj.new',
      name: '新人',
      mobile: '13900007777',
      organizationId: binjiang,
      departmentId: null,
      roleIds: ['staff'],
    });
    expect(own.user.organizationId).toBe(binjiang);
  });

  it('grants only entries and scopes it holds, and never the administrator role', async () => {
    const grantable = flatten(await data<Entry[]>(t.app, district, 'GET', SYSTEM_PATHS.grantable));
    const codes = grantable.map((entry) => entry.code);
    expect(codes).toContain('system_user_read');
    expect(codes).not.toContain('system_menus');
    const all = flatten(await data<Entry[]>(t.app, admin, 'GET', SYSTEM_PATHS.grantable));
    const menus = all.find((entry) => entry.code === 'system_menu_write')!;
    const role = {
      id: 'jb_helper',
      name: '江北助理',
      nameEn: 'Jiangbei helper',
      dataScope: 'unit',
      entryIds: [grantable.find((entry) => entry.code === 'system_user_read')!.id],
    };
    const wider = await call(t.app, district, 'POST', SYSTEM_PATHS.roles, {
      ...role,
      entryIds: [menus.id],
    });
    expect(wider.status).toBe(403);
    expect(wider.body.msg).toBe('You can only grant permissions you hold yourself');
    for (const scope of [{ dataScope: 'all' }, { dataScope: 'units', unitIds: [jiangnan] }]) {
      const refused = await call(t.app, district, 'POST', SYSTEM_PATHS.roles, {
        ...role,
        ...scope,
      });
      expect(refused.status, scope.dataScope).toBe(403);
      expect(refused.body.msg).toBe('You can only grant a data scope within your own');
    }
    const created = await data(t.app, district, 'POST', SYSTEM_PATHS.roles, role);
    // The page above the action comes with it.
    expect(created.entryIds).toHaveLength(3);

    const officer = (await data(t.app, district, 'GET', `${SYSTEM_PATHS.users}?keyword=jb_officer`))
      .list[0];
    const toAdmin = await call(
      t.app,
      district,
      'PUT',
      SYSTEM_PATHS.user.replace(':id', String(officer.id)),
      {
        username: officer.username,
        name: officer.name,
        mobile: officer.mobile,
        organizationId: officer.organizationId,
        departmentId: officer.departmentId,
        roleIds: ['staff', 'admin'],
        version: officer.version,
      },
    );
    expect(toAdmin.status).toBe(403);
    const toHelper = await data(
      t.app,
      district,
      'PUT',
      SYSTEM_PATHS.user.replace(':id', String(officer.id)),
      {
        username: officer.username,
        name: officer.name,
        mobile: officer.mobile,
        organizationId: officer.organizationId,
        departmentId: officer.departmentId,
        roleIds: ['staff', 'jb_helper'],
        version: officer.version,
      },
    );
    expect(toHelper.roles.map((r: { id: string }) => r.id).sort()).toEqual(['jb_helper', 'staff']);
  });

  it('cannot change a role it holds, the administrator role, or a role held outside its district', async () => {
    const mine = await putRole(district, 'district_admin', { dataScope: 'all' });
    expect(mine.status).toBe(403);
    expect(mine.body.msg).toBe('You cannot change a role you hold yourself');
    const cityWide = await putRole(district, 'staff', { unitIds: [], entryIds: [] });
    expect(cityWide.status).toBe(403);
    const adminRole = await putRole(admin, 'admin', { name: 'x', nameEn: 'x' });
    expect(adminRole.status).toBe(403);
  });

  it('applies a role change on the holder’s next request, without a new sign-in', async () => {
    const staffToken = (await t.login('operator', 'Operator@2026')).access_token;
    const before = await call(t.app, staffToken, 'GET', '/business-guide/categories');
    expect(before.status).toBe(200);
    const write = await call(t.app, staffToken, 'POST', '/business-guide/categories', {
      code: 'x',
      name: 'x',
      nameEn: 'x',
    });
    expect(write.status).toBe(403);
    const all = flatten(await data<Entry[]>(t.app, admin, 'GET', SYSTEM_PATHS.grantable));
    const category = all.find((entry) => entry.code === 'guide_category_write')!;
    const granted = await putRole(admin, 'staff', (now) => ({
      entryIds: [...now.entryIds, category.id],
    }));
    expect(granted.status).toBe(200);
    const user = await call(t.app, staffToken, 'GET', '/organization/user?uniqueId=operator');
    expect(user.body.data.permissions).toContain('guide:category:write');
    const menu = await data<{ code: string }[]>(
      t.app,
      staffToken,
      'GET',
      '/organization/customize_configuration/userSysModel',
    );
    expect(menu.map((entry) => entry.code)).not.toContain('system_admin');

    // And taken away again: the sidebar loses a page at the next menu load.
    const guideList = all.find((entry) => entry.code === 'guide_laws')!;
    const taken = await putRole(admin, 'staff', (now) => ({
      entryIds: now.entryIds.filter((id) => id !== guideList.id && id !== category.id),
    }));
    expect(taken.status).toBe(200);
    const after = await call(t.app, staffToken, 'POST', '/business-guide/categories', {
      code: 'y',
      name: 'y',
      nameEn: 'y',
    });
    expect(after.status).toBe(403);
    const menuAfter = JSON.stringify(
      await data(t.app, staffToken, 'GET', '/organization/customize_configuration/userSysModel'),
    );
    expect(menuAfter).not.toContain('guide_laws');
    expect(menuAfter).toContain('guide_list');
  });

  describe('strength is administrative: business pages never move it', () => {
    /** Gives the staff role these entries besides its own; gives back a function that undoes it. */
    async function grantStaff(
      codes: string[],
      confirmReachLoss?: boolean,
    ): Promise<() => Promise<void>> {
      const all = flatten(await data<Entry[]>(t.app, admin, 'GET', SYSTEM_PATHS.grantable));
      const { entryIds } = await roleNow('staff');
      const added = codes.map((code) => all.find((entry) => entry.code === code)!.id);
      const granted = await putRole(admin, 'staff', {
        entryIds: [...entryIds, ...added],
        ...(confirmReachLoss === undefined ? {} : { confirmReachLoss }),
      });
      expect(granted.status).toBe(200);
      return async () => {
        expect((await putRole(admin, 'staff', { entryIds })).status).toBe(200);
      };
    }

    async function officerSeenByDistrict() {
      const page = await data(t.app, district, 'GET', `${SYSTEM_PATHS.users}?keyword=jb_officer`);
      return page.list[0] as { id: number; actions: string[]; refusal?: unknown };
    }

    it('a business page granted to the staff leaves the district administrator its staff', async () => {
      const undo = await grantStaff(['city_sanitation', 'data_sharing_platform']);
      try {
        const officer = await officerSeenByDistrict();
        expect(officer.actions).toEqual(
          expect.arrayContaining(['edit', 'reset-password', 'disable']),
        );
        const options = await data(t.app, district, 'GET', SYSTEM_PATHS.userOptions);
        expect(options.roles.map((role: { id: string }) => role.id)).toContain('staff');
        const reset = await call(
          t.app,
          district,
          'POST',
          SYSTEM_PATHS.userPassword.replace(':id', String(officer.id)),
        );
        expect(reset.status).toBe(200);
      } finally {
        await undo();
      }
    });

    it('an administrative capability the district administrator lacks makes the staff stronger', async () => {
      // The one saving it is asked first, naming whose reach it takes.
      const staff = await roleNow('staff');
      const all = flatten(await data<Entry[]>(t.app, admin, 'GET', SYSTEM_PATHS.grantable));
      const menus = all.find((entry) => entry.code === 'system_menu_read')!;
      const withMenus = { entryIds: [...staff.entryIds, menus.id] };
      const asked = await putRole(admin, 'staff', withMenus);
      expect(asked.body.code).toBe('040001');
      expect(asked.body.msg).toMatch(
        /^After this change .*District administrator.* can no longer manage/,
      );
      expect(asked.body.data.fields.map((f: { field: string }) => f.field)).toEqual([
        'confirmReachLoss',
      ]);
      // The roles are named in the caller's language.
      const askedInChinese = await putRole(admin, 'staff', withMenus, 'zh-CN');
      expect(askedInChinese.body.msg).toMatch(/^保存后，.*区级管理员.*将无法再管理/);
      expect((await roleNow('staff')).version).toBe(staff.version);

      const undo = await grantStaff(['system_menu_read'], true);
      try {
        const officer = await officerSeenByDistrict();
        expect(officer.actions).toEqual([]);
        // The row and the refusal name the role as people know it, in each language.
        expect(officer.refusal).toEqual({
          key: 'system.user.stronger',
          values: { role: { 'zh-CN': '工作人员', en: 'Staff' } },
        });
        const reset = await call(
          t.app,
          district,
          'POST',
          SYSTEM_PATHS.userPassword.replace(':id', String(officer.id)),
        );
        expect(reset.status).toBe(403);
        expect(reset.body.msg).toMatch(
          /^This account holds the role “Staff”, which you cannot give/,
        );
        const options = await data(t.app, district, 'GET', SYSTEM_PATHS.userOptions);
        expect(options.roles.map((role: { id: string }) => role.id)).not.toContain('staff');
      } finally {
        await undo();
      }
      expect((await officerSeenByDistrict()).actions).toContain('edit');
    });

    it('gives a role the city marks assignable, and not one it leaves unmarked', async () => {
      const editor = await roleNow('editor');
      const officer = (
        await data(t.app, district, 'GET', `${SYSTEM_PATHS.users}?keyword=jb_officer`)
      ).list[0];
      const grantEditor = () =>
        call(t.app, district, 'PUT', SYSTEM_PATHS.user.replace(':id', String(officer.id)), {
          username: officer.username,
          name: officer.name,
          mobile: officer.mobile,
          organizationId: officer.organizationId,
          departmentId: officer.departmentId,
          roleIds: [...officer.roles.map((role: { id: string }) => role.id), 'editor'],
          version: officer.version,
        });
      expect(editor.assignable).toBe(false);
      expect((await grantEditor()).status).toBe(403);
      const marked = await putRole(admin, 'editor', { assignable: true });
      expect(marked.body.data.assignable).toBe(true);
      try {
        const granted = await grantEditor();
        expect(granted.status).toBe(200);
        expect(granted.body.data.roles.map((role: { id: string }) => role.id)).toContain('editor');
      } finally {
        // An edit without the mark keeps it; taking it away names it.
        expect((await roleNow('editor')).assignable).toBe(true);
        expect((await putRole(admin, 'editor', { assignable: false })).status).toBe(200);
      }
    });
  });
});
