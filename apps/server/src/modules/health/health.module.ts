import type { AppModule } from '../../app-module.js';
import healthManagementRoutes from './health.management.js';
import healthRoutes from './health.routes.js';

export const healthModule: AppModule = {
  name: 'health',
  routes: healthRoutes,
  managementRoutes: healthManagementRoutes,
};
