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
    'session.end': {
      name: { en: 'Session ended', 'zh-CN': '强制下线' },
      fields: ['sessions', 'user', 'ipAddress', 'createdAt', 'revokedAt'],
    },
  },
  auditTargets: {
    session: { en: 'Session', 'zh-CN': '会话' },
  },
  auditFields: {
    sessions: { label: { en: 'Live sessions', 'zh-CN': '在线会话数' }, value: 'count' },
    user: { label: { en: 'Login name', 'zh-CN': '登录账号' }, value: 'code' },
    ipAddress: { label: { en: 'Signed in from', 'zh-CN': '登录地址' }, value: 'code' },
    createdAt: { label: { en: 'Signed in at', 'zh-CN': '登录时间' }, value: 'time' },
    revokedAt: { label: { en: 'Ended at', 'zh-CN': '下线时间' }, value: 'time' },
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
