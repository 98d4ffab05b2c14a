import type { AppModule } from '../../app-module.js';
import { PurgeService } from './purge.service.js';

declare module '../../services.js' {
  interface Services {
    /** Deletes expired captchas, QR tickets, SMS codes and counts; app.ts runs it on a schedule. */
    purge: PurgeService;
  }
}

export const purgeModule: AppModule = {
  name: 'purge',
  createServices: ({ repositories, services, clock }) => ({
    purge: new PurgeService({
      repositories,
      rsaKeys: services.rsaKeys,
      settings: services.securitySettings,
      clock,
    }),
  }),
};
