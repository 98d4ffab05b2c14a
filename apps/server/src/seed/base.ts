import { SettingKey } from '../modules/settings/settings.service.js';
import type { Repositories } from '../repositories.js';

/** Roles every installation has. */
export const baseRoles = [
  { id: 'admin', name: '系统管理员', nameEn: 'Administrator' },
  { id: 'editor', name: '内容编辑', nameEn: 'Editor' },
  { id: 'staff', name: '工作人员', nameEn: 'Staff' },
];

/** Roles and default settings; safe to run on every start. */
export async function seedBase(
  { users, settings }: Repositories,
  systemName: string,
  now: Date,
): Promise<void> {
  await users.insertRolesIfMissing(baseRoles);
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
