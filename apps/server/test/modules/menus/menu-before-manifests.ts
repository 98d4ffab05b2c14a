/**
 * The built-in menu as it was written by hand before the feature manifests (the server's
 * `modules/menus/built-in-menu.ts` at commit 29514d8), kept as it stood: the menu the
 * manifests assemble must be this one, entry for entry and in this order, so a database
 * seeded before and one seeded after hold the same entries.
 */
import type { PermissionCode } from '@cityops/contract';
import type { BuiltInEntry } from '../../../src/modules/menus/built-in-menu.js';

const SECURITY_ADMIN_ROLE = 'security_admin';
const AUDITOR_ROLE = 'auditor';
/** The reservations of that release (contract `RESERVED_PERMISSIONS` then). */
const RESERVED_PERMISSIONS: Readonly<Partial<Record<PermissionCode, string>>> = {
  'system:audit:read': AUDITOR_ROLE,
  'system:audit:export': AUDITOR_ROLE,
  'system:session:read': SECURITY_ADMIN_ROLE,
  'system:session:end': SECURITY_ADMIN_ROLE,
  'system:security:write': SECURITY_ADMIN_ROLE,
  'system:user:unlock': SECURITY_ADMIN_ROLE,
  'system:factor:reset': SECURITY_ADMIN_ROLE,
};

const EVERYONE = ['editor', 'staff'] as const;
const NOBODY = [] as const;

function action(
  code: string,
  permission: PermissionCode,
  name: string,
  nameEn: string,
  sortOrder: number,
  grantedTo: readonly string[] = NOBODY,
): BuiltInEntry {
  const reservedTo = RESERVED_PERMISSIONS[permission];
  return reservedTo
    ? {
        code,
        name,
        nameEn,
        kind: 'action',
        permission,
        sortOrder,
        grantedTo: [reservedTo],
        reservedTo,
      }
    : { code, name, nameEn, kind: 'action', permission, sortOrder, grantedTo };
}

const SECURITY = [SECURITY_ADMIN_ROLE] as const;
const AUDIT = [AUDITOR_ROLE] as const;

export const menuBeforeManifests: BuiltInEntry[] = [
  {
    code: 'business_guide',
    name: '业务指导',
    nameEn: 'Business guidance',
    kind: 'directory',
    icon: 'book',
    url: '/business_guide/table',
    sortOrder: 10,
    grantedTo: EVERYONE,
    children: [
      {
        code: 'guide_list',
        name: '指导文件',
        nameEn: 'Guidance documents',
        kind: 'page',
        icon: 'book',
        url: '/business_guide/table',
        sortOrder: 10,
        grantedTo: EVERYONE,
        children: [
          action('guide_article_write', 'guide:article:write', '编写文章', 'Write articles', 10, [
            'editor',
          ]),
          action(
            'guide_category_write',
            'guide:category:write',
            '管理分类',
            'Manage categories',
            20,
          ),
        ],
      },
      {
        code: 'guide_laws',
        name: '法律法规',
        nameEn: 'Laws and regulations',
        kind: 'page',
        icon: 'book',
        url: '/business_guide/table',
        query: { tab: 'laws' },
        sortOrder: 20,
        grantedTo: EVERYONE,
      },
    ],
  },
  {
    code: 'map_editing',
    name: '地图编辑',
    nameEn: 'Map editing',
    kind: 'page',
    icon: 'environment',
    url: '/amap',
    sortOrder: 50,
    grantedTo: EVERYONE,
    children: [
      action('gis_feature_write', 'gis:feature:write', '编辑要素', 'Edit features', 10, ['editor']),
      action('gis_settings_write', 'gis:settings:write', '地图设置', 'Map settings', 20),
    ],
  },
  {
    code: 'system_admin',
    name: '系统管理',
    nameEn: 'System administration',
    kind: 'directory',
    icon: 'setting',
    sortOrder: 90,
    grantedTo: [SECURITY_ADMIN_ROLE, AUDITOR_ROLE],
    children: [
      {
        code: 'system_users',
        name: '用户管理',
        nameEn: 'Users',
        kind: 'page',
        icon: 'user',
        url: '/system/users',
        sortOrder: 10,
        // The security administrator unlocks accounts and resets second factors here.
        grantedTo: SECURITY,
        children: [
          action('system_user_read', 'system:user:read', '查询用户', 'View users', 10, SECURITY),
          action('system_user_create', 'system:user:create', '新增用户', 'Add users', 20),
          action('system_user_update', 'system:user:update', '修改用户', 'Edit users', 30),
          action(
            'system_user_disable',
            'system:user:disable',
            '停用启用',
            'Disable and enable',
            40,
          ),
          action(
            'system_user_reset_password',
            'system:user:reset-password',
            '重置密码',
            'Reset passwords',
            50,
          ),
          action('system_user_unlock', 'system:user:unlock', '解除锁定', 'Unlock accounts', 60),
          action('system_user_import', 'system:user:import', '导入用户', 'Import users', 70),
          action('system_user_export', 'system:user:export', '导出用户', 'Export users', 80),
          action(
            'system_factor_reset',
            'system:factor:reset',
            '重置双因素认证',
            'Reset second factors',
            90,
          ),
        ],
      },
      {
        code: 'system_roles',
        name: '角色管理',
        nameEn: 'Roles',
        kind: 'page',
        icon: 'team',
        url: '/system/roles',
        sortOrder: 20,
        grantedTo: NOBODY,
        children: [
          action('system_role_read', 'system:role:read', '查询角色', 'View roles', 10),
          action('system_role_create', 'system:role:create', '新增角色', 'Add roles', 20),
          action('system_role_update', 'system:role:update', '修改角色', 'Edit roles', 30),
          action('system_role_delete', 'system:role:delete', '删除角色', 'Delete roles', 40),
        ],
      },
      {
        code: 'system_units',
        name: '单位与部门',
        nameEn: 'Units and departments',
        kind: 'page',
        icon: 'apartment',
        url: '/system/units',
        sortOrder: 30,
        grantedTo: NOBODY,
        children: [
          action('system_unit_read', 'system:unit:read', '查询单位', 'View units', 10, SECURITY),
          action('system_unit_write', 'system:unit:write', '维护单位', 'Manage units', 20),
        ],
      },
      {
        code: 'system_menus',
        name: '菜单管理',
        nameEn: 'Menus',
        kind: 'page',
        icon: 'menu',
        url: '/system/menus',
        sortOrder: 40,
        grantedTo: NOBODY,
        children: [
          action('system_menu_read', 'system:menu:read', '查询菜单', 'View menus', 10),
          action('system_menu_write', 'system:menu:write', '维护菜单', 'Manage menus', 20),
        ],
      },
      {
        code: 'system_subsystems',
        name: '子系统接入',
        nameEn: 'Subsystems',
        kind: 'page',
        icon: 'cloud-server',
        url: '/system/subsystems',
        sortOrder: 42,
        grantedTo: NOBODY,
        children: [
          action(
            'system_subsystem_read',
            'system:subsystem:read',
            '查询子系统',
            'View subsystems',
            10,
          ),
          action(
            'system_subsystem_write',
            'system:subsystem:write',
            '维护子系统',
            'Manage subsystems',
            20,
          ),
        ],
      },
      {
        code: 'system_settings',
        name: '系统设置',
        nameEn: 'Settings',
        kind: 'page',
        icon: 'setting',
        url: '/system/settings',
        sortOrder: 45,
        grantedTo: SECURITY,
        children: [
          action(
            'system_settings_write',
            'system:settings:write',
            '修改设置',
            'Change settings',
            10,
          ),
          action(
            'system_security_write',
            'system:security:write',
            '安全策略',
            'Sign-in and password rules',
            20,
          ),
        ],
      },
      {
        code: 'system_messages',
        name: '消息管理',
        nameEn: 'Messages',
        kind: 'page',
        icon: 'alert',
        url: '/system/messages',
        sortOrder: 48,
        grantedTo: NOBODY,
        children: [
          action('system_message_send', 'system:message:send', '发送消息', 'Send messages', 10),
        ],
      },
      {
        code: 'system_sessions',
        name: '在线用户',
        nameEn: 'Online users',
        kind: 'page',
        icon: 'team',
        url: '/system/sessions',
        sortOrder: 70,
        grantedTo: SECURITY,
        reservedTo: SECURITY_ADMIN_ROLE,
        children: [
          action('system_session_read', 'system:session:read', '查看会话', 'View sessions', 10),
          action('system_session_end', 'system:session:end', '强制下线', 'End sessions', 20),
        ],
      },
      {
        code: 'system_audit',
        name: '审计日志',
        nameEn: 'Audit trail',
        kind: 'page',
        icon: 'eye',
        url: '/system/audit',
        sortOrder: 80,
        grantedTo: AUDIT,
        reservedTo: AUDITOR_ROLE,
        children: [
          action('system_audit_read', 'system:audit:read', '查看审计', 'Read the trail', 10),
          action('system_audit_export', 'system:audit:export', '导出审计', 'Export the trail', 20),
        ],
      },
      action('system_health_read', 'system:health:read', '查看服务状态', 'See server status', 60),
    ],
  },
];
