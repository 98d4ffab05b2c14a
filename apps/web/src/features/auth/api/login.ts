import {
  AUTH_PATHS,
  ErrorCode,
  LOGIN_APP_ID,
  LOGIN_SCOPE,
  type TokenResponse,
} from '@cityops/contract';
import { encryptPassword } from '@/lib/crypto/encrypt-password';
import { api } from '@/lib/http/api';
import { getPublicKey } from './get-public-key';

/**
 * `POST /authorization-server/oauth/token`: the password grant with scope
 * `read` and appId `PC`. Only the encrypted password leaves the browser.
 */
export async function loginWithPassword(
  username: string,
  password: string,
  captcha?: { captchaId: string; captchaCode: string },
): Promise<TokenResponse> {
  const key = await getPublicKey();
  const encrypted = await encryptPassword(key, password);
  return api.post<TokenResponse>(
    AUTH_PATHS.token,
    {
      grant_type: 'password',
      username,
      password: encrypted,
      keyId: key.keyId,
      scope: LOGIN_SCOPE,
      appId: LOGIN_APP_ID,
      ...captcha,
      basic: true,
    },
    // A right password with a second step due is not an error: the form asks for the code.
    { quietCodes: [ErrorCode.SECOND_FACTOR_REQUIRED] },
  );
}
