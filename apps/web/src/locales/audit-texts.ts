import * as en from './en/audit';
import * as zhCN from './zh-CN/audit';

/**
 * Loaded with the audit screen only (docs/performance.md). The labels of a record's
 * fields are the contract's, declared with each action by the feature manifests
 * (features/system/lib/audit-names.ts).
 */
export const auditTexts = { en: { ...en }, 'zh-CN': { ...zhCN } };
