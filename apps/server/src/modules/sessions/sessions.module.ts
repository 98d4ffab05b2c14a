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
  createServices: ({ repositories, clock, services }) => ({
    sessionAdmin: new SessionAdminService({
      repositories,
      clock,
      access: services.accessScope,
      commands: services.commands,
      offers: services.accessOffers,
    }),
  }),
  routes: sessionsRoutes,
};
