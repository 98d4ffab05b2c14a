import { AUDITOR_ROLE } from '../roles.js';
import type { FeatureManifest } from './manifest.js';

/** The screen's filters, as a view or an export of the trail records them. */
const FILTER_FIELDS = ['from', 'to', 'actor', 'action', 'targetKind', 'target', 'outcome'] as const;

/** The audit trail (审计日志, issue 13): reading, exporting, verifying and archiving it. */
export const auditFeature = {
  feature: 'audit',
  permissions: {
    /** Read the audit trail and its verification (auditor). */
    'system:audit:read': {
      name: { en: 'Read the trail', 'zh-CN': '查看审计' },
      entry: 'system_audit',
      sortOrder: 10,
      reservedTo: AUDITOR_ROLE,
    },
    /** Export the audit trail to Excel or CSV (auditor). */
    'system:audit:export': {
      name: { en: 'Export the trail', 'zh-CN': '导出审计' },
      entry: 'system_audit',
      sortOrder: 20,
      reservedTo: AUDITOR_ROLE,
    },
  },
  auditActions: {
    'audit.view': {
      name: { en: 'Audit trail viewed', 'zh-CN': '查看审计日志' },
      fields: [...FILTER_FIELDS, 'before'],
    },
    'audit.export': {
      name: { en: 'Audit trail exported', 'zh-CN': '导出审计日志' },
      fields: [...FILTER_FIELDS, 'format', 'records'],
    },
    'audit.verify': {
      name: { en: 'Audit chain verified', 'zh-CN': '校验审计日志链' },
      fields: ['checked', 'brokenAt'],
    },
    'audit.archive': {
      name: { en: 'Audit records archived', 'zh-CN': '归档审计记录' },
      fields: ['records', 'fileHash', 'retentionDays'],
    },
    /** The server, at start, when CRYPTO_PROFILE names another hash (SM3 under gm). */
    'audit.algorithm': {
      name: { en: 'Audit chain hash changed', 'zh-CN': '变更审计日志链哈希算法' },
      fields: ['algorithm'],
    },
  },
  auditTargets: {
    audit: { en: 'Audit trail', 'zh-CN': '审计日志' },
  },
  auditFields: {
    from: { label: { en: 'From', 'zh-CN': '开始时间' }, value: 'time' },
    to: { label: { en: 'To', 'zh-CN': '结束时间' }, value: 'time' },
    actor: { label: { en: 'User', 'zh-CN': '操作人' }, value: 'code' },
    action: { label: { en: 'Action', 'zh-CN': '操作' }, value: 'action' },
    targetKind: { label: { en: 'Target type', 'zh-CN': '对象类型' }, value: 'target-kind' },
    target: { label: { en: 'Target', 'zh-CN': '操作对象' }, value: 'text' },
    outcome: { label: { en: 'Result', 'zh-CN': '结果' }, value: 'outcome' },
    before: { label: { en: 'Older than record no.', 'zh-CN': '早于记录编号' }, value: 'number' },
    format: {
      label: { en: 'Format', 'zh-CN': '格式' },
      value: {
        enum: {
          xlsx: { en: 'Excel file', 'zh-CN': 'Excel 文件' },
          csv: { en: 'CSV file', 'zh-CN': 'CSV 文件' },
        },
      },
    },
    records: { label: { en: 'Records', 'zh-CN': '记录数' }, value: 'count' },
    checked: { label: { en: 'Records checked', 'zh-CN': '已校验记录数' }, value: 'count' },
    brokenAt: {
      label: { en: 'Broken at record no.', 'zh-CN': '断开位置的记录编号' },
      value: 'number',
    },
    fileHash: { label: { en: 'File hash', 'zh-CN': '文件哈希值' }, value: 'code' },
    retentionDays: { label: { en: 'Kept for', 'zh-CN': '保留期限' }, value: 'days' },
    algorithm: {
      label: { en: 'Hash algorithm', 'zh-CN': '哈希算法' },
      value: {
        enum: {
          'SHA-256': { en: 'SHA-256 (international)', 'zh-CN': 'SHA-256（国际算法）' },
          SM3: { en: 'SM3 (Chinese commercial)', 'zh-CN': 'SM3（国密算法）' },
        },
      },
    },
  },
  paths: {
    SYSTEM_PATHS: {
      audit: '/system/audit',
      auditRecord: '/system/audit/:seq',
      auditActors: '/system/audit/actors',
      auditExport: '/system/audit/export',
      auditVerification: '/system/audit/verification',
    },
  },
  menu: [
    {
      code: 'system_audit',
      name: { en: 'Audit trail', 'zh-CN': '审计日志' },
      kind: 'page',
      icon: 'eye',
      url: '/system/audit',
      sortOrder: 80,
      parent: 'system_admin',
      grantedTo: [AUDITOR_ROLE],
      reservedTo: AUDITOR_ROLE,
    },
  ],
} as const satisfies FeatureManifest;
