import type { AppModule } from '../../app-module.js';
import testingRoutes from './testing.routes.js';

/** Test-only hooks (captcha answers, SMS outbox, accounts): never part of an app outside NODE_ENV=test. */
export const testingModule: AppModule = {
  name: 'testing',
  routes: testingRoutes,
  enabled: (config) => config.nodeEnv === 'test',
};
