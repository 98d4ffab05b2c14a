import type { AppModule } from '../../app-module.js';
import metricsManagementRoutes from './metrics.management.js';

/** Prometheus metrics of the instance, on the management port only (docs/deployment.md). */
export const metricsModule: AppModule = {
  name: 'metrics',
  managementRoutes: metricsManagementRoutes,
};
