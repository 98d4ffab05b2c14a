import { SECURITY_ADMIN_ROLE } from '../roles.js';
import type { FeatureManifest } from './manifest.js';

/** Public settings and the header's weather. */
export const CONFIG_PATHS = {
  value: '/organization/config',
  weather: '/organization/config/weather',
} as const;

/** The system's settings (系统设置): general, weather, map, and the security administrator's rules. */
export const settingsFeature = {
  feature: 'settings',
  permissions: {
    /** Change the system's settings: name, framing and subsystem origins, weather, map tiles. */
    'system:settings:write': {
      name: { en: 'Change settings', 'zh-CN': '修改设置' },
      entry: 'system_settings',
      sortOrder: 10,
    },
    /** Read and change the sign-in, password and session rules (security administrator). */
    'system:security:write': {
      name: { en: 'Sign-in and password rules', 'zh-CN': '安全策略' },
      entry: 'system_settings',
      sortOrder: 20,
      reservedTo: SECURITY_ADMIN_ROLE,
    },
  },
  auditActions: {
    'settings.update': {
      name: { en: 'Settings changed', 'zh-CN': '修改系统设置' },
      // One action for every group: its record holds the group's values.
      fields: [
        'systemName',
        'frameAncestors',
        'subsystemOrigins',
        'timeZone',
        'shown',
        'city',
        'cityEn',
        'text',
        'textEn',
        'temperature',
        'icon',
        'tileLayers',
        'center',
        'zoom',
        'challengeAfterFailures',
        'lockAfterFailures',
        'lockMinutes',
        'warnAgeDays',
        'maxAgeDays',
        'historyCount',
        'minLength',
        'forbidLoginName',
        'lifetimeMinutes',
        'idleMinutes',
      ],
    },
    /** `npm run keys -- rotate` or `retire-master` (docs/security.md, "Key hierarchy"). */
    'settings.keys': {
      name: { en: 'Keys rotated', 'zh-CN': '轮换密钥' },
      fields: ['dataKey', 'masterKeys', 'resealed', 'retired', 'profile'],
    },
  },
  auditTargets: {
    setting: { en: 'Setting', 'zh-CN': '系统设置' },
  },
  auditFields: {
    systemName: { label: { en: 'System name', 'zh-CN': '系统名称' }, value: 'text' },
    frameAncestors: {
      label: { en: 'Sites allowed to embed the product', 'zh-CN': '允许嵌入本系统的网站' },
      value: 'url',
    },
    subsystemOrigins: { label: { en: 'Subsystem origins', 'zh-CN': '子系统来源' }, value: 'url' },
    timeZone: { label: { en: 'Time zone', 'zh-CN': '时区' }, value: 'text' },
    shown: {
      label: { en: 'Weather shown in the header', 'zh-CN': '在页头显示天气' },
      value: 'boolean',
    },
    city: { label: { en: 'City (Chinese)', 'zh-CN': '城市（中文）' }, value: 'text' },
    cityEn: { label: { en: 'City (English)', 'zh-CN': '城市（英文）' }, value: 'text' },
    text: { label: { en: 'Weather (Chinese)', 'zh-CN': '天气（中文）' }, value: 'text' },
    textEn: { label: { en: 'Weather (English)', 'zh-CN': '天气（英文）' }, value: 'text' },
    temperature: { label: { en: 'Temperature', 'zh-CN': '气温' }, value: 'celsius' },
    icon: {
      label: { en: 'Weather icon', 'zh-CN': '天气图标' },
      value: {
        enum: {
          sunny: { en: 'Sunny', 'zh-CN': '晴' },
          cloudy: { en: 'Cloudy', 'zh-CN': '多云' },
          overcast: { en: 'Overcast', 'zh-CN': '阴' },
          rain: { en: 'Rain', 'zh-CN': '雨' },
          snow: { en: 'Snow', 'zh-CN': '雪' },
          fog: { en: 'Fog', 'zh-CN': '雾' },
        },
      },
    },
    tileLayers: { label: { en: 'Tile layers', 'zh-CN': '瓦片图层' }, value: 'tile-layers' },
    center: { label: { en: 'Map centre', 'zh-CN': '地图中心' }, value: 'coordinates' },
    zoom: { label: { en: 'Initial zoom', 'zh-CN': '初始缩放级别' }, value: 'number' },
    challengeAfterFailures: {
      label: { en: 'Failures before a captcha', 'zh-CN': '出现验证码的失败次数' },
      value: 'count',
    },
    lockAfterFailures: {
      label: { en: 'Failures before the account locks', 'zh-CN': '锁定账号的失败次数' },
      value: 'count',
    },
    lockMinutes: { label: { en: 'Lock duration', 'zh-CN': '锁定时长' }, value: 'minutes' },
    warnAgeDays: {
      label: { en: 'Warn of an old password after', 'zh-CN': '提醒密码过旧的天数' },
      value: 'days',
    },
    maxAgeDays: {
      label: { en: 'Require a new password after', 'zh-CN': '强制修改密码的天数' },
      value: 'days',
    },
    historyCount: {
      label: { en: 'Earlier passwords not to reuse', 'zh-CN': '不得重复使用的历史密码个数' },
      value: 'count',
    },
    minLength: { label: { en: 'Least password length', 'zh-CN': '密码最短长度' }, value: 'count' },
    forbidLoginName: {
      label: { en: 'Password may not contain the login name', 'zh-CN': '密码不得包含登录账号' },
      value: 'boolean',
    },
    lifetimeMinutes: { label: { en: 'Session lifetime', 'zh-CN': '会话有效期' }, value: 'minutes' },
    idleMinutes: {
      label: { en: 'Sign out after inactivity', 'zh-CN': '无操作自动退出时间' },
      value: 'minutes',
    },
    dataKey: { label: { en: 'New data key', 'zh-CN': '新数据密钥' }, value: 'text' },
    masterKeys: {
      label: { en: 'Master keys that open the data keys', 'zh-CN': '可打开数据密钥的主密钥' },
      value: 'text',
    },
    resealed: {
      label: { en: 'Secrets sealed again', 'zh-CN': '重新加密的密钥数' },
      value: 'count',
    },
    retired: { label: { en: 'Master keys retired', 'zh-CN': '已停用的主密钥' }, value: 'text' },
    profile: {
      label: { en: 'Cryptographic profile', 'zh-CN': '密码算法配置' },
      value: {
        enum: {
          international: {
            en: 'International (AES, SHA-256)',
            'zh-CN': '国际算法（AES、SHA-256）',
          },
          gm: {
            en: 'Commercial cryptography (SM2, SM3, SM4)',
            'zh-CN': '国密算法（SM2、SM3、SM4）',
          },
        },
      },
    },
  },
  paths: {
    CONFIG_PATHS,
    SYSTEM_PATHS: {
      /** One group of the settings (`SETTINGS_GROUPS`): GET reads it, PUT changes it at a version. */
      settings: '/system/settings/:group',
    },
  },
  menu: [
    {
      code: 'system_settings',
      name: { en: 'Settings', 'zh-CN': '系统设置' },
      kind: 'page',
      icon: 'setting',
      url: '/system/settings',
      sortOrder: 45,
      parent: 'system_admin',
      grantedTo: [SECURITY_ADMIN_ROLE],
    },
  ],
} as const satisfies FeatureManifest;
