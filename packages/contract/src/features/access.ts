import type { FeatureManifest } from './manifest.js';

/** The access rules: what the trail records of a refusal (a route without its code, a policy's no). */
export const accessFeature = {
  feature: 'access',
  auditActions: {
    'access.refused': {
      name: { en: 'Refused: no permission', 'zh-CN': '越权访问被拒绝' },
      fields: ['attempted'],
    },
  },
  auditFields: {
    /** Any action's refusal by the access policy records what was tried (audit-fields.ts). */
    attempted: { label: { en: 'Attempted action', 'zh-CN': '尝试的操作' }, value: 'attempt' },
  },
} as const satisfies FeatureManifest;
