import type { AppModule } from '../../app-module.js';
import { AccessOffers } from './access-offers.js';
import { AccessPolicy } from './access-policy.js';
import { AccessScopeService } from './access-scope.service.js';
import { CommandRunner } from './command.js';
import { PolicyRules } from './policy-rules.js';
import { RefusalRecorder } from './refusal-recorder.js';

declare module '../../services.js' {
  interface Services {
    accessScope: AccessScopeService;
    accessPolicy: AccessPolicy;
    /** What the console may offer, by the policy's own rules. */
    accessOffers: AccessOffers;
    /** A write and its audit record in one transaction (command.ts). */
    commands: CommandRunner;
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
  createServices: ({ repositories, services, clock, withTransaction }) => {
    const accessScope = new AccessScopeService({ repositories });
    const refusals = new RefusalRecorder({
      limits: services.requestLimits,
      audit: services.audit,
      clock,
    });
    const rules = new PolicyRules({ repositories, scope: accessScope });
    return {
      accessScope,
      refusals,
      accessPolicy: new AccessPolicy({ rules, refusals }),
      accessOffers: new AccessOffers({ rules, scope: accessScope }),
      commands: new CommandRunner({ withTransaction, clock }),
    };
  },
};
