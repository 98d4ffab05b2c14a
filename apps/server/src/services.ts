import path from 'node:path';
import type { AppConfig } from './config.js';
import type { Database, Db } from './db/client.js';
import {
  type Repositories,
  type WithTransaction,
  createRepositories,
  transactionRunner,
} from './repositories.js';
import type { Clock } from './lib/clock.js';
import { AuditService } from './modules/audit/audit.service.js';
import { AuthService } from './modules/auth/auth.service.js';
import { CaptchaService } from './modules/auth/captcha.service.js';
import { LoginGuardService } from './modules/auth/login-guard.service.js';
import { SUBSYSTEM_ORIGINS_KEY, SecuritySettings } from './modules/auth/security-settings.js';
import { parseOriginList } from '@cityops/contract';
import { PasswordService } from './modules/password/password.service.js';
import { QrLoginService } from './modules/qr-login/qr-login.service.js';
import {
  DevelopmentSmsProvider,
  type SmsProvider,
  WebhookSmsProvider,
} from './modules/sms/sms-provider.js';
import { SmsService } from './modules/sms/sms.service.js';
import type { FastifyBaseLogger } from 'fastify';
import { BusinessGuideService } from './modules/business-guide/business-guide.service.js';
import { FileService } from './modules/files/file.service.js';
import { GisService } from './modules/gis/gis.service.js';
import { DatabaseFileStorage, FolderFileStorage } from './modules/files/file-storage.js';
import { RsaKeyService } from './modules/auth/rsa-key.service.js';
import { MenuService } from './modules/menus/menu.service.js';
import { NotificationService } from './modules/notifications/notification.service.js';
import { UnreadHub } from './modules/notifications/unread-hub.js';
import { ProfileService } from './modules/organization/profile.service.js';
import { SettingsService } from './modules/settings/settings.service.js';
import { UserService } from './modules/organization/user.service.js';
import { PurgeService } from './modules/purge/purge.service.js';
import { KeyedHashService } from './modules/secrets/keyed-hash.service.js';

/** Every service of one app instance; routes receive this and nothing else. */
export interface Services {
  auth: AuthService;
  rsaKeys: RsaKeyService;
  settings: SettingsService;
  menus: MenuService;
  users: UserService;
  files: FileService;
  audit: AuditService;
  securitySettings: SecuritySettings;
  captchas: CaptchaService;
  passwords: PasswordService;
  sms: SmsService;
  qrLogin: QrLoginService;
  notifications: NotificationService;
  profiles: ProfileService;
  businessGuide: BusinessGuideService;
  gis: GisService;
  /** Per-address counts of the calls that need no sign-in (plugins/request-limits.ts). */
  requestLimits: Repositories['requestLimits'];
  /** Deletes expired captchas, QR tickets, SMS codes and counts; app.ts runs it on a schedule. */
  purge: PurgeService;
}

export function createServices(
  db: Db,
  clock: Clock,
  config: AppConfig,
  /** Publish/subscribe across instances (LISTEN/NOTIFY, or in-process on PGlite). */
  bus: Pick<Database, 'notify' | 'listen'>,
  onError: (error: unknown) => void = () => undefined,
  log: () => FastifyBaseLogger | undefined = () => undefined,
): Services {
  const repositories = createRepositories(db);
  const withTransaction = transactionRunner(db);
  const users = repositories.users;
  const requestLimits = repositories.requestLimits;
  const menus = new MenuService(repositories.menus);
  const rsaKeyRepository = repositories.rsaKeys;
  const fileRepository = repositories.files;
  const fileStorage =
    config.upload.storage === 'database'
      ? new DatabaseFileStorage(fileRepository)
      : new FolderFileStorage(path.join(config.dataDir, 'uploads'), fileRepository);
  const sessions = repositories.sessions;
  const audit = new AuditService(repositories.audit, clock);
  const settings = new SettingsService({
    repositories,
    defaults: { systemName: config.web.systemName },
  });
  const securitySettings = new SecuritySettings(settings, clock);
  const rsaKeys = new RsaKeyService(rsaKeyRepository, clock, securitySettings);
  const captchaRepository = repositories.captchas;
  const captchas = new CaptchaService(captchaRepository, clock, {
    keepAnswersForTests: config.nodeEnv === 'test',
  });
  const loginAttempts = repositories.loginAttempts;
  const guard = new LoginGuardService(loginAttempts, captchas, securitySettings, audit, clock);
  const passwordRepository = repositories.passwords;
  const passwords = new PasswordService({
    repositories,
    withTransaction,
    rsaKeys,
    settings: securitySettings,
    audit,
    clock,
  });
  const smsProvider: SmsProvider =
    config.sms.provider === 'webhook' && config.sms.webhookUrl
      ? new WebhookSmsProvider(config.sms.webhookUrl, config.sms.webhookToken)
      : new DevelopmentSmsProvider(log);
  const auth = new AuthService(users, sessions, rsaKeys, clock, guard, securitySettings, audit);
  const qrTickets = repositories.qrTickets;
  const smsCodes = repositories.smsCodes;
  return {
    auth,
    qrLogin: new QrLoginService(qrTickets, users, auth, securitySettings, audit, clock),
    audit,
    securitySettings,
    captchas,
    passwords,
    sms: new SmsService(
      smsCodes,
      requestLimits,
      new KeyedHashService(repositories.serverSecrets, 'sms-code-hmac'),
      passwordRepository,
      passwords,
      rsaKeys,
      smsProvider,
      securitySettings,
      audit,
      clock,
      log,
    ),
    rsaKeys,
    settings,
    menus,
    users: new UserService({ repositories }),
    files: new FileService(fileRepository, fileStorage, config.upload, clock),
    notifications: createNotificationService(
      repositories,
      withTransaction,
      clock,
      bus,
      onError,
      async () => {
        const origins = await menus.subsystemOrigins();
        for (const origin of parseOriginList(await securitySettings.text(SUBSYSTEM_ORIGINS_KEY))) {
          origins.add(origin);
        }
        for (const origin of parseOriginList(config.publicUrl)) origins.add(origin);
        return origins;
      },
    ),
    profiles: new ProfileService({ repositories, withTransaction, clock }),
    businessGuide: new BusinessGuideService(repositories.businessGuide, users, clock),
    gis: new GisService(repositories.gis, settings, clock),
    requestLimits,
    purge: new PurgeService(
      {
        captchas: captchaRepository,
        qrTickets,
        smsCodes,
        requestLimits,
        loginAttempts,
        rsaKeys: rsaKeyRepository,
      },
      rsaKeys,
      securitySettings,
      clock,
    ),
  };
}

function createNotificationService(
  repositories: Repositories,
  withTransaction: WithTransaction,
  clock: Clock,
  bus: Pick<Database, 'notify' | 'listen'>,
  onError: (error: unknown) => void,
  subsystemOrigins: () => Promise<ReadonlySet<string>>,
): NotificationService {
  const repository = repositories.notifications;
  const hub = new UnreadHub(bus, (userIds) => repository.unreadCounts(userIds), onError);
  return new NotificationService({ repositories, withTransaction, hub, clock, subsystemOrigins });
}
