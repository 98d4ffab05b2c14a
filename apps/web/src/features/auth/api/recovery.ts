import {
  AUTH_PATHS,
  ErrorCode,
  type BasicClient,
  type CheckPhoneResponse,
  SMS_PATHS,
  type SmsCodeSent,
} from '@cityops/contract';
import { md5Hex } from '@/lib/crypto/md5';
import { encryptPassword } from '@/lib/crypto/encrypt-password';
import { api } from '@/lib/http/api';
import { getPublicKey } from './get-public-key';

// The calls before sign-in carry the web client's credentials (the "basic" flag).

/** `POST /authorization-server/oauth/basic`: code length, lifetime and resend interval. */
export function getBasicClient(): Promise<BasicClient> {
  return api.post<BasicClient>(AUTH_PATHS.basic, { basic: true });
}

/** `POST /message-sms/sms/pwb_kaptcha`: a recovery code to the number (same answer for any number). */
export function sendRecoveryCode(mobile: string): Promise<SmsCodeSent> {
  return api.post<SmsCodeSent>(SMS_PATHS.recoveryCode, { mobile, basic: true });
}

/** `POST /organization/user/check_phone`: the code, exchanged for a one-time reset ticket. */
export function checkPhone(mobile: string, code: string): Promise<CheckPhoneResponse> {
  return api.post<CheckPhoneResponse>(SMS_PATHS.checkPhone, {
    mobile,
    code,
    purpose: 'password',
    basic: true,
  });
}

/**
 * `POST /organization/user/find_pwd`: the new password as MD5 digests, plus encrypted for the
 * policy check. A refused field (the login name, a recent password) is the form's to show.
 */
export async function findPassword(
  mobile: string,
  ticket: string,
  newPassword: string,
  confirmPassword: string,
): Promise<null> {
  const key = await getPublicKey();
  return api.post<null>(
    SMS_PATHS.findPassword,
    {
      mobile,
      ticket,
      newPassword: md5Hex(newPassword),
      newPasswordTwo: md5Hex(confirmPassword),
      newPasswordCipher: await encryptPassword(key, newPassword),
      keyId: key.keyId,
      basic: true,
    },
    { quietCodes: [ErrorCode.VALIDATION] },
  );
}
