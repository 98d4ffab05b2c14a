import { ErrorCode, type PasswordRules, PasswordStatus, passwordProblem } from '@cityops/contract';
import { AppError } from '../../lib/app-error.js';
import { md5Hex } from '../../lib/passwords.js';
import type { RsaKeyService } from '../auth/rsa-key.service.js';
import type { SecuritySettings } from '../auth/security-settings.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The password status of `isPassword`: 1 when the account must change its
 * password (new or reset accounts) or the password is older than the maximum
 * age, 2 when it is older than the warning age, else 0.
 */
export async function passwordStatusOf(
  settings: SecuritySettings,
  account: { mustChangePassword: boolean; passwordChangedAt: Date },
  now: Date,
): Promise<PasswordStatus> {
  if (account.mustChangePassword) return PasswordStatus.MUST_RESET;
  const ageDays = (now.getTime() - account.passwordChangedAt.getTime()) / DAY_MS;
  if (ageDays >= (await settings.number('password.maxAgeDays'))) return PasswordStatus.MUST_RESET;
  if (ageDays >= (await settings.number('password.warnAgeDays'))) return PasswordStatus.OLD;
  return PasswordStatus.OK;
}

/**
 * Checks a new password that arrives as the spec's two MD5 digests plus the
 * RSA-encrypted password itself: the digests agree, the plain text digests to
 * the same value and meets the password policy under the security
 * administrator's rules (`passwordProblem` of the contract: the fixed classes,
 * the minimum length, the login name when `loginName` is known).
 */
export async function checkNewPassword(
  rsaKeys: RsaKeyService,
  request: {
    newPassword: string;
    newPasswordTwo: string;
    newPasswordCipher: string;
    keyId: string;
  },
  rules: PasswordRules,
  loginName: string | null,
): Promise<void> {
  if (request.newPassword !== request.newPasswordTwo) {
    throw new AppError(ErrorCode.VALIDATION, {
      fields: [{ field: 'newPasswordTwo', message: 'validation.password.mismatchOnSubmit' }],
    });
  }
  const plain = await rsaKeys.decrypt(request.keyId, request.newPasswordCipher);
  if (plain === null || md5Hex(plain) !== request.newPassword) {
    throw new AppError(ErrorCode.BAD_REQUEST, { messageKey: 'password.digestMismatch' });
  }
  const problem = passwordProblem(plain, rules, loginName);
  if (problem) {
    throw new AppError(ErrorCode.VALIDATION, {
      values: problem.values,
      fields: [{ field: 'newPassword', message: problem.key }],
    });
  }
}
