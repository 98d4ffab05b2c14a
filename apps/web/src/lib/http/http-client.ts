import {
  ENVELOPE_ERROR_TOAST_SECONDS,
  ErrorCode,
  REQUEST_TIMEOUT_MS,
  TOKEN_ERROR_LOGOUT_DELAY_MS,
  TRANSPORT_ERROR_TOAST_SECONDS,
  WEB_CLIENT_ID,
  WEB_CLIENT_SECRET,
  type Envelope,
  isSuccess,
} from '@cityops/contract';
import axios, {
  type AxiosError,
  type AxiosInstance,
  type AxiosResponse,
  type InternalAxiosRequestConfig,
} from 'axios';
import type { ToastApi } from '../toast';
import { ApiError } from './api-error';

declare module 'axios' {
  interface AxiosRequestConfig {
    /** Failures reject without a toast; the caller shows them its own way. */
    silent?: boolean;
  }
}

export type HttpMessageKey = 'http.requestTimeout' | 'error.server' | 'error.tokenInvalid';

/** What the client needs from the application, injected so it can be tested alone. */
export interface HttpHooks {
  baseUrl(): string;
  token(): string | null;
  language(): string;
  translate(key: HttpMessageKey): string;
  /** Keeps the last error text in the application state. */
  setErrorText(text: string): void;
  /** Signs the user out (called once, 1 s after a refused token). */
  logout(): void;
  toast: ToastApi;
}

/** Only one error toast shows at a time: each new one replaces the last. */
export const ERROR_TOAST_KEY = 'http-error';

const basicCredentials = `Basic ${btoa(`${WEB_CLIENT_ID}:${WEB_CLIENT_SECRET}`)}`;

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return (
    typeof value === 'object' && value !== null && Object.getPrototypeOf(value) === Object.prototype
  );
}

/** Takes the spec's control fields (`baseApi`, `basic`) out of a payload. */
function takeControlFields(payload: unknown): { baseApi?: string; basic?: boolean } {
  if (!isPlainObject(payload)) return {};
  const { baseApi, basic } = payload;
  delete payload.baseApi;
  delete payload.basic;
  return {
    ...(typeof baseApi === 'string' ? { baseApi } : {}),
    ...(basic ? { basic: true } : {}),
  };
}

/**
 * The HTTP client of spec sections 7 and 8: 10 s timeout, base URL from the
 * runtime configuration (a payload's `baseApi` overrides it), the `basic` flag,
 * the bearer token, form-urlencoded posts, the `body` header flag, the success
 * test, one error toast at a time, and the `040005` sign-out.
 */
export function createHttpClient(hooks: HttpHooks): AxiosInstance {
  const client = axios.create({ timeout: REQUEST_TIMEOUT_MS });
  client.defaults.headers.post['Content-Type'] = 'application/x-www-form-urlencoded';

  let logoutScheduled = false;

  const showError = (text: string, seconds: number, silent: boolean | undefined) => {
    hooks.setErrorText(text);
    if (!silent) hooks.toast.error({ content: text, duration: seconds, key: ERROR_TOAST_KEY });
  };

  /**
   * A `040005` only means "sign out" when it refused the token the app holds now: an
   * answer to a request sent before a sign-out (or with an older session's token)
   * arriving late must not sign out again the person who is already typing into the
   * login form, nor end a newer session.
   */
  const refusedCurrentToken = (config: InternalAxiosRequestConfig | undefined) => {
    const current = hooks.token();
    return Boolean(current) && config?.headers?.get('Authorization') === `Bearer ${current}`;
  };

  const refuseToken = () => {
    const text = hooks.translate('error.tokenInvalid');
    hooks.setErrorText(text);
    hooks.toast.error({
      content: text,
      duration: TRANSPORT_ERROR_TOAST_SECONDS,
      key: ERROR_TOAST_KEY,
    });
    if (logoutScheduled) return;
    logoutScheduled = true;
    setTimeout(() => {
      logoutScheduled = false;
      hooks.logout();
    }, TOKEN_ERROR_LOGOUT_DELAY_MS);
  };

  client.interceptors.request.use((config: InternalAxiosRequestConfig) => {
    const fromData = takeControlFields(config.data);
    const fromParams = takeControlFields(config.params);
    const baseApi = fromData.baseApi ?? fromParams.baseApi;
    // A payload's `baseApi`, else a base the caller set, else the runtime configuration's.
    config.baseURL = baseApi ?? config.baseURL ?? hooks.baseUrl();

    const token = hooks.token();
    if (fromData.basic || fromParams.basic) {
      config.headers.set('Authorization', basicCredentials);
    } else if (token) {
      config.headers.set('Authorization', `Bearer ${token}`);
    }
    config.headers.set('Accept-Language', hooks.language());

    // The `body` header flag: the payload travels as query parameters.
    if (config.headers.has('body')) {
      config.headers.delete('body');
      config.params = {
        ...(isPlainObject(config.params) ? config.params : {}),
        ...(isPlainObject(config.data) ? config.data : {}),
      };
      config.data = undefined;
    }
    return config;
  });

  client.interceptors.response.use(
    (response: AxiosResponse) => {
      const body = response.data as Envelope<unknown> | undefined;
      if (isSuccess(body)) return response;
      if (body?.code === ErrorCode.TOKEN_INVALID) {
        if (refusedCurrentToken(response.config)) refuseToken();
      } else {
        showError(
          body?.msg || hooks.translate('error.server'),
          ENVELOPE_ERROR_TOAST_SECONDS,
          response.config.silent,
        );
      }
      return Promise.reject(
        new ApiError(
          body?.msg || hooks.translate('error.server'),
          body?.code ?? '',
          response.status,
          body,
        ),
      );
    },
    (error: AxiosError<Envelope<unknown>>) => {
      if (axios.isCancel(error)) return Promise.reject(error);
      const body = isPlainObject(error.response?.data) ? error.response.data : undefined;
      if (body?.code === ErrorCode.TOKEN_INVALID) {
        if (refusedCurrentToken(error.config)) refuseToken();
        return Promise.reject(
          new ApiError(
            hooks.translate('error.tokenInvalid'),
            body.code,
            error.response?.status,
            body,
          ),
        );
      }
      let text = (error.message ?? '').includes('timeout')
        ? hooks.translate('http.requestTimeout')
        : hooks.translate('error.server');
      if (body?.msg) text = body.msg;
      showError(text, TRANSPORT_ERROR_TOAST_SECONDS, error.config?.silent);
      return Promise.reject(new ApiError(text, body?.code ?? '', error.response?.status, body));
    },
  );

  return client;
}
