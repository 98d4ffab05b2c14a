import * as en from './en/notifications';
import * as zhCN from './zh-CN/notifications';

/** Loaded with the screens that use them, not on the login page (docs/performance.md). */
export const notificationsTexts = { en: { ...en }, 'zh-CN': { ...zhCN } };
