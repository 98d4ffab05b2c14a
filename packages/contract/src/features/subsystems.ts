import type { FeatureManifest } from './manifest.js';

/** A subsystem's own token for a frame the shell opens (issue 22; docs/subsystems.md). */
export const SUBSYSTEM_PATHS = {
  frameToken: '/subsystems/frame-token',
} as const;

/** The subsystem registry (子系统接入, issue 22) and the tokens the shell gets for a subsystem's frame. */
export const subsystemsFeature = {
  feature: 'subsystems',
  permissions: {
    /** List the registered subsystems (issue 22). */
    'system:subsystem:read': {
      name: { en: 'View subsystems', 'zh-CN': '查询子系统' },
      entry: 'system_subsystems',
      sortOrder: 10,
    },
    /** Register, change and remove subsystems, and issue their secrets. */
    'system:subsystem:write': {
      name: { en: 'Manage subsystems', 'zh-CN': '维护子系统' },
      entry: 'system_subsystems',
      sortOrder: 20,
    },
  },
  auditActions: {
    'subsystem.create': { en: 'Subsystem registered', 'zh-CN': '登记子系统' },
    'subsystem.update': { en: 'Subsystem changed', 'zh-CN': '修改子系统' },
    'subsystem.delete': { en: 'Subsystem removed', 'zh-CN': '删除子系统' },
    'subsystem.secret': { en: 'Subsystem secret issued', 'zh-CN': '生成子系统密钥' },
    'subsystem.token': { en: 'Token issued to a subsystem', 'zh-CN': '向子系统签发令牌' },
    'subsystem.code': { en: 'Authorization code exchanged', 'zh-CN': '子系统兑换授权码' },
    'subsystem.logout': { en: 'Logout sent to a subsystem', 'zh-CN': '通知子系统退出登录' },
  },
  paths: {
    /** The subsystem registry (issue 22): list and register; change or remove one; issue a new secret. */
    SYSTEM_PATHS: {
      subsystems: '/system/subsystems',
      subsystem: '/system/subsystems/:id',
      subsystemSecret: '/system/subsystems/:id/secret',
    },
    SUBSYSTEM_PATHS,
  },
  menu: [
    {
      code: 'system_subsystems',
      name: { en: 'Subsystems', 'zh-CN': '子系统接入' },
      kind: 'page',
      icon: 'cloud-server',
      url: '/system/subsystems',
      sortOrder: 42,
      parent: 'system_admin',
      grantedTo: [],
    },
  ],
} as const satisfies FeatureManifest;
