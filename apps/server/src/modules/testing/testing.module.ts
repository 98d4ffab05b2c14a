import type { AppModule } from '../../app-module.js';
import { TestHooksService } from './test-hooks.service.js';
import testingRoutes from './testing.routes.js';

declare module '../../services.js' {
  interface Services {
    /** Only in an app with NODE_ENV=test (the testing module). */
    testHooks?: TestHooksService;
  }
}

/** Test-only hooks (captcha answers, SMS outbox, accounts): never part of an app outside NODE_ENV=test. */
export const testingModule: AppModule = {
  name: 'testing',
  createServices: ({ withTransaction, clock }) => ({
    testHooks: new TestHooksService({ withTransaction, clock }),
  }),
  routes: testingRoutes,
  enabled: (config) => config.nodeEnv === 'test',
};
