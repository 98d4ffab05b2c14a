import type { AppModule } from '../../app-module.js';
import { KeyedHashService, keyedHashOf } from '../secrets/keyed-hash.service.js';
import { aeadAlgorithmOf } from '../secrets/aead.js';
import { SecretBoxService } from '../secrets/secret-box.service.js';
import secondFactorRoutes from './second-factor.routes.js';
import { SecondFactorService } from './second-factor.service.js';

declare module '../../services.js' {
  interface Services {
    secondFactor: SecondFactorService;
  }
}

/** The second sign-in factor (issue 13); the sign-in itself asks it through AuthService. */
export const secondFactorModule: AppModule = {
  name: 'second-factor',
  createServices: ({ repositories, withTransaction, services, clock, config }) => ({
    secondFactor: new SecondFactorService({
      repositories,
      withTransaction,
      recoveryHash: new KeyedHashService({
        secrets: repositories.serverSecrets,
        name: 'recovery-code-hmac',
        hash: keyedHashOf(config.cryptoProfile),
      }),
      secretBox: new SecretBoxService({
        secrets: repositories.serverSecrets,
        name: 'second-factor-box',
        configuredKey: config.secretsKey,
        algorithm: aeadAlgorithmOf(config.cryptoProfile),
      }),
      audit: services.audit,
      commands: services.commands,
      clock,
      enforced: config.secondFactorEnforced,
      issuer: async () => (await services.settings.publicValue('systemName')) ?? 'CityOps',
    }),
  }),
  routes: secondFactorRoutes,
};
