// The console screen at /system/audit (app/console-routes.ts); the page lives in its feature.
export { AuditPage as Component } from '@/features/system/components/audit-page';
