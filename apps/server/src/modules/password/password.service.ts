import { ErrorCode, type PasswordStatus } from '@cityops/contract';
import { AppError, notFound } from '../../lib/app-error.js';
import type { Clock } from '../../lib/clock.js';
import { hashPasswordDigest, verifyPasswordDigest } from '../../lib/passwords.js';
import { SecurityEvent, type AuditRecorder, type RequestMeta } from '../audit/audit-writer.js';
import type { AuthContext } from '../../lib/auth-context.js';
import type { RsaKeyService } from '../auth/rsa-key.service.js';
import type { SecuritySettings } from '../auth/security-settings.js';
import type { Repositories, WithTransaction } from '../../repositories.js';
import type { AccessPolicy } from '../access/access-policy.js';
import { checkNewPassword, passwordStatusOf } from './password-policy.js';

export interface ChangePassword {
  password: string;
  newPassword: string;
  newPasswordTwo: string;
  newPasswordCipher: string;
  keyId: string;
}

export interface PasswordServiceOptions {
  repositories: Pick<Repositories, 'users' | 'passwords'>;
  withTransaction: WithTransaction;
  rsaKeys: RsaKeyService;
  settings: SecuritySettings;
  audit: AuditRecorder;
  policy: AccessPolicy;
  clock: Clock;
}

/**
 * Password status, change and recovery: a new password ends every session of
 * the account (the users repository's own effect of the write).
 */
export class PasswordService {
  constructor(private readonly options: PasswordServiceOptions) {}

  async status(auth: AuthContext): Promise<PasswordStatus> {
    const user = await this.options.repositories.users.findById(auth.userId);
    if (!user) throw notFound();
    return passwordStatusOf(this.options.settings, user, this.options.clock.now());
  }

  /** `user/ret`: the old password's digest must match; every session of the user ends. */
  async change(auth: AuthContext, request: ChangePassword, meta: RequestMeta): Promise<void> {
    const { audit, rsaKeys } = this.options;
    const user = await this.options.repositories.users.findById(auth.userId);
    if (!user) throw notFound();
    if (!(await verifyPasswordDigest(user.passwordHash, request.password))) {
      await audit.record(SecurityEvent.passwordChangeFailure, meta, {
        userId: user.id,
        username: user.username,
      });
      throw new AppError(ErrorCode.BAD_CREDENTIALS, { messageKey: 'password.oldWrong' });
    }
    await checkNewPassword(
      rsaKeys,
      request,
      await this.options.settings.passwordRules(),
      user.username,
    );
    if (request.newPassword === request.password) {
      throw new AppError(ErrorCode.VALIDATION, {
        fields: [{ field: 'newPassword', message: 'password.sameAsOld' }],
      });
    }
    await this.refuseRecent(user.id, request.newPassword);
    await this.setPassword(user.id, request.newPassword);
    await audit.record(SecurityEvent.passwordChanged, meta, {
      userId: user.id,
      username: user.username,
    });
  }

  /**
   * Checks a new password (recovery by SMS) under the rules, against the login
   * name of `userId` when the account is known.
   */
  async checkNew(
    request: Parameters<typeof checkNewPassword>[1],
    userId: number | null,
  ): Promise<void> {
    const user = userId === null ? null : await this.options.repositories.users.findById(userId);
    await checkNewPassword(
      this.options.rsaKeys,
      request,
      await this.options.settings.passwordRules(),
      user?.username ?? null,
    );
  }

  /** Refuses (a field error) a new password that is one of the user's last ones. */
  async refuseRecent(userId: number, digest: string): Promise<void> {
    const user = await this.options.repositories.users.findById(userId);
    if (user && (await this.isRecent(user.id, user.passwordHash, digest))) {
      throw new AppError(ErrorCode.VALIDATION, {
        fields: [{ field: 'newPassword', message: 'password.reused' }],
      });
    }
  }

  /**
   * Whether a new password's digest is one of the user's last passwords (the
   * current one among them): as many as the setting `password.historyCount` names.
   */
  private async isRecent(userId: number, currentHash: string, digest: string): Promise<boolean> {
    const count = await this.options.settings.number('password.historyCount');
    if (count === 0) return false;
    const earlier = await this.options.repositories.passwords.recentHashes(userId, count - 1);
    const hashes = [currentHash, ...earlier];
    for (const hash of hashes) {
      if (await verifyPasswordDigest(hash, digest)) return true;
    }
    return false;
  }

  /** Stores a new password digest (every session of the user ends with it). */
  async setPassword(userId: number, digest: string): Promise<void> {
    const passwordHash = await hashPasswordDigest(digest);
    const now = this.options.clock.now();
    await this.options.withTransaction(({ users }) => users.setPassword(userId, passwordHash, now));
  }
}
