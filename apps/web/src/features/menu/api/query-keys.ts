import type { PublicConfigKey } from '@cityops/contract';

/** Every query key of the menu feature: the caller's menu and the public settings it reads. */
export const menuKeys = {
  userMenu: () => ['menu', 'userSysModel'] as const,
  config: (key: PublicConfigKey) => ['config', key] as const,
};
