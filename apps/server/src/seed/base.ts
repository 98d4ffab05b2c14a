import { SEPARATED_ROLES } from '@cityops/contract';
import type { RoleSeed } from '../modules/organization/user.repository.js';
import { SettingKey } from '../modules/settings/settings.service.js';
import type { Repositories } from '../repositories.js';

/** Roles every installation has. */
export const baseRoles = [
  { id: 'admin', name: '系统管理员', nameEn: 'System administrator', secondFactor: true },
  {
    id: 'security_admin',
    name: '安全管理员',
    nameEn: 'Security administrator',
    secondFactor: true,
    dataScope: 'all',
  },
  { id: 'auditor', name: '安全审计员', nameEn: 'Auditor', secondFactor: true, dataScope: 'self' },
  { id: 'editor', name: '内容编辑', nameEn: 'Editor' },
  // What a city gives its people: delegated administrators give it within their scope.
  { id: 'staff', name: '工作人员', nameEn: 'Staff', assignable: true },
] satisfies RoleSeed[];

/** Roles and default settings; safe to run on every start. */
export async function seedBase(
  { users, settings }: Repositories,
  systemName: string,
  now: Date,
): Promise<void> {
  await users.insertRolesIfMissing(baseRoles);
  // The three administrators always confirm sign-in with a second factor (level 3).
  await users.requireSecondFactor(SEPARATED_ROLES);
  await settings.setDefaults({
    [SettingKey.systemName]: systemName,
    [SettingKey.commandCoordinationCode]: 'command_coordination',
    [SettingKey.weather]: JSON.stringify({
      city: '江城',
      cityEn: 'Jiangcheng',
      text: '多云',
      textEn: 'Cloudy',
      temperature: 18,
      icon: 'cloudy',
      updatedAt: now.toISOString(),
    }),
  });
}
