import type { FeatureManifest } from './manifest.js';

/** The access rules: what the trail records of a refusal (a route without its code, a policy's no). */
export const accessFeature = {
  feature: 'access',
  auditActions: {
    'access.refused': { en: 'Refused: no permission', 'zh-CN': '越权访问被拒绝' },
  },
  auditFields: {
    attempted: { en: 'Attempted action', 'zh-CN': '尝试的操作' },
  },
} as const satisfies FeatureManifest;
