import type { AppModule } from '../../app-module.js';
import gisRoutes from './gis.routes.js';
import { GisService } from './gis.service.js';

declare module '../../services.js' {
  interface Services {
    gis: GisService;
  }
}

export const gisModule: AppModule = {
  name: 'gis',
  createServices: ({ repositories, services, clock }) => ({
    gis: new GisService({
      gis: repositories.gis,
      settings: services.settings,
      clock,
      commands: services.commands,
    }),
  }),
  routes: gisRoutes,
};
