import type { FeatureManifest } from './manifest.js';

/** The access rules: what the trail records of a refusal (a route without its code, a policy's no). */
export const accessFeature = {
  feature: 'access',
  auditActions: {
    'access.refused': {
      name: { en: 'Refused: no permission', 'zh-CN': '越权访问被拒绝' },
      fields: ['attempted'],
    },
    /** A role or permission binding whose MAC failed: not honoured (issue 30, GB/T 39786 8.3). */
    'access.binding-rejected': {
      name: {
        en: 'Access binding failed its integrity check',
        'zh-CN': '访问控制绑定完整性校验失败',
      },
      fields: ['binding'],
    },
  },
  auditTargets: {
    route: { en: 'Address', 'zh-CN': '访问地址' },
  },
  auditFields: {
    /** Any action's refusal by the access policy records what was tried (audit-fields.ts). */
    attempted: { label: { en: 'Attempted action', 'zh-CN': '尝试的操作' }, value: 'attempt' },
    binding: { label: { en: 'Binding', 'zh-CN': '绑定关系' }, value: 'text' },
  },
} as const satisfies FeatureManifest;
