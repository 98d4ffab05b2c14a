import type { AppModule } from '../../app-module.js';
import { AccessPolicy } from './access-policy.js';
import { AccessScopeService } from './access-scope.service.js';
import { RefusalRecorder } from './refusal-recorder.js';

declare module '../../services.js' {
  interface Services {
    accessScope: AccessScopeService;
    accessPolicy: AccessPolicy;
    refusals: RefusalRecorder;
  }
}

/**
 * Who may act on whom (issue 21): the data scope, the refusals' record and the one
 * policy every module that acts on a target asks. It comes right after the trail
 * and the limits it records refusals with, before every module that asks it.
 */
export const accessModule: AppModule = {
  name: 'access',
  createServices: ({ repositories, services, clock }) => {
    const accessScope = new AccessScopeService({ repositories });
    const refusals = new RefusalRecorder({
      limits: services.requestLimits,
      audit: services.audit,
      clock,
    });
    return {
      accessScope,
      refusals,
      accessPolicy: new AccessPolicy({ repositories, scope: accessScope, refusals }),
    };
  },
};
