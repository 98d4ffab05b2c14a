import type { FeatureManifest } from './manifest.js';

/** A registration's fields; its secret only masked (docs/audit.md). */
const REGISTRATION_FIELDS = [
  'clientId',
  'name',
  'nameEn',
  'kind',
  'origins',
  'redirectUris',
  'postLogoutRedirectUris',
  'backchannelLogoutUri',
  'claims',
  'tokenLifetime',
  'enabled',
  'clientSecret',
  'secretHash',
] as const;

/** A subsystem's own token for a frame the shell opens (issue 22; docs/subsystems.md). */
export const SUBSYSTEM_PATHS = {
  frameToken: '/subsystems/frame-token',
} as const;

/** The subsystem registry (子系统接入, issue 22) and the tokens the shell gets for a subsystem's frame. */
export const subsystemsFeature = {
  feature: 'subsystems',
  permissions: {
    /** List the registered subsystems (issue 22). */
    'system:subsystem:read': {
      name: { en: 'View subsystems', 'zh-CN': '查询子系统' },
      entry: 'system_subsystems',
      sortOrder: 10,
    },
    /** Register, change and remove subsystems, and issue their secrets. */
    'system:subsystem:write': {
      name: { en: 'Manage subsystems', 'zh-CN': '维护子系统' },
      entry: 'system_subsystems',
      sortOrder: 20,
    },
  },
  auditActions: {
    'subsystem.create': {
      name: { en: 'Subsystem registered', 'zh-CN': '登记子系统' },
      fields: REGISTRATION_FIELDS,
    },
    'subsystem.update': {
      name: { en: 'Subsystem changed', 'zh-CN': '修改子系统' },
      fields: REGISTRATION_FIELDS,
    },
    'subsystem.delete': {
      name: { en: 'Subsystem removed', 'zh-CN': '删除子系统' },
      fields: REGISTRATION_FIELDS,
    },
    'subsystem.secret': {
      name: { en: 'Subsystem secret issued', 'zh-CN': '生成子系统密钥' },
      fields: ['clientSecret'],
    },
    'subsystem.token': {
      name: { en: 'Token issued to a subsystem', 'zh-CN': '向子系统签发令牌' },
      fields: ['menuId', 'expiresIn'],
    },
    'subsystem.code': {
      name: { en: 'Authorization code exchanged', 'zh-CN': '子系统兑换授权码' },
      fields: [],
    },
    'subsystem.logout': {
      name: { en: 'Logout sent to a subsystem', 'zh-CN': '通知子系统退出登录' },
      fields: ['userId', 'sid', 'reason', 'attempts'],
    },
  },
  auditTargets: {
    subsystem: { en: 'Subsystem', 'zh-CN': '子系统' },
  },
  auditFields: {
    clientId: { label: { en: 'Client ID', 'zh-CN': '客户端标识' }, value: 'code' },
    name: { label: { en: 'Name', 'zh-CN': '子系统名称' }, value: 'text' },
    nameEn: { label: { en: 'English name', 'zh-CN': '英文名称' }, value: 'text' },
    kind: {
      label: { en: 'Client type', 'zh-CN': '客户端类型' },
      value: {
        enum: {
          public: { en: 'Public client', 'zh-CN': '公开客户端' },
          confidential: { en: 'Confidential client', 'zh-CN': '机密客户端' },
        },
      },
    },
    origins: { label: { en: 'Allowed origins', 'zh-CN': '允许的来源' }, value: 'url' },
    redirectUris: { label: { en: 'Redirect addresses', 'zh-CN': '回调地址' }, value: 'url' },
    postLogoutRedirectUris: {
      label: { en: 'Addresses after sign-out', 'zh-CN': '退出后跳转地址' },
      value: 'url',
    },
    backchannelLogoutUri: {
      label: { en: 'Back-channel logout address', 'zh-CN': '后端退出通知地址' },
      value: 'url',
    },
    claims: {
      label: { en: 'User data given', 'zh-CN': '可获取的用户信息' },
      value: {
        enum: {
          preferred_username: { en: 'Login name', 'zh-CN': '登录账号' },
          name: { en: 'Full name', 'zh-CN': '姓名' },
          phone_number: { en: 'Mobile number', 'zh-CN': '手机号码' },
          picture: { en: 'Profile picture', 'zh-CN': '头像' },
          role_ids: { en: 'Roles', 'zh-CN': '角色' },
          organization_id: { en: 'Unit', 'zh-CN': '所属单位' },
          department_id: { en: 'Department', 'zh-CN': '所属部门' },
        },
      },
    },
    tokenLifetime: { label: { en: 'Token lifetime', 'zh-CN': '令牌有效期' }, value: 'seconds' },
    enabled: { label: { en: 'Enabled', 'zh-CN': '已启用' }, value: 'boolean' },
    clientSecret: { label: { en: 'Client secret', 'zh-CN': '客户端密钥' }, value: 'secret' },
    secretHash: { label: { en: 'Client secret', 'zh-CN': '客户端密钥' }, value: 'secret' },
    menuId: { label: { en: 'Menu entry', 'zh-CN': '菜单' }, value: 'entries' },
    expiresIn: { label: { en: 'Valid for', 'zh-CN': '有效期' }, value: 'seconds' },
    userId: { label: { en: 'User', 'zh-CN': '用户' }, value: 'users' },
    sid: { label: { en: 'Session', 'zh-CN': '会话标识' }, value: 'code' },
    reason: {
      label: { en: 'Why the session ended', 'zh-CN': '登录结束原因' },
      value: {
        enum: {
          'sign-out': { en: 'The user signed out', 'zh-CN': '用户退出登录' },
          ended: { en: 'Ended by an administrator', 'zh-CN': '被管理员强制下线' },
          disabled: { en: 'Account disabled', 'zh-CN': '账号被停用' },
          password: { en: 'Password changed', 'zh-CN': '密码已修改' },
          renamed: { en: 'Login name changed', 'zh-CN': '登录账号已修改' },
          rights: { en: 'Rights changed', 'zh-CN': '权限已变更' },
          idle: { en: 'Left idle', 'zh-CN': '长时间未操作' },
          'session-ended': { en: 'Session ended', 'zh-CN': '会话已结束' },
        },
      },
    },
    attempts: { label: { en: 'Delivery attempts', 'zh-CN': '投递次数' }, value: 'count' },
  },
  paths: {
    /** The subsystem registry (issue 22): list and register; change or remove one; issue a new secret. */
    SYSTEM_PATHS: {
      subsystems: '/system/subsystems',
      subsystem: '/system/subsystems/:id',
      subsystemSecret: '/system/subsystems/:id/secret',
      /** The issuer and the provider's addresses, as the vendor is sent them (issue 31). */
      subsystemProvider: '/system/subsystems/provider',
    },
    SUBSYSTEM_PATHS,
  },
  menu: [
    {
      code: 'system_subsystems',
      name: { en: 'Subsystems', 'zh-CN': '子系统接入' },
      kind: 'page',
      icon: 'cloud-server',
      url: '/system/subsystems',
      sortOrder: 42,
      parent: 'system_admin',
      grantedTo: [],
    },
  ],
} as const satisfies FeatureManifest;
