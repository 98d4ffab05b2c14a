import { constants, publicEncrypt } from 'node:crypto';
import { WEB_CLIENT_ID, WEB_CLIENT_SECRET } from '@cityops/contract';

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
): Promise<string> {
  const key = await envelope<{ keyId: string; publicKey: string }>(
    await fetch(`${baseUrl}/api/authorization-server/oauth/pubKey`, { method: 'POST' }),
  );
  const encrypted = publicEncrypt(
    { key: key.publicKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
    Buffer.from(password),
  ).toString('base64');
  const form = new URLSearchParams({
    grant_type: 'password',
    username,
    password: encrypted,
    keyId: key.keyId,
    scope: 'read',
    appId: 'PC',
  });
  const token = await envelope<{ access_token: string }>(
    await fetch(`${baseUrl}/api/authorization-server/oauth/token`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        authorization: `Basic ${Buffer.from(`${WEB_CLIENT_ID}:${WEB_CLIENT_SECRET}`).toString('base64')}`,
      },
      body: form,
    }),
  );
  return token.access_token;
}
