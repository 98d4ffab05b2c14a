import type { AppModule } from '../../app-module.js';
import auditRoutes from './audit.routes.js';
import { AuditTrailService } from './audit-trail.service.js';
import { AuditRecorder } from './audit-writer.js';

declare module '../../services.js' {
  interface Services {
    /** Writes events that change nothing (sign-in, refusals, views). */
    audit: AuditRecorder;
    /** The auditor's reading, export and verification of the trail. */
    auditTrail: AuditTrailService;
  }
}

export const auditModule: AppModule = {
  name: 'audit',
  createServices: ({ repositories, clock }) => {
    const audit = new AuditRecorder({ audit: repositories.audit, clock });
    return {
      audit,
      auditTrail: new AuditTrailService({
        audit: repositories.audit,
        clock,
        settings: repositories.settings,
      }),
    };
  },
  routes: auditRoutes,
};
