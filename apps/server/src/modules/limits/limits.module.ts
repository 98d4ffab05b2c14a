import type { AppModule } from '../../app-module.js';
import type { RequestLimitRepository } from './request-limit.repository.js';

declare module '../../services.js' {
  interface Services {
    /** Per-address counts of the calls that need no sign-in (plugins/request-limits.ts). */
    requestLimits: RequestLimitRepository;
  }
}

export const limitsModule: AppModule = {
  name: 'limits',
  createServices: ({ repositories }) => ({ requestLimits: repositories.requestLimits }),
};
