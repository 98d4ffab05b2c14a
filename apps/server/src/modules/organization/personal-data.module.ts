import type { AppModule } from '../../app-module.js';
import { aeadAlgorithmOf } from '../secrets/aead.js';
import { PersonalDataSeal } from './personal-data-seal.js';

declare module '../../services.js' {
  interface Services {
    /** Mobile numbers sealed at rest and found by their blind index (issue 30). */
    personalData: PersonalDataSeal;
  }
}

/** First of the modules: sign-in, profiles, SMS and the console all read numbers through it. */
export const personalDataModule: AppModule = {
  name: 'personal-data',
  createServices: ({ repositories, config }) => ({
    personalData: new PersonalDataSeal({
      secrets: repositories.serverSecrets,
      algorithm: aeadAlgorithmOf(config.cryptoProfile),
    }),
  }),
};
