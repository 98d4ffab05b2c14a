import * as en from './en/system';
import * as zhCN from './zh-CN/system';

/** Loaded with the administration console's screens, not on the login page (docs/performance.md). */
export const systemTexts = { en: { ...en }, 'zh-CN': { ...zhCN } };
