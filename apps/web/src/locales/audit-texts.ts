import * as en from './en/audit';
import * as zhCN from './zh-CN/audit';

/** Loaded with the audit screen only (docs/performance.md). */
export const auditTexts = { en: { ...en }, 'zh-CN': { ...zhCN } };
