import { SECURITY_ADMIN_ROLE } from '../roles.js';
import type { FeatureManifest } from './manifest.js';

/** A unit's fields, and a department's (its unit in place of the parent). */
const UNIT_FIELDS = ['name', 'nameEn', 'parentId', 'organizationId', 'sortOrder'] as const;

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
    'unit.create': {
      name: { en: 'Unit or department created', 'zh-CN': '新增单位或部门' },
      fields: UNIT_FIELDS,
    },
    'unit.update': {
      name: { en: 'Unit or department changed', 'zh-CN': '修改单位或部门' },
      fields: UNIT_FIELDS,
    },
    'unit.delete': {
      name: { en: 'Unit or department deleted', 'zh-CN': '删除单位或部门' },
      fields: UNIT_FIELDS,
    },
  },
  auditTargets: {
    unit: { en: 'Unit', 'zh-CN': '单位' },
    department: { en: 'Department', 'zh-CN': '部门' },
  },
  auditFields: {
    name: { label: { en: 'Name', 'zh-CN': '名称' }, value: 'text' },
    nameEn: { label: { en: 'English name', 'zh-CN': '英文名称' }, value: 'text' },
    parentId: { label: { en: 'Parent unit', 'zh-CN': '上级单位' }, value: 'units' },
    organizationId: { label: { en: 'Unit', 'zh-CN': '所属单位' }, value: 'units' },
    sortOrder: { label: { en: 'Order', 'zh-CN': '排序' }, value: 'number' },
  },
  paths: {
    ORGAN_PATHS,
    SYSTEM_PATHS: {
      units: '/system/units',
      unitLevel: '/system/units/level',
      unitSearch: '/system/units/search',
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
