import type { FeatureManifest } from './manifest.js';

const MENU_FIELDS = [
  'code',
  'name',
  'nameEn',
  'parentId',
  'kind',
  'icon',
  'url',
  'query',
  'integrated',
  'externalUrl',
  'hasTwo',
  'sortOrder',
  'visible',
  'permission',
  'subsystemId',
] as const;

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
    'menu.create': { name: { en: 'Menu entry created', 'zh-CN': '新增菜单' }, fields: MENU_FIELDS },
    'menu.update': { name: { en: 'Menu entry changed', 'zh-CN': '修改菜单' }, fields: MENU_FIELDS },
    'menu.delete': { name: { en: 'Menu entry deleted', 'zh-CN': '删除菜单' }, fields: MENU_FIELDS },
  },
  auditTargets: {
    menu: { en: 'Menu entry', 'zh-CN': '菜单' },
  },
  auditFields: {
    code: { label: { en: 'Code', 'zh-CN': '编码' }, value: 'code' },
    name: { label: { en: 'Name', 'zh-CN': '名称' }, value: 'text' },
    nameEn: { label: { en: 'English name', 'zh-CN': '英文名称' }, value: 'text' },
    parentId: { label: { en: 'Parent entry', 'zh-CN': '上级菜单' }, value: 'entries' },
    kind: {
      label: { en: 'Type', 'zh-CN': '类型' },
      value: {
        enum: {
          directory: { en: 'Directory', 'zh-CN': '目录' },
          page: { en: 'Page', 'zh-CN': '页面' },
          action: { en: 'Action', 'zh-CN': '操作' },
        },
      },
    },
    icon: {
      label: { en: 'Icon', 'zh-CN': '图标' },
      value: {
        enum: {
          alert: { en: 'Alert', 'zh-CN': '警报' },
          apartment: { en: 'Organisation', 'zh-CN': '组织机构' },
          appstore: { en: 'Apps', 'zh-CN': '应用' },
          'bar-chart': { en: 'Bar chart', 'zh-CN': '统计图' },
          book: { en: 'Book', 'zh-CN': '书本' },
          'cloud-server': { en: 'Cloud server', 'zh-CN': '云服务器' },
          delete: { en: 'Delete', 'zh-CN': '删除' },
          environment: { en: 'Map pin', 'zh-CN': '地图定位' },
          eye: { en: 'Eye', 'zh-CN': '查看' },
          menu: { en: 'Menu', 'zh-CN': '菜单' },
          phone: { en: 'Phone', 'zh-CN': '电话' },
          setting: { en: 'Settings', 'zh-CN': '设置' },
          swap: { en: 'Exchange', 'zh-CN': '交换' },
          team: { en: 'Team', 'zh-CN': '团队' },
          thunderbolt: { en: 'Lightning', 'zh-CN': '闪电' },
          tool: { en: 'Tool', 'zh-CN': '工具' },
          user: { en: 'User', 'zh-CN': '用户' },
          'video-camera': { en: 'Video camera', 'zh-CN': '摄像机' },
        },
      },
    },
    url: { label: { en: 'Address', 'zh-CN': '地址' }, value: 'url' },
    query: { label: { en: 'Address parameters', 'zh-CN': '附加参数' }, value: 'query' },
    integrated: { label: { en: 'Integrated subsystem', 'zh-CN': '集成子系统' }, value: 'boolean' },
    externalUrl: { label: { en: 'External address', 'zh-CN': '外部地址' }, value: 'url' },
    hasTwo: { label: { en: 'Has a second level', 'zh-CN': '含二级菜单' }, value: 'boolean' },
    sortOrder: { label: { en: 'Order', 'zh-CN': '排序' }, value: 'number' },
    visible: { label: { en: 'Shown in the sidebar', 'zh-CN': '在侧边栏显示' }, value: 'boolean' },
    permission: { label: { en: 'Permission', 'zh-CN': '权限' }, value: 'permission' },
    subsystemId: { label: { en: 'Subsystem', 'zh-CN': '所属子系统' }, value: 'subsystems' },
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
