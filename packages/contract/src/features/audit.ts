import { AUDITOR_ROLE } from '../roles.js';
import type { FeatureManifest } from './manifest.js';

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
    'audit.view': { en: 'Audit trail viewed', 'zh-CN': '查看审计日志' },
    'audit.export': { en: 'Audit trail exported', 'zh-CN': '导出审计日志' },
    'audit.verify': { en: 'Audit chain verified', 'zh-CN': '校验审计日志链' },
    'audit.archive': { en: 'Audit records archived', 'zh-CN': '归档审计记录' },
  },
  auditFields: {
    records: { en: 'Records', 'zh-CN': '记录数' },
    format: { en: 'Format', 'zh-CN': '格式' },
    checked: { en: 'Records checked', 'zh-CN': '已校验记录数' },
    brokenAt: { en: 'Broken at record', 'zh-CN': '断开位置' },
    from: { en: 'From', 'zh-CN': '开始时间' },
    to: { en: 'To', 'zh-CN': '结束时间' },
    before: { en: 'Older than record', 'zh-CN': '早于记录' },
    rows: { en: 'Rows', 'zh-CN': '行数' },
    fileHash: { en: 'File hash', 'zh-CN': '文件哈希值' },
    retentionDays: { en: 'Retention (days)', 'zh-CN': '保留天数' },
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
