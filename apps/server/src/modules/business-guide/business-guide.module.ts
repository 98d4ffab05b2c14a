import type { AppModule } from '../../app-module.js';
import businessGuideRoutes from './business-guide.routes.js';
import { BusinessGuideService } from './business-guide.service.js';

declare module '../../services.js' {
  interface Services {
    businessGuide: BusinessGuideService;
  }
}

export const businessGuideModule: AppModule = {
  name: 'business-guide',
  createServices: ({ repositories, services, clock }) => ({
    businessGuide: new BusinessGuideService({
      guide: repositories.businessGuide,
      users: repositories.users,
      clock,
      commands: services.commands,
    }),
  }),
  routes: businessGuideRoutes,
  prefix: '/business-guide',
};
