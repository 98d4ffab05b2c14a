import type { AppModule } from '../../app-module.js';
import { SessionAdminService } from './session-admin.service.js';
import sessionsRoutes from './sessions.routes.js';

declare module '../../services.js' {
  interface Services {
    sessionAdmin: SessionAdminService;
  }
}

/** Online sessions (issue 13): the security administrator's list and ends, one's own sessions. */
export const sessionsModule: AppModule = {
  name: 'sessions',
  createServices: ({ repositories, withTransaction, clock, services }) => ({
    sessionAdmin: new SessionAdminService({
      repositories,
      withTransaction,
      clock,
      access: services.accessScope,
      policy: services.accessPolicy,
      offers: services.accessOffers,
    }),
  }),
  routes: sessionsRoutes,
};
