import type { FeatureManifest } from './manifest.js';

/** The console's roles (角色管理): their entries, data scopes and holders. */
export const rolesFeature = {
  feature: 'roles',
  permissions: {
    'system:role:read': {
      name: { en: 'View roles', 'zh-CN': '查询角色' },
      entry: 'system_roles',
      sortOrder: 10,
    },
    'system:role:create': {
      name: { en: 'Add roles', 'zh-CN': '新增角色' },
      entry: 'system_roles',
      sortOrder: 20,
    },
    'system:role:update': {
      name: { en: 'Edit roles', 'zh-CN': '修改角色' },
      entry: 'system_roles',
      sortOrder: 30,
    },
    'system:role:delete': {
      name: { en: 'Delete roles', 'zh-CN': '删除角色' },
      entry: 'system_roles',
      sortOrder: 40,
    },
  },
  auditActions: {
    'role.create': { en: 'Role created', 'zh-CN': '新增角色' },
    'role.update': { en: 'Role changed', 'zh-CN': '修改角色' },
    'role.delete': { en: 'Role deleted', 'zh-CN': '删除角色' },
  },
  paths: {
    SYSTEM_PATHS: {
      roles: '/system/roles',
      role: '/system/roles/:id',
      roleUsers: '/system/roles/:id/users',
      grantable: '/system/permissions',
    },
  },
  menu: [
    {
      code: 'system_roles',
      name: { en: 'Roles', 'zh-CN': '角色管理' },
      kind: 'page',
      icon: 'team',
      url: '/system/roles',
      sortOrder: 20,
      parent: 'system_admin',
      grantedTo: [],
    },
  ],
} as const satisfies FeatureManifest;
