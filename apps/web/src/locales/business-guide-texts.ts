import * as en from './en/business-guide';
import * as zhCN from './zh-CN/business-guide';

/** Loaded with the screens that use them, not on the login page (docs/performance.md). */
export const businessGuideTexts = { en: { ...en }, 'zh-CN': { ...zhCN } };
