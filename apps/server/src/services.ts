import path from 'node:path';
import type { AppConfig } from './config.js';
import type { Database, Db } from './db/client.js';
import type { Clock } from './lib/clock.js';
import { AuditRepository } from './modules/audit/audit.repository.js';
import { AuditService } from './modules/audit/audit.service.js';
import { AuthService } from './modules/auth/auth.service.js';
import { CaptchaRepository } from './modules/auth/captcha.repository.js';
import { CaptchaService } from './modules/auth/captcha.service.js';
import { LoginAttemptRepository } from './modules/auth/login-attempt.repository.js';
import { LoginGuardService } from './modules/auth/login-guard.service.js';
import { SUBSYSTEM_ORIGINS_KEY, SecuritySettings } from './modules/auth/security-settings.js';
import { parseOriginList } from '@cityops/contract';
import { PasswordRepository } from './modules/password/password.repository.js';
import { PasswordService } from './modules/password/password.service.js';
import { QrLoginService } from './modules/qr-login/qr-login.service.js';
import { QrTicketRepository } from './modules/qr-login/qr-ticket.repository.js';
import { SmsCodeRepository } from './modules/sms/sms-code.repository.js';
import {
  DevelopmentSmsProvider,
  type SmsProvider,
  WebhookSmsProvider,
} from './modules/sms/sms-provider.js';
import { SmsService } from './modules/sms/sms.service.js';
import type { FastifyBaseLogger } from 'fastify';
import { BusinessGuideRepository } from './modules/business-guide/business-guide.repository.js';
import { BusinessGuideService } from './modules/business-guide/business-guide.service.js';
import { FileRepository } from './modules/files/file.repository.js';
import { FileAddresses } from './modules/files/file-address.js';
import { FileService } from './modules/files/file.service.js';
import { GisRepository } from './modules/gis/gis.repository.js';
import { GisService } from './modules/gis/gis.service.js';
import { DatabaseFileStorage, FolderFileStorage } from './modules/files/file-storage.js';
import { RsaKeyRepository } from './modules/auth/rsa-key.repository.js';
import { RsaKeyService } from './modules/auth/rsa-key.service.js';
import { SessionRepository } from './modules/auth/session.repository.js';
import { MenuRepository } from './modules/menus/menu.repository.js';
import { MenuService } from './modules/menus/menu.service.js';
import { UserRepository } from './modules/organization/user.repository.js';
import { NotificationRepository } from './modules/notifications/notification.repository.js';
import { NotificationService } from './modules/notifications/notification.service.js';
import { UnreadHub } from './modules/notifications/unread-hub.js';
import { ProfileService } from './modules/organization/profile.service.js';
import { SettingsRepository } from './modules/settings/settings.repository.js';
import { SettingsService } from './modules/settings/settings.service.js';
import { RequestLimitRepository } from './modules/limits/request-limit.repository.js';
import { PurgeService } from './modules/purge/purge.service.js';
import { KeyedHashService } from './modules/secrets/keyed-hash.service.js';
import { ServerSecretRepository } from './modules/secrets/server-secret.repository.js';

/** Every service of one app instance; routes receive this and nothing else. */
export interface Services {
  auth: AuthService;
  rsaKeys: RsaKeyService;
  settings: SettingsService;
  menus: MenuService;
  users: UserRepository;
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
  requestLimits: RequestLimitRepository;
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
  const users = new UserRepository(db);
  const requestLimits = new RequestLimitRepository(db);
  const menus = new MenuService(new MenuRepository(db));
  const rsaKeyRepository = new RsaKeyRepository(db);
  const fileRepository = new FileRepository(db);
  const fileStorage =
    config.upload.storage === 'database'
      ? new DatabaseFileStorage(fileRepository)
      : new FolderFileStorage(path.join(config.dataDir, 'uploads'), fileRepository);
  const fileAddresses = new FileAddresses(config.web.apiBaseUrl, config.publicUrl);
  const sessions = new SessionRepository(db);
  const audit = new AuditService(new AuditRepository(db), clock);
  const securitySettings = new SecuritySettings(new SettingsRepository(db), clock);
  const rsaKeys = new RsaKeyService(rsaKeyRepository, clock, securitySettings);
  const captchaRepository = new CaptchaRepository(db);
  const captchas = new CaptchaService(captchaRepository, clock, {
    keepAnswersForTests: config.nodeEnv === 'test',
  });
  const loginAttempts = new LoginAttemptRepository(db);
  const guard = new LoginGuardService(loginAttempts, captchas, securitySettings, audit, clock);
  const passwordRepository = new PasswordRepository(db);
  const passwords = new PasswordService(
    users,
    passwordRepository,
    sessions,
    rsaKeys,
    securitySettings,
    audit,
    clock,
  );
  const smsProvider: SmsProvider =
    config.sms.provider === 'webhook' && config.sms.webhookUrl
      ? new WebhookSmsProvider(config.sms.webhookUrl, config.sms.webhookToken)
      : new DevelopmentSmsProvider(log);
  const auth = new AuthService(users, sessions, rsaKeys, clock, guard, securitySettings, audit);
  const qrTickets = new QrTicketRepository(db);
  const smsCodes = new SmsCodeRepository(db);
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
      new KeyedHashService(new ServerSecretRepository(db), 'sms-code-hmac'),
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
    settings: new SettingsService(new SettingsRepository(db), {
      systemName: config.web.systemName,
    }),
    menus,
    users,
    files: new FileService(fileRepository, fileStorage, config.upload, clock, fileAddresses),
    notifications: createNotificationService(db, clock, bus, onError, async () => {
      const origins = await menus.subsystemOrigins();
      for (const origin of parseOriginList(await securitySettings.text(SUBSYSTEM_ORIGINS_KEY))) {
        origins.add(origin);
      }
      for (const origin of parseOriginList(config.publicUrl)) origins.add(origin);
      return origins;
    }),
    profiles: new ProfileService(db, clock, fileAddresses),
    businessGuide: new BusinessGuideService(new BusinessGuideRepository(db), users, clock),
    gis: new GisService(new GisRepository(db), new SettingsRepository(db), clock),
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
  db: Db,
  clock: Clock,
  bus: Pick<Database, 'notify' | 'listen'>,
  onError: (error: unknown) => void,
  subsystemOrigins: () => Promise<ReadonlySet<string>>,
): NotificationService {
  const repository = new NotificationRepository(db);
  const hub = new UnreadHub(bus, (userIds) => repository.unreadCounts(userIds), onError);
  return new NotificationService(
    repository,
    new SessionRepository(db),
    hub,
    clock,
    subsystemOrigins,
  );
}
