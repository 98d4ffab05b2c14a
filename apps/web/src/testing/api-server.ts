import { HttpResponse, delay, http } from 'msw';
import { setupServer } from 'msw/node';
import { sm2 } from 'sm-crypto-v2';
import { vi } from 'vitest';
import { configureApi } from '@/lib/http/api';
import { i18n } from '@/lib/i18n';
import { bindToastApi, toast } from '@/lib/toast';
import { getToken } from '@/lib/token';
import { useAppStore } from '@/stores/app-store';
import { failBody, okBody, userData } from './fixtures';

export const API = 'http://api.test/api';

/**
 * The HTTP client wired as main.tsx wires it, against `API`. By default the toasts
 * are recorded; with `realToasts` they go through the bridge to antd's message
 * (render the tree inside AppProvider to see them). The token is the signed-in
 * user's unless `token` fixes one.
 */
export function configureTestApi(
  options: { logout?: () => void; realToasts?: boolean; token?: string } = {},
) {
  const { logout = () => undefined, realToasts = false, token } = options;
  const toasts = { error: vi.fn(), success: vi.fn(), warning: vi.fn() };
  if (!realToasts) bindToastApi(toasts);
  configureApi({
    baseUrl: () => API,
    token: token === undefined ? getToken : () => token,
    language: () => i18n.language,
    translate: (key) => i18n.t(key),
    setErrorText: (text) => useAppStore.getState().setSystemErrorText(text),
    logout,
    toast: realToasts ? toast : toasts,
  });
  return toasts;
}

function toPem(spki: ArrayBuffer): string {
  let binary = '';
  for (const byte of new Uint8Array(spki)) binary += String.fromCharCode(byte);
  return `-----BEGIN PUBLIC KEY-----\n${btoa(binary)}\n-----END PUBLIC KEY-----`;
}

/** One key pair per test file: generating one is slow. */
let keyPair: Promise<CryptoKeyPair> | undefined;

export interface TokenCall {
  username: string;
  password: string;
  scope: string | null;
  appId: string | null;
  authorization: string | null;
}

/**
 * The sign-in calls of the server, in miniature: a real RSA-OAEP key (or, with
 * `algorithm: 'SM2'`, the 国密 profile's SM2 key), the token call decrypting the
 * password, and the user info call. `pause` holds the token answer so a test can
 * look at the loading state. `ciphers` are the password fields as sent.
 */
export async function authHandlers(
  options: { password?: string; pause?: () => Promise<void>; algorithm?: 'SM2' } = {},
) {
  const password = options.password ?? 'Admin@2026';
  const sm2Keys = options.algorithm === 'SM2' ? sm2.generateKeyPairHex() : undefined;
  const ciphers: string[] = [];
  keyPair ??= crypto.subtle.generateKey(
    {
      name: 'RSA-OAEP',
      modulusLength: 2048,
      publicExponent: new Uint8Array([1, 0, 1]),
      hash: 'SHA-256',
    },
    true,
    ['encrypt', 'decrypt'],
  );
  const keys = await keyPair;
  const pem = toPem(await crypto.subtle.exportKey('spki', keys.publicKey));
  const tokenCalls: TokenCall[] = [];
  const userInfoCalls: string[] = [];

  const handlers = [
    http.post(`${API}/authorization-server/oauth/pubKey`, () =>
      HttpResponse.json(
        okBody(
          sm2Keys
            ? { keyId: 'k1', publicKey: sm2Keys.publicKey, algorithm: 'SM2' }
            : { keyId: 'k1', publicKey: pem, algorithm: 'RSA-OAEP-256' },
        ),
      ),
    ),
    http.post(`${API}/authorization-server/oauth/token`, async ({ request }) => {
      const form = new URLSearchParams(await request.text());
      const sent = form.get('password') ?? '';
      ciphers.push(sent);
      const plain = sm2Keys
        ? sm2.doDecrypt(sent, sm2Keys.privateKey, 1, { output: 'string' })
        : new TextDecoder().decode(
            await crypto.subtle.decrypt(
              { name: 'RSA-OAEP' },
              keys.privateKey,
              Uint8Array.from(atob(sent), (c) => c.charCodeAt(0)),
            ),
          );
      const username = form.get('username') ?? '';
      tokenCalls.push({
        username,
        password: plain,
        scope: form.get('scope'),
        appId: form.get('appId'),
        authorization: request.headers.get('authorization'),
      });
      if (options.pause) await options.pause();
      else await delay(5);
      if (username !== 'admin' || plain !== password) {
        return HttpResponse.json(failBody('040001', 'Incorrect username or password'), {
          status: 401,
        });
      }
      return HttpResponse.json(
        okBody({
          ...userData(),
          access_token: 'token-admin',
          token_type: 'bearer',
          expires_in: 8640,
          scope: 'read',
        }),
      );
    }),
    http.get(`${API}/organization/user`, ({ request }) => {
      const uniqueId = new URL(request.url).searchParams.get('uniqueId') ?? '';
      userInfoCalls.push(uniqueId);
      return HttpResponse.json(okBody(userData({ username: uniqueId })));
    }),
  ];
  return { handlers, tokenCalls, userInfoCalls, ciphers };
}

export const testServer = setupServer();
