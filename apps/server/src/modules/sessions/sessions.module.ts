import type { AppModule } from '../../app-module.js';
import { SessionAdminService } from './session-admin.service.js';
import sessionsRoutes from './sessions.routes.js';

declare module '../../services.js' {
  interface Services {
    sessionAdmin: SessionAdminService;
  }
}

/** Online sessions (issue 13): uses the system module's data scope, so it comes after it. */
export const sessionsModule: AppModule = {
  name: 'sessions',
  createServices: ({ repositories, withTransaction, clock, services }) => ({
    sessionAdmin: new SessionAdminService({
      repositories,
      withTransaction,
      clock,
      access: services.accessScope,
    }),
  }),
  routes: sessionsRoutes,
};
