import type { AppModule } from '../../app-module.js';
import { SecretBoxService } from '../secrets/secret-box.service.js';
import { SubsystemLogoutService } from './backchannel-logout.service.js';
import { SigningKeyService } from './signing-key.service.js';

declare module '../../services.js' {
  interface Services {
    subsystemLogouts: SubsystemLogoutService;
  }
}

/**
 * Back-channel logout to the subsystems a session signed in to (issue 22):
 * app.ts joins it to the app's session changes and runs its delivery.
 */
export const backchannelLogoutModule: AppModule = {
  name: 'backchannel-logout',
  createServices: ({ repositories, withTransaction, clock, config, log }) => ({
    subsystemLogouts: new SubsystemLogoutService({
      repositories,
      withTransaction,
      // The provider's keys (the same sealed key set as the subsystems module's).
      keys: new SigningKeyService({
        keys: repositories.signingKeys,
        secretBox: new SecretBoxService({
          secrets: repositories.serverSecrets,
          name: 'oidc-signing-key-box',
          configuredKey: config.secretsKey,
        }),
        clock,
      }),
      clock,
      log,
    }),
  }),
};
