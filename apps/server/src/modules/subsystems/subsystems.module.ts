import type { AppModule } from '../../app-module.js';
import { RequestLimiter } from '../../plugins/request-limits.js';
import { aeadAlgorithmOf } from '../secrets/aead.js';
import { SecretBoxService } from '../secrets/secret-box.service.js';
import { ServerKey } from '../secrets/server-key.js';
import { FrameTokenService } from './frame-token.service.js';
import { OidcProviders } from './oidc-provider.js';
import oidcRoutes from './oidc.routes.js';
import { SigningKeyService } from './signing-key.service.js';
import { SsoService } from './sso.service.js';
import subsystemsRoutes from './subsystems.routes.js';

declare module '../../services.js' {
  interface Services {
    signingKeys: SigningKeyService;
    frameTokens: FrameTokenService;
    oidcProviders: OidcProviders;
    sso: SsoService;
  }
}

/**
 * The platform as its subsystems' OpenID Connect provider (issue 22,
 * docs/subsystems.md): signing keys, frame tokens, the provider's standard
 * addresses at the product's root.
 */
export const subsystemsModule: AppModule = {
  name: 'subsystems',
  createServices: ({ repositories, withTransaction, services, clock, config, log }) => {
    const signingKeys = new SigningKeyService({
      keys: repositories.signingKeys,
      secretBox: new SecretBoxService({
        secrets: repositories.serverSecrets,
        name: 'oidc-signing-key-box',
        configuredKey: config.secretsKey,
        algorithm: aeadAlgorithmOf(config.cryptoProfile),
      }),
      clock,
    });
    const cookieKey = new ServerKey(repositories.serverSecrets, 'oidc-cookie-key');
    const sso = new SsoService({
      repositories,
      clock,
      keys: signingKeys,
      auth: services.auth,
      menus: services.menus,
    });
    return {
      signingKeys,
      frameTokens: new FrameTokenService({
        repositories,
        auth: services.auth,
        withTransaction,
        menus: services.menus,
        keys: signingKeys,
        clock,
        personalData: services.personalData,
        limiter: new RequestLimiter({
          limits: services.requestLimits,
          settings: services.securitySettings,
          clock,
        }),
        settings: services.securitySettings,
      }),
      sso,
      oidcProviders: new OidcProviders({
        sso,
        sessionLive: (tokenHash) => services.auth.isLive(tokenHash),
        menus: services.menus,
        clock,
        systemName: async () => (await services.settings.publicValue('systemName')) ?? 'CityOps',
        repositories,
        keys: signingKeys,
        cookieKeys: async () => [(await cookieKey.get()).toString('base64url')],
        trustProxy: config.trustProxy,
        log,
        personalData: services.personalData,
      }),
    };
  },
  routes: subsystemsRoutes,
  rootRoutes: oidcRoutes,
};
