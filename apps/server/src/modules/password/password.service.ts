import { ErrorCode, type PasswordStatus } from '@cityops/contract';
import { AppError, notFound } from '../../lib/app-error.js';
import type { Clock } from '../../lib/clock.js';
import { hashPasswordDigest, verifyPasswordDigest } from '../../lib/passwords.js';
import { AuditEvent, type AuditService, type RequestMeta } from '../audit/audit.service.js';
import type { AuthContext } from '../auth/auth.service.js';
import type { RsaKeyService } from '../auth/rsa-key.service.js';
import type { SecuritySettings } from '../auth/security-settings.js';
import type { SessionRepository } from '../auth/session.repository.js';
import type { UserRepository } from '../organization/user.repository.js';
import { checkNewPassword, passwordStatusOf } from './password-policy.js';
import type { PasswordRepository } from './password.repository.js';

export interface ChangePassword {
  password: string;
  newPassword: string;
  newPasswordTwo: string;
  newPasswordCipher: string;
  keyId: string;
}

/** Password status, change and reset, and account disable: each ends the user's sessions. */
export class PasswordService {
  constructor(
    private readonly users: UserRepository,
    private readonly passwords: PasswordRepository,
    private readonly sessions: SessionRepository,
    private readonly rsaKeys: RsaKeyService,
    private readonly settings: SecuritySettings,
    private readonly audit: AuditService,
    private readonly clock: Clock,
  ) {}

  async status(auth: AuthContext): Promise<PasswordStatus> {
    const user = await this.users.findById(auth.userId);
    if (!user) throw notFound();
    return passwordStatusOf(this.settings, user, this.clock.now());
  }

  /** `user/ret`: the old password's digest must match; every session of the user ends. */
  async change(auth: AuthContext, request: ChangePassword, meta: RequestMeta): Promise<void> {
    const user = await this.users.findById(auth.userId);
    if (!user) throw notFound();
    if (!(await verifyPasswordDigest(user.passwordHash, request.password))) {
      await this.audit.record(AuditEvent.passwordChangeFailure, meta, {
        userId: user.id,
        username: user.username,
      });
      throw new AppError(ErrorCode.BAD_CREDENTIALS, { messageKey: 'password.oldWrong' });
    }
    await checkNewPassword(this.rsaKeys, request);
    if (request.newPassword === request.password) {
      throw new AppError(ErrorCode.VALIDATION, {
        fields: [{ field: 'newPassword', message: 'password.sameAsOld' }],
      });
    }
    await this.setPassword(user.id, request.newPassword);
    await this.audit.record(AuditEvent.passwordChanged, meta, {
      userId: user.id,
      username: user.username,
    });
  }

  /** Stores a new password digest and revokes every session of the user. */
  async setPassword(userId: number, digest: string): Promise<void> {
    const now = this.clock.now();
    await this.passwords.setPassword(userId, await hashPasswordDigest(digest), now);
    await this.sessions.revokeAllOfUser(userId, now);
  }

  /** Disables (or enables) an account; disabling ends every session at once. */
  async setDisabled(userId: number, disabled: boolean): Promise<void> {
    const now = this.clock.now();
    await this.passwords.setDisabled(userId, disabled, now);
    if (disabled) await this.sessions.revokeAllOfUser(userId, now);
  }
}
