import { SECURITY_ADMIN_ROLE } from '../roles.js';
import type { FeatureManifest } from './manifest.js';

const SECURITY = [SECURITY_ADMIN_ROLE] as const;

/** The console's users (用户管理): accounts, their status, passwords, import and export. */
export const usersFeature = {
  feature: 'users',
  permissions: {
    /** List users in the data scope; read any account's user data. */
    'system:user:read': {
      name: { en: 'View users', 'zh-CN': '查询用户' },
      entry: 'system_users',
      sortOrder: 10,
      grantedTo: SECURITY,
    },
    'system:user:create': {
      name: { en: 'Add users', 'zh-CN': '新增用户' },
      entry: 'system_users',
      sortOrder: 20,
    },
    /** Change a user's account (and any account's personal info, every field). */
    'system:user:update': {
      name: { en: 'Edit users', 'zh-CN': '修改用户' },
      entry: 'system_users',
      sortOrder: 30,
    },
    /** Disable and enable accounts. */
    'system:user:disable': {
      name: { en: 'Disable and enable', 'zh-CN': '停用启用' },
      entry: 'system_users',
      sortOrder: 40,
    },
    'system:user:reset-password': {
      name: { en: 'Reset passwords', 'zh-CN': '重置密码' },
      entry: 'system_users',
      sortOrder: 50,
    },
    /** Unlock an account locked by failed sign-ins. */
    'system:user:unlock': {
      name: { en: 'Unlock accounts', 'zh-CN': '解除锁定' },
      entry: 'system_users',
      sortOrder: 60,
      reservedTo: SECURITY_ADMIN_ROLE,
    },
    'system:user:import': {
      name: { en: 'Import users', 'zh-CN': '导入用户' },
      entry: 'system_users',
      sortOrder: 70,
    },
    'system:user:export': {
      name: { en: 'Export users', 'zh-CN': '导出用户' },
      entry: 'system_users',
      sortOrder: 80,
    },
    /** Remove a user's lost second factor so they enrol again. */
    'system:factor:reset': {
      name: { en: 'Reset second factors', 'zh-CN': '重置双因素认证' },
      entry: 'system_users',
      sortOrder: 90,
      reservedTo: SECURITY_ADMIN_ROLE,
    },
  },
  auditActions: {
    'user.create': { en: 'User created', 'zh-CN': '新增用户' },
    'user.update': { en: 'User changed', 'zh-CN': '修改用户' },
    'user.disable': { en: 'User disabled', 'zh-CN': '停用用户' },
    'user.enable': { en: 'User enabled', 'zh-CN': '启用用户' },
    'user.reset-password': { en: 'Password reset by an administrator', 'zh-CN': '管理员重置密码' },
    'user.unlock': { en: 'Account unlocked', 'zh-CN': '解除锁定' },
    'user.import': { en: 'Users imported', 'zh-CN': '导入用户' },
    'user.export': { en: 'Users exported', 'zh-CN': '导出用户' },
    'user.factor-reset': { en: 'Second factor reset', 'zh-CN': '重置双因素认证' },
  },
  auditFields: {
    password: { en: 'Password', 'zh-CN': '密码' },
    disabled: { en: 'Disabled', 'zh-CN': '停用' },
    locked: { en: 'Locked', 'zh-CN': '锁定' },
  },
  paths: {
    SYSTEM_PATHS: {
      users: '/system/users',
      userOptions: '/system/users/options',
      user: '/system/users/:id',
      userStatus: '/system/users/:id/status',
      userPassword: '/system/users/:id/password-reset',
      userUnlock: '/system/users/:id/unlock',
      usersImport: '/system/users/import',
      usersImportTemplate: '/system/users/import-template',
      usersExport: '/system/users/export',
      userSecondFactor: '/system/users/:id/second-factor',
    },
  },
  menu: [
    {
      code: 'system_users',
      name: { en: 'Users', 'zh-CN': '用户管理' },
      kind: 'page',
      icon: 'user',
      url: '/system/users',
      sortOrder: 10,
      parent: 'system_admin',
      // The security administrator unlocks accounts and resets second factors here.
      grantedTo: SECURITY,
    },
  ],
} as const satisfies FeatureManifest;
