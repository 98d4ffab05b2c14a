import { SECURITY_ADMIN_ROLE } from '../roles.js';
import type { FeatureManifest } from './manifest.js';

/** Units and their departments. */
export const ORGAN_PATHS = {
  units: '/organization/organ/cascade',
  departments: '/organization/organ/cascade/:orgId',
} as const;

/** Units and their departments (单位与部门): the console screen and the cascade the forms read. */
export const unitsFeature = {
  feature: 'units',
  permissions: {
    'system:unit:read': {
      name: { en: 'View units', 'zh-CN': '查询单位' },
      entry: 'system_units',
      sortOrder: 10,
      grantedTo: [SECURITY_ADMIN_ROLE],
    },
    /** Create, rename, move and delete units and departments. */
    'system:unit:write': {
      name: { en: 'Manage units', 'zh-CN': '维护单位' },
      entry: 'system_units',
      sortOrder: 20,
    },
  },
  auditActions: {
    'unit.create': { en: 'Unit or department created', 'zh-CN': '新增单位或部门' },
    'unit.update': { en: 'Unit or department changed', 'zh-CN': '修改单位或部门' },
    'unit.delete': { en: 'Unit or department deleted', 'zh-CN': '删除单位或部门' },
  },
  paths: {
    ORGAN_PATHS,
    SYSTEM_PATHS: {
      units: '/system/units',
      unit: '/system/units/:id',
      departments: '/system/departments',
      department: '/system/departments/:id',
    },
  },
  menu: [
    {
      code: 'system_units',
      name: { en: 'Units and departments', 'zh-CN': '单位与部门' },
      kind: 'page',
      icon: 'apartment',
      url: '/system/units',
      sortOrder: 30,
      parent: 'system_admin',
      grantedTo: [],
    },
  ],
} as const satisfies FeatureManifest;
