import { constants, publicEncrypt } from 'node:crypto';
import { type TokenResponse, WEB_CLIENT_ID, WEB_CLIENT_SECRET } from '@cityops/contract';

interface Envelope<T> {
  code: string;
  boolSuccess: boolean;
  msg: string;
  data: T;
}

async function envelope<T>(response: Response): Promise<T> {
  const body = (await response.json()) as Envelope<T>;
  if (!body.boolSuccess) throw new Error(`${response.url}: ${body.code} ${body.msg}`);
  return body.data;
}

/** Signs in through the API as the web client does and returns the access token. */
export async function apiSignIn(
  baseUrl: string,
  username: string,
  password: string,
  headers: Record<string, string> = {},
): Promise<string> {
  return (await apiSignInAs(baseUrl, username, password, headers)).access_token;
}

/** Signs in as the web client does; the whole answer (token and user). `headers` go with both calls. */
export async function apiSignInAs(
  baseUrl: string,
  username: string,
  password: string,
  headers: Record<string, string> = {},
): Promise<TokenResponse> {
  return envelope<TokenResponse>(await passwordGrant(baseUrl, { username, password }, headers));
}

/**
 * One password grant as the sign-in page sends it (the password RSA-encrypted
 * with a fresh key of `oauth/pubKey`); the raw answer, whatever it says.
 */
export async function passwordGrant(
  baseUrl: string,
  grant: { username: string; password: string; captchaId?: string; captchaCode?: string },
  headers: Record<string, string> = {},
): Promise<Response> {
  const key = await envelope<{ keyId: string; publicKey: string }>(
    await fetch(`${baseUrl}/api/authorization-server/oauth/pubKey`, { method: 'POST', headers }),
  );
  const encrypted = publicEncrypt(
    { key: key.publicKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
    Buffer.from(grant.password),
  ).toString('base64');
  const form = new URLSearchParams({
    grant_type: 'password',
    username: grant.username,
    password: encrypted,
    keyId: key.keyId,
    scope: 'read',
    appId: 'PC',
    ...(grant.captchaId
      ? { captchaId: grant.captchaId, captchaCode: grant.captchaCode ?? '' }
      : {}),
  });
  return fetch(`${baseUrl}/api/authorization-server/oauth/token`, {
    method: 'POST',
    headers: {
      'accept-language': 'en',
      ...headers,
      'content-type': 'application/x-www-form-urlencoded',
      authorization: `Basic ${Buffer.from(`${WEB_CLIENT_ID}:${WEB_CLIENT_SECRET}`).toString('base64')}`,
    },
    body: form,
  });
}
