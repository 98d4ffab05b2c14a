import type { AppModule } from '../../app-module.js';
import auditRoutes from './audit.routes.js';
import { AuditService } from './audit.service.js';

declare module '../../services.js' {
  interface Services {
    audit: AuditService;
  }
}

export const auditModule: AppModule = {
  name: 'audit',
  createServices: ({ repositories, clock }) => ({
    audit: new AuditService({ audit: repositories.audit, clock, settings: repositories.settings }),
  }),
  routes: auditRoutes,
};
