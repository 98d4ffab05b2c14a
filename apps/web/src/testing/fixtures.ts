import { type MenuEntry, PERMISSION_CODES, type UserData } from '@cityops/contract';

/** A menu entry in the server's shape, with what a test does not care about filled in. */
export function menuEntry(code: string, patch: Partial<MenuEntry> = {}): MenuEntry {
  return {
    code,
    name: `${code} 中文`,
    nameEn: `${code} english`,
    icon: null,
    hasTwo: false,
    sysModelVos: [],
    children: [],
    sysModels: { id: `${code}-model`, url: '', query: {}, integrated: false },
    ...patch,
  };
}

/** The codes the server gives the demo roles (apps/server/src/modules/menus/built-in-menu.ts). */
export function permissionsOf(roleIds: readonly string[]): string[] {
  if (roleIds.includes('admin')) return [...PERMISSION_CODES];
  if (roleIds.includes('editor')) return ['gis:feature:write', 'guide:article:write'];
  return [];
}

export function userData(patch: Partial<UserData> = {}): UserData {
  return {
    permissions: permissionsOf(patch.roleIds ?? ['admin']),
    username: 'admin',
    id: 'u-1',
    userId: 'u-1',
    roleIds: ['admin'],
    name: 'Administrator',
    mobile: '13800138000',
    organizationId: null,
    departmentId: null,
    headImage: null,
    ...patch,
  };
}

/** The envelope of a successful answer. */
export const okBody = <T>(data: T) => ({ code: '000000', boolSuccess: true, msg: 'success', data });
export const failBody = (code: string, msg: string) => ({
  code,
  boolSuccess: false,
  msg,
  data: null,
});
