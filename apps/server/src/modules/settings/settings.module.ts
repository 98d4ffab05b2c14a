import type { AppModule } from '../../app-module.js';
import settingsRoutes from './settings.routes.js';
import { SettingsService } from './settings.service.js';

declare module '../../services.js' {
  interface Services {
    settings: SettingsService;
  }
}

export const settingsModule: AppModule = {
  name: 'settings',
  createServices: ({ repositories, config }) => ({
    settings: new SettingsService({
      repositories,
      defaults: { systemName: config.web.systemName },
    }),
  }),
  routes: settingsRoutes,
};
