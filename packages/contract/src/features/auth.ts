import type { FeatureManifest } from './manifest.js';

/** Sign-in, the captcha, the client's own settings and the QR sign-in. */
export const AUTH_PATHS = {
  publicKey: '/authorization-server/oauth/pubKey',
  token: '/authorization-server/oauth/token',
  logout: '/authorization-server/oauth/logout',
  captcha: '/authorization-server/oauth/verificationCode',
  basic: '/authorization-server/oauth/basic',
  qrCode: '/authorization-server/oauth/qrCode',
  /** The second step of a sign-in: the ticket of the first and a one-time code (issue 13). */
  secondFactor: '/authorization-server/oauth/second-factor',
} as const;

/** The QR helpers, also reached by full URL from the phone. */
export const QR_SCAN_PATH = '/authorization-server/oauth/qrCode/scan';
export const QR_CONFIRM_PATH = '/authorization-server/oauth/qrCode/confirm';
export const QR_STATUS_PATH = '/authorization-server/oauth/qrCode/status';

/** SMS codes and the password recovery they open. */
export const SMS_PATHS = {
  verifyCode: '/message-sms/sms/kaptcha',
  recoveryCode: '/message-sms/sms/pwb_kaptcha',
  checkPhone: '/organization/user/check_phone',
  findPassword: '/organization/user/find_pwd',
} as const;

/** Sign-in (password, SMS code, QR code, second factor), sign-out and passwords. */
export const authFeature = {
  feature: 'auth',
  auditActions: {
    'auth.login': { name: { en: 'Sign-in', 'zh-CN': '登录' }, fields: ['scope', 'failures'] },
    'auth.logout': { name: { en: 'Sign-out', 'zh-CN': '退出登录' }, fields: [] },
    'auth.lockout': {
      name: { en: 'Account locked', 'zh-CN': '账号锁定' },
      fields: ['scope', 'minutes', 'failures'],
    },
    'auth.sms.request': {
      name: { en: 'SMS code requested', 'zh-CN': '申请短信验证码' },
      fields: ['mobile', 'purpose', 'sent'],
    },
    'auth.sms.login': {
      name: { en: 'SMS code checked', 'zh-CN': '校验短信验证码' },
      fields: ['mobile', 'purpose', 'attempts'],
    },
    'auth.qr.confirm': {
      name: { en: 'QR sign-in confirmed', 'zh-CN': '确认扫码登录' },
      fields: ['appId', 'requesterIp'],
    },
    'auth.qr.login': { name: { en: 'QR sign-in', 'zh-CN': '扫码登录' }, fields: [] },
    'auth.second-factor': {
      name: { en: 'Second factor checked', 'zh-CN': '校验双因素认证' },
      fields: ['failures'],
    },
    'password.change': { name: { en: 'Password changed', 'zh-CN': '修改密码' }, fields: [] },
    'password.reset': { name: { en: 'Password reset', 'zh-CN': '重置密码' }, fields: ['mobile'] },
  },
  auditFields: {
    scope: {
      label: { en: 'Locked', 'zh-CN': '锁定对象' },
      value: {
        enum: {
          account: { en: 'The account', 'zh-CN': '账号' },
          address: { en: 'The address signed in from', 'zh-CN': '登录来源地址' },
        },
      },
    },
    failures: { label: { en: 'Failed attempts', 'zh-CN': '连续失败次数' }, value: 'count' },
    minutes: { label: { en: 'Locked for', 'zh-CN': '锁定时长' }, value: 'minutes' },
    mobile: { label: { en: 'Mobile number', 'zh-CN': '手机号码' }, value: 'text' },
    purpose: {
      label: { en: 'Purpose', 'zh-CN': '用途' },
      value: {
        enum: {
          password: { en: 'Password recovery', 'zh-CN': '找回密码' },
          verify: { en: 'Identity check', 'zh-CN': '身份验证' },
        },
      },
    },
    sent: { label: { en: 'Sent', 'zh-CN': '已发送' }, value: 'boolean' },
    attempts: { label: { en: 'Attempts', 'zh-CN': '尝试次数' }, value: 'count' },
    appId: { label: { en: 'App', 'zh-CN': '扫码应用' }, value: 'code' },
    requesterIp: { label: { en: 'Requested from', 'zh-CN': '发起登录的地址' }, value: 'code' },
  },
  paths: {
    AUTH_PATHS,
    QR_SCAN_PATH,
    QR_CONFIRM_PATH,
    QR_STATUS_PATH,
    SMS_PATHS,
  },
} as const satisfies FeatureManifest;
