import type { AppModule } from '../../app-module.js';
import authRoutes from './auth.routes.js';
import { AuthService } from './auth.service.js';
import { CaptchaService } from './captcha.service.js';
import { LoginGuardService } from './login-guard.service.js';
import { RsaKeyService } from './rsa-key.service.js';
import { SecuritySettings } from './security-settings.js';
import { SessionTokens } from './session-tokens.js';

declare module '../../services.js' {
  interface Services {
    auth: AuthService;
    rsaKeys: RsaKeyService;
    securitySettings: SecuritySettings;
    captchas: CaptchaService;
  }
}

export const authModule: AppModule = {
  name: 'auth',
  createServices: ({ repositories, withTransaction, services, clock, config }) => {
    const { audit, settings: allSettings } = services;
    const settings = new SecuritySettings({ settings: allSettings, clock });
    const rsaKeys = new RsaKeyService({
      repositories,
      withTransaction,
      clock,
      settings,
      profile: config.cryptoProfile,
    });
    const captchas = new CaptchaService({
      captchas: repositories.captchas,
      clock,
      keepAnswersForTests: config.nodeEnv === 'test',
    });
    const guard = new LoginGuardService({
      attempts: repositories.loginAttempts,
      captchas,
      settings,
      audit,
      clock,
    });
    const auth = new AuthService({
      users: repositories.users,
      sessions: repositories.sessions,
      rsaKeys,
      clock,
      guard,
      settings,
      audit,
      secondFactor: services.secondFactor,
      personalData: services.personalData,
      sessionTokens: new SessionTokens(
        repositories.serverSecrets,
        config.cryptoProfile === 'gm' ? 'sm3' : 'sha256',
      ),
    });
    return { auth, rsaKeys, securitySettings: settings, captchas };
  },
  routes: authRoutes,
};
