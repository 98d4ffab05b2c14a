import { AUDIT_FIELD_LABELS } from '@cityops/contract';
import * as en from './en/audit';
import { merge } from './merge';
import * as zhCN from './zh-CN/audit';

/**
 * Loaded with the audit screen only (docs/performance.md). The labels of a record's
 * fields no console form names (`audit.fieldName.*`) are the contract's, declared by the
 * feature manifests.
 */
export const auditTexts = {
  en: merge(en, { audit: { fieldName: AUDIT_FIELD_LABELS.en } }),
  'zh-CN': merge(zhCN, { audit: { fieldName: AUDIT_FIELD_LABELS['zh-CN'] } }),
};
