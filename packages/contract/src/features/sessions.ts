import { SECURITY_ADMIN_ROLE } from '../roles.js';
import type { FeatureManifest } from './manifest.js';

/** Online sessions (在线用户, issue 13): every live session, ending one or all of a user's. */
export const sessionsFeature = {
  feature: 'sessions',
  permissions: {
    /** List every live session (在线用户). */
    'system:session:read': {
      name: { en: 'View sessions', 'zh-CN': '查看会话' },
      entry: 'system_sessions',
      sortOrder: 10,
      reservedTo: SECURITY_ADMIN_ROLE,
    },
    /** End another user's session, or all of them. */
    'system:session:end': {
      name: { en: 'End sessions', 'zh-CN': '强制下线' },
      entry: 'system_sessions',
      sortOrder: 20,
      reservedTo: SECURITY_ADMIN_ROLE,
    },
  },
  auditActions: {
    'session.end': { en: 'Session ended', 'zh-CN': '强制下线' },
  },
  auditFields: {
    sessions: { en: 'Sessions', 'zh-CN': '会话数' },
    revokedAt: { en: 'Ended at', 'zh-CN': '下线时间' },
  },
  paths: {
    SYSTEM_PATHS: {
      sessions: '/system/sessions',
      session: '/system/sessions/:id',
      userSessions: '/system/users/:id/sessions',
    },
  },
  menu: [
    {
      code: 'system_sessions',
      name: { en: 'Online users', 'zh-CN': '在线用户' },
      kind: 'page',
      icon: 'team',
      url: '/system/sessions',
      sortOrder: 70,
      parent: 'system_admin',
      grantedTo: [SECURITY_ADMIN_ROLE],
      reservedTo: SECURITY_ADMIN_ROLE,
    },
  ],
} as const satisfies FeatureManifest;
