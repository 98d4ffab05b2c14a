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
    'auth.login': { en: 'Sign-in', 'zh-CN': '登录' },
    'auth.logout': { en: 'Sign-out', 'zh-CN': '退出登录' },
    'auth.lockout': { en: 'Account locked', 'zh-CN': '账号锁定' },
    'auth.sms.request': { en: 'SMS code requested', 'zh-CN': '申请短信验证码' },
    'auth.sms.login': { en: 'SMS code checked', 'zh-CN': '校验短信验证码' },
    'auth.qr.confirm': { en: 'QR sign-in confirmed', 'zh-CN': '确认扫码登录' },
    'auth.qr.login': { en: 'QR sign-in', 'zh-CN': '扫码登录' },
    'auth.second-factor': { en: 'Second factor checked', 'zh-CN': '校验双因素认证' },
    'password.change': { en: 'Password changed', 'zh-CN': '修改密码' },
    'password.reset': { en: 'Password reset', 'zh-CN': '重置密码' },
  },
  paths: {
    AUTH_PATHS,
    QR_SCAN_PATH,
    QR_CONFIRM_PATH,
    QR_STATUS_PATH,
    SMS_PATHS,
  },
} as const satisfies FeatureManifest;
