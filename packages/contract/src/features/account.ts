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
    'factor.enrol': { en: 'Second factor enrolled', 'zh-CN': '绑定双因素认证' },
    'factor.remove': { en: 'Second factor removed', 'zh-CN': '解除双因素认证' },
  },
  auditFields: {
    enrolled: { en: 'Second factor set up', 'zh-CN': '已绑定双因素认证' },
    recoveryCodes: { en: 'Recovery codes', 'zh-CN': '恢复码' },
    headImage: { en: 'Profile picture', 'zh-CN': '头像' },
  },
  paths: {
    USER_PATHS,
  },
} as const satisfies FeatureManifest;
