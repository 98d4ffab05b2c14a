import * as en from './en/map';
import * as zhCN from './zh-CN/map';

/** Loaded with the screens that use them, not on the login page (docs/performance.md). */
export const mapTexts = { en: { ...en }, 'zh-CN': { ...zhCN } };
