import { type MenuEntry, menuListSchema, subEntriesOf } from '@cityops/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MenuEntryRecord } from '../../../src/modules/menus/menu.repository.js';
import { buildMenuTree, canSee } from '../../../src/modules/menus/menu.service.js';
import { DEMO_SUBSYSTEM_CODES } from '../../helpers/constants.js';
import { type TestApp, bearer, createTestApp } from '../../helpers/test-app.js';

const menuUrl = '/api/organization/customize_configuration/userSysModel';

function codes(entries: MenuEntry[]): string[] {
  return entries.map((entry) => entry.code);
}

function find(entries: MenuEntry[], code: string): MenuEntry | undefined {
  for (const entry of entries) {
    if (entry.code === code) return entry;
    const found = find(subEntriesOf(entry), code);
    if (found) return found;
  }
  return undefined;
}

describe('GET /organization/customize_configuration/userSysModel', () => {
  let t: TestApp;
  let adminMenu: MenuEntry[];
  let operatorMenu: MenuEntry[];

  async function menuOf(token: string, language = 'en') {
    const response = await t.app.inject({
      method: 'GET',
      url: menuUrl,
      headers: { ...bearer(token), 'accept-language': language },
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ code: '000000', boolSuccess: true });
    return menuListSchema.parse(body.data);
  }

  beforeAll(async () => {
    t = await createTestApp();
    adminMenu = await menuOf((await t.login('admin', 'Admin@2026')).access_token);
    operatorMenu = await menuOf((await t.login('operator', 'Operator@2026')).access_token);
  });
  afterAll(async () => {
    await t.close();
  });

  it('gives the administrator every subsystem in order', () => {
    expect(codes(adminMenu)).toEqual(DEMO_SUBSYSTEM_CODES);
  });

  it('gives the operator only the entries of their roles', () => {
    expect(codes(operatorMenu)).toEqual([
      'business_guide',
      'command_coordination',
      'industry_applications',
      'public_service',
      'map_editing',
    ]);
    expect(find(operatorMenu, 'data_sharing_platform')).toBeUndefined();
  });

  it('has the spec shape: code, hasTwo, sysModelVos, children, sysModels with url and query', () => {
    const map = find(adminMenu, 'map_editing')!;
    expect(map).toEqual({
      code: 'map_editing',
      name: '地图编辑',
      nameEn: 'Map editing',
      icon: 'environment',
      hasTwo: false,
      sysModelVos: [],
      children: [],
      sysModels: {
        id: expect.stringMatching(/^\d+$/),
        url: '/amap',
        query: {},
        integrated: false,
      },
    });
    const guide = find(adminMenu, 'business_guide')!;
    expect(guide).toMatchObject({ name: '业务指导', nameEn: 'Business guidance', hasTwo: false });
    expect(guide.sysModels.url).toBe('/business_guide/table');
    // The guide's own pages, opened embedded (issue 4).
    expect(codes(guide.children)).toEqual(['guide_list', 'guide_laws']);
    expect(find(guide.children, 'guide_laws')!.sysModels).toMatchObject({
      url: '/business_guide/table',
      query: { tab: 'laws' },
    });
  });

  it('lists sub-entries in sysModelVos when hasTwo, else in children', () => {
    const command = find(adminMenu, 'command_coordination')!;
    expect(command.hasTwo).toBe(true);
    expect(command.children).toEqual([]);
    expect(codes(command.sysModelVos)).toEqual([
      'event_dispatch',
      'video_surveillance',
      'emergency_command',
    ]);

    const industry = find(adminMenu, 'industry_applications')!;
    expect(industry.hasTwo).toBe(false);
    expect(industry.sysModelVos).toEqual([]);
    expect(codes(industry.children)).toEqual([
      'city_sanitation',
      'parks_greening',
      'municipal_facilities',
    ]);
  });

  it('carries the extra query of an entry', () => {
    expect(find(adminMenu, 'event_dispatch')!.sysModels).toMatchObject({
      url: '/demo-subsystem.html',
      query: { system: 'event_dispatch' },
      integrated: false,
    });
  });

  it('flags an integrated external system', () => {
    const exchange = find(adminMenu, 'data_exchange')!;
    expect(subEntriesOf(exchange)).toHaveLength(1);
    expect(subEntriesOf(exchange)[0]!.sysModels.integrated).toBe(true);
  });

  it('gives every title in both languages, whatever the caller language', async () => {
    const token = (await t.login('operator', 'Operator@2026')).access_token;
    const chinese = await menuOf(token, 'zh-CN');
    expect(chinese).toEqual(operatorMenu);
    const visit = (entries: MenuEntry[]) => {
      for (const entry of entries) {
        expect(entry.name, entry.code).toMatch(/[\u4e00-\u9fff]/);
        expect(entry.nameEn, entry.code).toMatch(/^[A-Z0-9][\w ,&-]*$/);
        visit(subEntriesOf(entry));
      }
    };
    visit(adminMenu);
  });

  it('answers 040005 with HTTP 401 without a token', async () => {
    const response = await t.app.inject({ method: 'GET', url: menuUrl });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ code: '040005', boolSuccess: false });
  });
});

describe('buildMenuTree', () => {
  let nextId = 1;
  function record(overrides: Partial<MenuEntryRecord> & { code: string }): MenuEntryRecord {
    return {
      id: nextId++,
      name: overrides.code,
      nameEn: overrides.code,
      icon: null,
      url: '',
      query: {},
      integrated: false,
      externalUrl: '',
      hasTwo: false,
      parentId: null,
      sortOrder: 0,
      kind: 'page',
      permission: null,
      visible: true,
      builtIn: false,
      reservedRole: null,
      subsystemId: null,
      version: 1,
      roleIds: ['editor', 'staff'],
      ...overrides,
    };
  }

  const open = record({ code: 'open' });
  const editorsOnly = record({ code: 'editors', roleIds: ['editor'] });
  const hiddenChild = record({ code: 'editors_child', parentId: editorsOnly.id });
  const twoLevel = record({ code: 'two', hasTwo: true, kind: 'directory' });
  const staffChild = record({ code: 'staff_child', parentId: twoLevel.id, roleIds: ['staff'] });
  const adminChild = record({ code: 'admin_child', parentId: twoLevel.id, roleIds: [] });
  const button = record({
    code: 'button',
    parentId: open.id,
    kind: 'action',
    permission: 'guide:article:write',
  });
  const hidden = record({ code: 'hidden', visible: false });
  const records = [
    open,
    editorsOnly,
    hiddenChild,
    twoLevel,
    staffChild,
    adminChild,
    button,
    hidden,
  ];

  it.each([
    [['admin'], ['open', 'editors', 'two']],
    [['staff'], ['open', 'two']],
    [['editor'], ['open', 'editors', 'two']],
    [
      ['editor', 'staff'],
      ['open', 'editors', 'two'],
    ],
    [[], []],
  ])('roles %j see %j', (roles, expected) => {
    expect(codes(buildMenuTree(records, roles))).toEqual(expected);
  });

  it('hides the whole branch of an entry the caller may not see', () => {
    const tree = buildMenuTree(records, ['staff']);
    expect(find(tree, 'editors_child')).toBeUndefined();
  });

  it('filters sub-entries by role too; the admin role holds every entry', () => {
    expect(codes(find(buildMenuTree(records, ['staff']), 'two')!.sysModelVos)).toEqual([
      'staff_child',
    ]);
    expect(codes(find(buildMenuTree(records, ['admin']), 'two')!.sysModelVos)).toEqual([
      'staff_child',
      'admin_child',
    ]);
  });

  it('never shows action entries or hidden entries in the sidebar', () => {
    const tree = buildMenuTree(records, ['admin']);
    expect(find(tree, 'button')).toBeUndefined();
    expect(find(tree, 'hidden')).toBeUndefined();
  });

  it('canSee: admin sees all, otherwise a role that holds the entry', () => {
    expect(canSee(editorsOnly, ['admin'])).toBe(true);
    expect(canSee(open, [])).toBe(false);
    expect(canSee(editorsOnly, ['staff'])).toBe(false);
    expect(canSee(editorsOnly, ['staff', 'editor'])).toBe(true);
  });
});
