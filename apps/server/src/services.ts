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
import { SecuritySettings } from './modules/auth/security-settings.js';
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
  const rsaKeys = new RsaKeyService(new RsaKeyRepository(db));
  const fileRepository = new FileRepository(db);
  const fileStorage =
    config.upload.storage === 'database'
      ? new DatabaseFileStorage(fileRepository)
      : new FolderFileStorage(path.join(config.dataDir, 'uploads'), fileRepository);
  const sessions = new SessionRepository(db);
  const audit = new AuditService(new AuditRepository(db), clock);
  const securitySettings = new SecuritySettings(new SettingsRepository(db), clock);
  const captchas = new CaptchaService(new CaptchaRepository(db), clock, {
    keepAnswersForTests: config.nodeEnv === 'test',
  });
  const guard = new LoginGuardService(
    new LoginAttemptRepository(db),
    captchas,
    securitySettings,
    audit,
    clock,
  );
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
  return {
    auth,
    qrLogin: new QrLoginService(
      new QrTicketRepository(db),
      users,
      auth,
      securitySettings,
      audit,
      clock,
    ),
    audit,
    securitySettings,
    captchas,
    passwords,
    sms: new SmsService(
      new SmsCodeRepository(db),
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
    menus: new MenuService(new MenuRepository(db)),
    users,
    files: new FileService(fileRepository, fileStorage, config.upload, clock),
    notifications: createNotificationService(db, clock, bus, onError),
    profiles: new ProfileService(db, clock),
    businessGuide: new BusinessGuideService(new BusinessGuideRepository(db), users, clock),
    gis: new GisService(new GisRepository(db), new SettingsRepository(db), clock),
  };
}

function createNotificationService(
  db: Db,
  clock: Clock,
  bus: Pick<Database, 'notify' | 'listen'>,
  onError: (error: unknown) => void,
): NotificationService {
  const repository = new NotificationRepository(db);
  const hub = new UnreadHub(bus, (userIds) => repository.unreadCounts(userIds), onError);
  return new NotificationService(repository, new SessionRepository(db), hub, clock);
}
