import type { PublicConfigKey } from '@cityops/contract';

/** Every query key of the menu feature: the caller's menu, the public settings it reads, frame tokens. */
export const menuKeys = {
  userMenu: () => ['menu', 'userSysModel'] as const,
  config: (key: PublicConfigKey) => ['config', key] as const,
  frameToken: (menuId: number, userId: string, attempt: number) =>
    ['menu', 'frameToken', menuId, userId, attempt] as const,
};
