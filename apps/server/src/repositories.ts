import type { Db, Executor } from './db/client.js';
import type { VersionedTable } from './db/versioned.js';
import { type AuditMetrics, noMetrics } from './lib/metrics.js';
import { chainerOf } from './modules/audit/audit-chainer.js';
import { AuditRepository } from './modules/audit/audit.repository.js';
import { CaptchaRepository } from './modules/auth/captcha.repository.js';
import { LoginAttemptRepository } from './modules/auth/login-attempt.repository.js';
import { RsaKeyRepository } from './modules/auth/rsa-key.repository.js';
import {
  PendingSessionChanges,
  type SessionCache,
  type SessionChanges,
} from './modules/auth/session-cache.js';
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
import { RecordRepository } from './modules/resources/record.repository.js';
import type { BindingMac } from './modules/secrets/binding-mac.js';
import type { SecretSealer } from './modules/secrets/secret-sealer.js';
import { ServerSecretRepository } from './modules/secrets/server-secret.repository.js';
import { SecondFactorRepository } from './modules/second-factor/second-factor.repository.js';
import { SettingsRepository } from './modules/settings/settings.repository.js';
import { SmsCodeRepository } from './modules/sms/sms-code.repository.js';
import { AdminUserRepository } from './modules/system/admin-user.repository.js';
import { RoleRepository } from './modules/system/role.repository.js';
import { ScopeRepository } from './modules/system/scope.repository.js';
import { UnitRepository } from './modules/system/unit.repository.js';
import { BackchannelLogoutRepository } from './modules/subsystems/backchannel-logout.repository.js';
import { OidcRecordRepository } from './modules/subsystems/oidc-record.repository.js';
import { SigningKeyRepository } from './modules/subsystems/signing-key.repository.js';
import { SubsystemSignInRepository } from './modules/subsystems/subsystem-sign-in.repository.js';
import { SubsystemRepository } from './modules/subsystems/subsystem.repository.js';

/**
 * One repository per table group, all bound to the same database handle: the
 * app's pool, or one transaction (`withTransaction`). A new repository gets its
 * line here. `changes` hears of every write that remembered sessions carry
 * (auth/session-cache.ts): a process with no remembered sessions to tell says so
 * with `noRememberedSessions`. `bindingMac` signs the access bindings written and
 * checks those read (secrets/binding-mac.ts): one per process, its key read before
 * the first transaction; undefined, bindings are written unsigned and read unchecked
 * (a command that grants nothing). It is never left out by default: an account written
 * without it holds no role that counts. `cache` answers session lookups from memory;
 * `metrics` counts the audit records written; `sealer` seals the secrets the
 * server keeps (secrets/key-ring.ts): without it (a command that reads no secret)
 * reading or writing one fails.
 */
export function createRepositories(
  db: Executor,
  changes: SessionChanges,
  bindingMac: BindingMac | undefined,
  cache?: SessionCache,
  metrics: AuditMetrics = noMetrics,
  sealer?: SecretSealer,
) {
  const sessions = new SessionRepository(db, changes, cache, bindingMac);
  return {
    adminUsers: new AdminUserRepository(db, bindingMac),
    audit: new AuditRepository(db, metrics),
    backchannelLogouts: new BackchannelLogoutRepository(db),
    businessGuide: new BusinessGuideRepository(db),
    captchas: new CaptchaRepository(db),
    files: new FileRepository(db),
    gis: new GisRepository(db),
    loginAttempts: new LoginAttemptRepository(db),
    menus: new MenuRepository(db, changes, cache, bindingMac),
    notifications: new NotificationRepository(db, bindingMac),
    oidcRecords: new OidcRecordRepository(db),
    passwords: new PasswordRepository(db),
    profiles: new ProfileRepository(db),
    qrTickets: new QrTicketRepository(db),
    /** The rows of a console resource's table (modules/resources/console-resource.ts). */
    records: (table: VersionedTable) => new RecordRepository(db, table),
    requestLimits: new RequestLimitRepository(db),
    roles: new RoleRepository(db, changes, bindingMac),
    rsaKeys: new RsaKeyRepository(db, sealer),
    scopes: new ScopeRepository(db, bindingMac),
    secondFactors: new SecondFactorRepository(db, changes, bindingMac),
    serverSecrets: new ServerSecretRepository(db, sealer),
    sessions,
    settings: new SettingsRepository(db),
    signingKeys: new SigningKeyRepository(db),
    smsCodes: new SmsCodeRepository(db),
    subsystems: new SubsystemRepository(db, changes, cache),
    subsystemSignIns: new SubsystemSignInRepository(db),
    units: new UnitRepository(db),
    users: new UserRepository(db, sessions, changes, bindingMac),
  };
}

export type Repositories = ReturnType<typeof createRepositories>;

/**
 * Runs `work` in one transaction, with every repository bound to it: its
 * writes stand or fall together (an error thrown inside rolls all of them
 * back). The same on PGlite and PostgreSQL.
 */
export type WithTransaction = <T>(work: (repositories: Repositories) => Promise<T>) => Promise<T>;

export function transactionRunner(
  db: Db,
  changes: SessionChanges,
  metrics: AuditMetrics = noMetrics,
  sealer?: SecretSealer,
  bindingMac?: BindingMac,
): WithTransaction {
  return async (work) => {
    // Revocations are announced once they are committed (auth/session-cache.ts),
    // and audit records counted then: a rolled-back one was never written.
    const pending = new PendingSessionChanges();
    const audited: Parameters<AuditMetrics['auditWritten']>[0][] = [];
    const result = await db.transaction((tx) =>
      work(
        createRepositories(
          tx,
          pending,
          bindingMac,
          undefined,
          { auditWritten: (e) => audited.push(e) },
          sealer,
        ),
      ),
    );
    for (const event of audited) metrics.auditWritten(event);
    // Its records waited for the commit; they join the chain after it, without holding
    // up the answer (audit/audit-chainer.ts).
    if (audited.length > 0) chainerOf(db).chainSoon();
    await pending.flushTo(changes);
    return result;
  };
}
