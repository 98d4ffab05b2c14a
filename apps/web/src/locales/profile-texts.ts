import * as en from './en/profile';
import * as zhCN from './zh-CN/profile';

/** Loaded with the screens that use them, not on the login page (docs/performance.md). */
export const profileTexts = { en: { ...en }, 'zh-CN': { ...zhCN } };
