// The route module of paths.system.audit; the page itself lives in its feature.
export { AuditPage as Component } from '@/features/system/components/audit-page';
