import { AUDITOR_ROLE, SECURITY_ADMIN_ROLE } from '../roles.js';
import type { FeatureManifest } from './manifest.js';

/** The administration console's directory (系统管理), where the console screens sit, and the server's status. */
export const consoleFeature = {
  feature: 'console',
  permissions: {
    /** See the server's driver and uptime in the health answer. */
    'system:health:read': {
      name: { en: 'See server status', 'zh-CN': '查看服务状态' },
      entry: 'system_admin',
      sortOrder: 60,
    },
  },
  menu: [
    {
      code: 'system_admin',
      name: { en: 'System administration', 'zh-CN': '系统管理' },
      kind: 'directory',
      icon: 'setting',
      sortOrder: 90,
      grantedTo: [SECURITY_ADMIN_ROLE, AUDITOR_ROLE],
    },
  ],
} as const satisfies FeatureManifest;
