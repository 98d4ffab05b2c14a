import type { AppModule } from '../../app-module.js';
import qrLoginRoutes from './qr-login.routes.js';
import { QrLoginService } from './qr-login.service.js';

declare module '../../services.js' {
  interface Services {
    qrLogin: QrLoginService;
  }
}

export const qrLoginModule: AppModule = {
  name: 'qr-login',
  createServices: ({ repositories, services, clock }) => ({
    qrLogin: new QrLoginService({
      tickets: repositories.qrTickets,
      users: repositories.users,
      auth: services.auth,
      settings: services.securitySettings,
      audit: services.audit,
      secondFactor: services.secondFactor,
      clock,
    }),
  }),
  routes: qrLoginRoutes,
};
