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
    'user.create': {
      name: { en: 'User created', 'zh-CN': '新增用户' },
      fields: [
        'username',
        'name',
        'mobile',
        'organizationId',
        'departmentId',
        'roleIds',
        'password',
      ],
    },
    'user.update': {
      name: { en: 'User changed', 'zh-CN': '修改用户' },
      fields: [
        'username',
        'name',
        'mobile',
        'organizationId',
        'departmentId',
        'roleIds',
        'headImage',
      ],
    },
    'user.disable': { name: { en: 'User disabled', 'zh-CN': '停用用户' }, fields: ['disabled'] },
    'user.enable': { name: { en: 'User enabled', 'zh-CN': '启用用户' }, fields: ['disabled'] },
    'user.reset-password': {
      name: { en: 'Password reset by an administrator', 'zh-CN': '管理员重置密码' },
      fields: ['password', 'mustChangePassword'],
    },
    'user.unlock': { name: { en: 'Account unlocked', 'zh-CN': '解除锁定' }, fields: ['locked'] },
    'user.import': {
      name: { en: 'Users imported', 'zh-CN': '导入用户' },
      fields: ['records', 'rows'],
    },
    'user.export': {
      name: { en: 'Users exported', 'zh-CN': '导出用户' },
      fields: [
        'keyword',
        'organizationId',
        'departmentId',
        'roleId',
        'status',
        'sort',
        'order',
        'records',
      ],
    },
    'user.factor-reset': {
      name: { en: 'Second factor reset', 'zh-CN': '重置双因素认证' },
      fields: ['enrolled'],
    },
  },
  auditTargets: {
    user: { en: 'User', 'zh-CN': '用户' },
  },
  auditFields: {
    username: { label: { en: 'Login name', 'zh-CN': '登录账号' }, value: 'code' },
    name: { label: { en: 'Full name', 'zh-CN': '姓名' }, value: 'text' },
    mobile: { label: { en: 'Mobile number', 'zh-CN': '手机号码' }, value: 'text' },
    organizationId: { label: { en: 'Unit', 'zh-CN': '所属单位' }, value: 'units' },
    departmentId: { label: { en: 'Department', 'zh-CN': '所属部门' }, value: 'departments' },
    roleIds: { label: { en: 'Roles', 'zh-CN': '角色' }, value: 'roles' },
    roleId: { label: { en: 'Role', 'zh-CN': '角色' }, value: 'roles' },
    headImage: { label: { en: 'Profile picture', 'zh-CN': '头像' }, value: 'url' },
    password: { label: { en: 'Password', 'zh-CN': '密码' }, value: 'secret' },
    mustChangePassword: {
      label: { en: 'Must change the password at next sign-in', 'zh-CN': '下次登录须修改密码' },
      value: 'boolean',
    },
    disabled: { label: { en: 'Disabled', 'zh-CN': '已停用' }, value: 'boolean' },
    locked: { label: { en: 'Locked', 'zh-CN': '已锁定' }, value: 'boolean' },
    enrolled: {
      label: { en: 'Second factor set up', 'zh-CN': '已绑定双因素认证' },
      value: 'boolean',
    },
    records: { label: { en: 'Records', 'zh-CN': '记录数' }, value: 'count' },
    rows: { label: { en: 'Rows refused', 'zh-CN': '被拒绝的行数' }, value: 'count' },
    keyword: { label: { en: 'Keyword', 'zh-CN': '关键字' }, value: 'text' },
    status: {
      label: { en: 'Status', 'zh-CN': '状态' },
      value: {
        enum: {
          enabled: { en: 'Enabled', 'zh-CN': '正常' },
          disabled: { en: 'Disabled', 'zh-CN': '已停用' },
          locked: { en: 'Locked', 'zh-CN': '已锁定' },
        },
      },
    },
    sort: {
      label: { en: 'Sorted by', 'zh-CN': '排序字段' },
      value: {
        enum: {
          username: { en: 'Login name', 'zh-CN': '登录账号' },
          name: { en: 'Full name', 'zh-CN': '姓名' },
          createdAt: { en: 'Created', 'zh-CN': '创建时间' },
        },
      },
    },
    order: {
      label: { en: 'Order', 'zh-CN': '排序方式' },
      value: {
        enum: {
          ascend: { en: 'Ascending', 'zh-CN': '升序' },
          descend: { en: 'Descending', 'zh-CN': '降序' },
        },
      },
    },
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
