import type { AppModule } from '../../app-module.js';
import { SettingsAdminService } from './settings-admin.service.js';
import settingsRoutes from './settings.routes.js';
import { SettingsService } from './settings.service.js';

declare module '../../services.js' {
  interface Services {
    settings: SettingsService;
    settingsAdmin: SettingsAdminService;
  }
}

export const settingsModule: AppModule = {
  name: 'settings',
  createServices: ({ repositories, config, clock, database, services }) => {
    const settings = new SettingsService({
      repositories,
      defaults: { systemName: config.web.systemName },
      database,
    });
    const settingsAdmin = new SettingsAdminService({
      repositories,
      commands: services.commands,
      settings,
      clock,
      defaults: { systemName: config.web.systemName, frameAncestors: config.frameAncestors },
    });
    return { settings, settingsAdmin };
  },
  routes: settingsRoutes,
};
