import type { Db, Executor } from './db/client.js';
import { AuditRepository } from './modules/audit/audit.repository.js';
import { CaptchaRepository } from './modules/auth/captcha.repository.js';
import { LoginAttemptRepository } from './modules/auth/login-attempt.repository.js';
import { RsaKeyRepository } from './modules/auth/rsa-key.repository.js';
import { PendingSessionChanges, type SessionCache } from './modules/auth/session-cache.js';
import { SessionRepository } from './modules/auth/session.repository.js';
import { BusinessGuideRepository } from './modules/business-guide/business-guide.repository.js';
import { FileRepository } from './modules/files/file.repository.js';
import { GisRepository } from './modules/gis/gis.repository.js';
import { RequestLimitRepository } from './modules/limits/request-limit.repository.js';
import { MenuRepository } from './modules/menus/menu.repository.js';
import { NotificationRepository } from './modules/notifications/notification.repository.js';
import { ProfileRepository } from './modules/organization/profile.repository.js';
import { UserRepository } from './modules/organization/user.repository.js';
import { PasswordRepository } from './modules/password/password.repository.js';
import { QrTicketRepository } from './modules/qr-login/qr-ticket.repository.js';
import { ServerSecretRepository } from './modules/secrets/server-secret.repository.js';
import { SecondFactorRepository } from './modules/second-factor/second-factor.repository.js';
import { SettingsRepository } from './modules/settings/settings.repository.js';
import { SmsCodeRepository } from './modules/sms/sms-code.repository.js';
import { AdminUserRepository } from './modules/system/admin-user.repository.js';
import { RoleRepository } from './modules/system/role.repository.js';
import { ScopeRepository } from './modules/system/scope.repository.js';
import { UnitRepository } from './modules/system/unit.repository.js';

/**
 * One repository per table group, all bound to the same database handle: the
 * app's pool, or one transaction (`withTransaction`). A new repository gets its
 * line here.
 */
export function createRepositories(
  db: Executor,
  sessionCache?: SessionCache,
  sessionChanges: SessionCache | PendingSessionChanges | undefined = sessionCache,
) {
  return {
    adminUsers: new AdminUserRepository(db, sessionChanges),
    audit: new AuditRepository(db),
    businessGuide: new BusinessGuideRepository(db),
    captchas: new CaptchaRepository(db),
    files: new FileRepository(db),
    gis: new GisRepository(db),
    loginAttempts: new LoginAttemptRepository(db),
    menus: new MenuRepository(db, sessionChanges, sessionCache),
    notifications: new NotificationRepository(db),
    passwords: new PasswordRepository(db, sessionChanges),
    profiles: new ProfileRepository(db),
    qrTickets: new QrTicketRepository(db),
    requestLimits: new RequestLimitRepository(db),
    roles: new RoleRepository(db, sessionChanges),
    rsaKeys: new RsaKeyRepository(db),
    scopes: new ScopeRepository(db),
    secondFactors: new SecondFactorRepository(db, sessionChanges),
    serverSecrets: new ServerSecretRepository(db),
    sessions: new SessionRepository(db, sessionChanges, sessionCache),
    settings: new SettingsRepository(db),
    smsCodes: new SmsCodeRepository(db),
    units: new UnitRepository(db),
    users: new UserRepository(db),
  };
}

export type Repositories = ReturnType<typeof createRepositories>;

/**
 * Runs `work` in one transaction, with every repository bound to it: its
 * writes stand or fall together (an error thrown inside rolls all of them
 * back). The same on PGlite and PostgreSQL.
 */
export type WithTransaction = <T>(work: (repositories: Repositories) => Promise<T>) => Promise<T>;

export function transactionRunner(db: Db, sessionCache?: SessionCache): WithTransaction {
  if (!sessionCache) return (work) => db.transaction((tx) => work(createRepositories(tx)));
  return async (work) => {
    // Revocations are announced once they are committed (auth/session-cache.ts).
    const pending = new PendingSessionChanges();
    const result = await db.transaction((tx) => work(createRepositories(tx, undefined, pending)));
    await pending.flushTo(sessionCache);
    return result;
  };
}
