import type { AppModule } from '../../app-module.js';
import { KeyedHashService, keyedHashOf } from '../secrets/keyed-hash.service.js';
import { DevelopmentSmsProvider, type SmsProvider, WebhookSmsProvider } from './sms-provider.js';
import smsRoutes from './sms.routes.js';
import { SmsService } from './sms.service.js';

declare module '../../services.js' {
  interface Services {
    sms: SmsService;
  }
}

export const smsModule: AppModule = {
  name: 'sms',
  createServices: ({ repositories, services, clock, config, log }) => {
    const provider: SmsProvider =
      config.sms.provider === 'webhook' && config.sms.webhookUrl
        ? new WebhookSmsProvider(config.sms.webhookUrl, config.sms.webhookToken)
        : new DevelopmentSmsProvider(log);
    return {
      sms: new SmsService({
        codes: repositories.smsCodes,
        limits: repositories.requestLimits,
        codeHash: new KeyedHashService({
          secrets: repositories.serverSecrets,
          name: 'sms-code-hmac',
          hash: keyedHashOf(config.cryptoProfile),
        }),
        personalData: services.personalData,
        passwordRepository: repositories.passwords,
        passwords: services.passwords,
        rsaKeys: services.rsaKeys,
        provider,
        settings: services.securitySettings,
        audit: services.audit,
        clock,
        log,
      }),
    };
  },
  routes: smsRoutes,
};
