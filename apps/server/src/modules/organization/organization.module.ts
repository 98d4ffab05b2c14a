import { FileAddresses } from '../files/file-address.js';
import type { AppModule } from '../../app-module.js';
import organizationRoutes from './organization.routes.js';
import profileRoutes from './profile.routes.js';
import { ProfileService } from './profile.service.js';
import { UserService } from './user.service.js';

declare module '../../services.js' {
  interface Services {
    users: UserService;
    profiles: ProfileService;
  }
}

export const organizationModule: AppModule = {
  name: 'organization',
  createServices: ({ repositories, clock, config, services }) => ({
    users: new UserService({
      repositories,
      policy: services.accessPolicy,
      personalData: services.personalData,
    }),
    profiles: new ProfileService({
      repositories,
      commands: services.commands,
      clock,
      fileAddresses: new FileAddresses(config.web.apiBaseUrl, config.publicUrl),
      personalData: services.personalData,
    }),
  }),
  routes: async (app, context) => {
    await app.register(organizationRoutes, context);
    await app.register(profileRoutes, context);
  },
};
