import type { AppModule } from '../../app-module.js';
import { SubsystemLogoutService } from './backchannel-logout.service.js';

declare module '../../services.js' {
  interface Services {
    subsystemLogouts: SubsystemLogoutService;
  }
}

/**
 * Back-channel logout to the subsystems a session signed in to (issue 22):
 * app.ts joins it to the app's session changes and runs its delivery. Listed
 * after the subsystems module, whose signing keys it uses.
 */
export const backchannelLogoutModule: AppModule = {
  name: 'backchannel-logout',
  createServices: ({ repositories, withTransaction, services, clock, log }) => ({
    subsystemLogouts: new SubsystemLogoutService({
      repositories,
      withTransaction,
      // The provider's keys (subsystems.module.ts): a logout token is signed as its tokens are.
      keys: services.signingKeys,
      clock,
      log,
    }),
  }),
};
