import * as en from './en/qr';
import * as zhCN from './zh-CN/qr';

/** Loaded with the QR tab and the mobile confirm page, not with the login page's first load. */
export const qrTexts = { en: { ...en }, 'zh-CN': { ...zhCN } };
