import type { BasicClient, CheckPhoneResponse, PublicKey, SmsCodeSent } from '@cityops/contract';
import { md5Hex } from '@/lib/crypto/md5';
import { encryptWithPublicKey } from '@/lib/crypto/rsa-oaep';
import { api } from '@/lib/http/api';

// The calls before sign-in carry the web client's credentials (the "basic" flag).

/** `POST /authorization-server/oauth/basic`: code length, lifetime and resend interval. */
export function getBasicClient(): Promise<BasicClient> {
  return api.post<BasicClient>('/authorization-server/oauth/basic', { basic: true });
}

/** `POST /message-sms/sms/pwb_kaptcha`: a recovery code to the number (same answer for any number). */
export function sendRecoveryCode(mobile: string): Promise<SmsCodeSent> {
  return api.post<SmsCodeSent>('/message-sms/sms/pwb_kaptcha', { mobile, basic: true });
}

/** `POST /organization/user/check_phone`: the code, exchanged for a one-time reset ticket. */
export function checkPhone(mobile: string, code: string): Promise<CheckPhoneResponse> {
  return api.post<CheckPhoneResponse>('/organization/user/check_phone', {
    mobile,
    code,
    purpose: 'password',
    basic: true,
  });
}

/** `POST /organization/user/find_pwd`: the new password as MD5 digests, plus encrypted for the policy check. */
export async function findPassword(
  mobile: string,
  ticket: string,
  newPassword: string,
  confirmPassword: string,
): Promise<null> {
  const key = await api.post<PublicKey>('/authorization-server/oauth/pubKey');
  return api.post<null>('/organization/user/find_pwd', {
    mobile,
    ticket,
    newPassword: md5Hex(newPassword),
    newPasswordTwo: md5Hex(confirmPassword),
    newPasswordCipher: await encryptWithPublicKey(key.publicKey, newPassword),
    keyId: key.keyId,
    basic: true,
  });
}
