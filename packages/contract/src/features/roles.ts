import type { FeatureManifest } from './manifest.js';

const ROLE_FIELDS = [
  'name',
  'nameEn',
  'dataScope',
  'secondFactor',
  'assignable',
  'entryIds',
  'unitIds',
] as const;

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
    'role.create': { name: { en: 'Role created', 'zh-CN': '新增角色' }, fields: ROLE_FIELDS },
    'role.update': { name: { en: 'Role changed', 'zh-CN': '修改角色' }, fields: ROLE_FIELDS },
    'role.delete': { name: { en: 'Role deleted', 'zh-CN': '删除角色' }, fields: ROLE_FIELDS },
  },
  auditTargets: {
    role: { en: 'Role', 'zh-CN': '角色' },
  },
  auditFields: {
    name: { label: { en: 'Name', 'zh-CN': '角色名称' }, value: 'text' },
    nameEn: { label: { en: 'English name', 'zh-CN': '英文名称' }, value: 'text' },
    dataScope: {
      label: { en: 'Data scope', 'zh-CN': '数据范围' },
      value: {
        enum: {
          all: { en: 'All data', 'zh-CN': '全部数据' },
          units: { en: 'Chosen units', 'zh-CN': '指定单位' },
          unit: { en: 'Own unit', 'zh-CN': '本单位' },
          'unit-and-below': { en: 'Own unit and below', 'zh-CN': '本单位及下级单位' },
          self: { en: 'Own data only', 'zh-CN': '仅本人数据' },
        },
      },
    },
    secondFactor: {
      label: { en: 'Holders must use a second factor', 'zh-CN': '持有者须进行双因素认证' },
      value: 'boolean',
    },
    assignable: {
      label: {
        en: 'Delegated administrators may give it',
        'zh-CN': '下级管理员可在其范围内分配',
      },
      value: 'boolean',
    },
    entryIds: { label: { en: 'Menu permissions', 'zh-CN': '菜单权限' }, value: 'entries' },
    unitIds: { label: { en: 'Chosen units', 'zh-CN': '指定单位' }, value: 'units' },
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
