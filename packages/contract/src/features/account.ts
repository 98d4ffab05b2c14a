import type { FeatureManifest } from './manifest.js';

/** The signed-in user: user info, personal info, avatar and password. */
export const USER_PATHS = {
  info: '/organization/user',
  update: '/organization/user/:id',
  headImage: '/organization/user/head',
  passwordStatus: '/organization/user/isPassword',
  changePassword: '/organization/user/ret',
  /** The caller's second factor: status, enrolment (QR code), confirmation, removal. */
  secondFactor: '/organization/user/second-factor',
  secondFactorEnrolment: '/organization/user/second-factor/enrolment',
  secondFactorRemoval: '/organization/user/second-factor/removal',
  /** The caller's own live sessions, and ending one of the others. */
  sessions: '/organization/user/sessions',
  session: '/organization/user/sessions/:id',
} as const;

/** The signed-in user's own account: user info, personal info, avatar, password, second factor, sessions. */
export const accountFeature = {
  feature: 'account',
  auditActions: {
    'factor.enrol': {
      name: { en: 'Second factor enrolled', 'zh-CN': '绑定双因素认证' },
      fields: ['enrolled', 'recoveryCodes'],
    },
    'factor.remove': {
      name: { en: 'Second factor removed', 'zh-CN': '解除双因素认证' },
      fields: ['enrolled'],
    },
  },
  auditFields: {
    enrolled: {
      label: { en: 'Second factor set up', 'zh-CN': '已绑定双因素认证' },
      value: 'boolean',
    },
    recoveryCodes: {
      label: { en: 'Recovery codes issued', 'zh-CN': '生成的恢复码个数' },
      value: 'count',
    },
  },
  paths: {
    USER_PATHS,
  },
} as const satisfies FeatureManifest;
