import * as en from './en/layout';
import * as zhCN from './zh-CN/layout';

/** Loaded with the screens that use them, not on the login page (docs/performance.md). */
export const layoutTexts = { en: { ...en }, 'zh-CN': { ...zhCN } };
