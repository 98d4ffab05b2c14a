import type { FeatureManifest } from './manifest.js';

/** What the trail keeps of a type or an item. */
const DICTIONARY_FIELDS = ['code', 'name', 'nameEn', 'sortOrder'] as const;

/**
 * The data dictionary (数据字典): the code lists the platform and its subsystems share
 * (an incident's category, a facility's kind), each a type with its items. The
 * console's example of a screen declared as console resources
 * (apps/server/src/modules/dictionary/dictionary.resource.ts).
 */
export const dictionaryFeature = {
  feature: 'dictionary',
  permissions: {
    'system:dictionary:read': {
      name: { en: 'View the data dictionary', 'zh-CN': '查询数据字典' },
      entry: 'system_dictionary',
      sortOrder: 10,
    },
    /** Add, change and delete types and their items. */
    'system:dictionary:write': {
      name: { en: 'Manage the data dictionary', 'zh-CN': '维护数据字典' },
      entry: 'system_dictionary',
      sortOrder: 20,
    },
  },
  auditActions: {
    'dictionary.type.create': {
      name: { en: 'Dictionary type added', 'zh-CN': '新增字典类型' },
      fields: DICTIONARY_FIELDS,
    },
    'dictionary.type.update': {
      name: { en: 'Dictionary type changed', 'zh-CN': '修改字典类型' },
      fields: DICTIONARY_FIELDS,
    },
    'dictionary.type.delete': {
      name: { en: 'Dictionary type deleted', 'zh-CN': '删除字典类型' },
      fields: DICTIONARY_FIELDS,
    },
    'dictionary.item.create': {
      name: { en: 'Dictionary item added', 'zh-CN': '新增字典项' },
      fields: DICTIONARY_FIELDS,
    },
    'dictionary.item.update': {
      name: { en: 'Dictionary item changed', 'zh-CN': '修改字典项' },
      fields: DICTIONARY_FIELDS,
    },
    'dictionary.item.delete': {
      name: { en: 'Dictionary item deleted', 'zh-CN': '删除字典项' },
      fields: DICTIONARY_FIELDS,
    },
  },
  auditTargets: {
    'dictionary-type': { en: 'Dictionary type', 'zh-CN': '字典类型' },
    'dictionary-item': { en: 'Dictionary item', 'zh-CN': '字典项' },
  },
  auditFields: {
    code: { label: { en: 'Code', 'zh-CN': '编码' }, value: 'code' },
    name: { label: { en: 'Name', 'zh-CN': '名称' }, value: 'text' },
    nameEn: { label: { en: 'English name', 'zh-CN': '英文名称' }, value: 'text' },
    sortOrder: { label: { en: 'Order', 'zh-CN': '排序' }, value: 'number' },
  },
  paths: {
    SYSTEM_PATHS: {
      dictionaryTypes: '/system/dictionary/types',
      dictionaryType: '/system/dictionary/types/:id',
      dictionaryItems: '/system/dictionary/items',
      dictionaryItem: '/system/dictionary/items/:id',
    },
  },
  menu: [
    {
      code: 'system_dictionary',
      name: { en: 'Data dictionary', 'zh-CN': '数据字典' },
      kind: 'page',
      icon: 'appstore',
      url: '/system/dictionary',
      sortOrder: 46,
      parent: 'system_admin',
      grantedTo: [],
    },
  ],
} as const satisfies FeatureManifest;
