import type { AppModule } from '../../app-module.js';
import passwordRoutes from './password.routes.js';
import { PasswordService } from './password.service.js';

declare module '../../services.js' {
  interface Services {
    passwords: PasswordService;
  }
}

export const passwordModule: AppModule = {
  name: 'password',
  createServices: ({ repositories, withTransaction, services, clock }) => ({
    passwords: new PasswordService({
      repositories,
      withTransaction,
      rsaKeys: services.rsaKeys,
      settings: services.securitySettings,
      audit: services.audit,
      policy: services.accessPolicy,
      clock,
    }),
  }),
  routes: passwordRoutes,
};
