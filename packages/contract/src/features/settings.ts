import { SECURITY_ADMIN_ROLE } from '../roles.js';
import type { FeatureManifest } from './manifest.js';

/** Public settings and the header's weather. */
export const CONFIG_PATHS = {
  value: '/organization/config',
  weather: '/organization/config/weather',
} as const;

/** The system's settings (系统设置): general, weather, map, and the security administrator's rules. */
export const settingsFeature = {
  feature: 'settings',
  permissions: {
    /** Change the system's settings: name, framing and subsystem origins, weather, map tiles. */
    'system:settings:write': {
      name: { en: 'Change settings', 'zh-CN': '修改设置' },
      entry: 'system_settings',
      sortOrder: 10,
    },
    /** Read and change the sign-in, password and session rules (security administrator). */
    'system:security:write': {
      name: { en: 'Sign-in and password rules', 'zh-CN': '安全策略' },
      entry: 'system_settings',
      sortOrder: 20,
      reservedTo: SECURITY_ADMIN_ROLE,
    },
  },
  auditActions: {
    'settings.update': { en: 'Settings changed', 'zh-CN': '修改系统设置' },
  },
  auditFields: {
    systemName: { en: 'System name', 'zh-CN': '系统名称' },
    frameAncestors: { en: 'Sites allowed to frame the product', 'zh-CN': '允许嵌入本系统的网站' },
    subsystemOrigins: { en: 'Subsystem addresses', 'zh-CN': '子系统地址' },
    timeZone: { en: 'Time zone', 'zh-CN': '时区' },
  },
  paths: {
    CONFIG_PATHS,
    SYSTEM_PATHS: {
      /** One group of the settings (`SETTINGS_GROUPS`): GET reads it, PUT changes it at a version. */
      settings: '/system/settings/:group',
    },
  },
  menu: [
    {
      code: 'system_settings',
      name: { en: 'Settings', 'zh-CN': '系统设置' },
      kind: 'page',
      icon: 'setting',
      url: '/system/settings',
      sortOrder: 45,
      parent: 'system_admin',
      grantedTo: [SECURITY_ADMIN_ROLE],
    },
  ],
} as const satisfies FeatureManifest;
