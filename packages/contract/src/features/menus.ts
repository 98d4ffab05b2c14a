import type { FeatureManifest } from './manifest.js';

/** The caller's menu and the integrated systems. */
export const MENU_PATHS = {
  userMenu: '/organization/customize_configuration/userSysModel',
  models: '/organization/model',
  otherUrl: '/organization/model/other_url',
} as const;

/** The menu tree (菜单管理), and the caller's menu and integrated systems. */
export const menusFeature = {
  feature: 'menus',
  permissions: {
    'system:menu:read': {
      name: { en: 'View menus', 'zh-CN': '查询菜单' },
      entry: 'system_menus',
      sortOrder: 10,
    },
    /** Change the menu tree: entries, addresses, order, visibility, actions. */
    'system:menu:write': {
      name: { en: 'Manage menus', 'zh-CN': '维护菜单' },
      entry: 'system_menus',
      sortOrder: 20,
    },
  },
  auditActions: {
    'menu.create': { en: 'Menu entry created', 'zh-CN': '新增菜单' },
    'menu.update': { en: 'Menu entry changed', 'zh-CN': '修改菜单' },
    'menu.delete': { en: 'Menu entry deleted', 'zh-CN': '删除菜单' },
  },
  paths: {
    MENU_PATHS,
    SYSTEM_PATHS: {
      menus: '/system/menus',
      menu: '/system/menus/:id',
    },
  },
  menu: [
    {
      code: 'system_menus',
      name: { en: 'Menus', 'zh-CN': '菜单管理' },
      kind: 'page',
      icon: 'menu',
      url: '/system/menus',
      sortOrder: 40,
      parent: 'system_admin',
      grantedTo: [],
    },
  ],
} as const satisfies FeatureManifest;
