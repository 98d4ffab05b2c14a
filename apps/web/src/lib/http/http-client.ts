import {
  ENVELOPE_ERROR_TOAST_SECONDS,
  ErrorCode,
  REQUEST_TIMEOUT_MS,
  SESSION_ENDED_REASONS,
  type SessionEndedReason,
  TOKEN_ERROR_LOGOUT_DELAY_MS,
  TRANSPORT_ERROR_TOAST_SECONDS,
  WEB_CLIENT_ID,
  WEB_CLIENT_SECRET,
  type Envelope,
  isSuccess,
} from '@cityops/contract';
import type { ToastApi } from '../toast';
import { ApiError } from './api-error';

/** The reason a refused token's envelope gives (`data.reason`), if it is one we know. */
function endedReasonOf(envelope: Envelope<unknown> | undefined): SessionEndedReason | undefined {
  const reason = (envelope?.data as { reason?: unknown } | null | undefined)?.reason;
  return SESSION_ENDED_REASONS.find((known) => known === reason);
}

export type HttpMessageKey =
  'http.requestTimeout' | 'http.reference' | 'error.server' | 'error.tokenInvalid';

/** What the client needs from the application, injected so it can be tested alone. */
export interface HttpHooks {
  baseUrl(): string;
  token(): string | null;
  language(): string;
  translate(key: HttpMessageKey, values?: Record<string, string>): string;
  /** Keeps the last error text in the application state. */
  setErrorText(text: string): void;
  /** Signs the user out (called once, 1 s after a refused token), saying why when the server did. */
  logout(reason?: SessionEndedReason): void;
  toast: ToastApi;
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface RequestOptions {
  /** Overrides the runtime configuration's API base for this call. */
  baseURL?: string;
  /** Query parameters; `undefined` and `null` values are left out. */
  params?: Record<string, unknown>;
  /** Extra headers; `{ body: 'true' }` is the flag that sends the data as query parameters. */
  headers?: Record<string, string>;
  /**
   * Sends the data as JSON. A POST goes form-urlencoded by default (what the
   * sign-in and message calls expect); a call whose data is nested says `json: true`.
   * PUT sends JSON anyway.
   */
  json?: boolean;
  /** Failures reject without a toast; the caller shows them its own way. */
  silent?: boolean;
  /** Answers the caller handles itself, by code: no toast for them (a second step due). */
  quietCodes?: readonly string[];
  signal?: AbortSignal;
  onUploadProgress?: (progress: { loaded: number; total: number | undefined }) => void;
  /**
   * `'blob'`: the answer is a file (a spreadsheet download) and resolves as a Blob;
   * a refusal still arrives as the JSON envelope and fails as any other.
   */
  responseType?: 'blob';
}

export interface HttpResponse<T> {
  status: number;
  data: T;
}

export interface HttpClient {
  /** Milliseconds before a call gives up (10 s). */
  readonly timeout: number;
  request<T>(
    method: HttpMethod,
    url: string,
    data?: unknown,
    options?: RequestOptions,
  ): Promise<HttpResponse<T>>;
  get<T>(url: string, options?: RequestOptions): Promise<HttpResponse<T>>;
  delete<T>(url: string, options?: RequestOptions): Promise<HttpResponse<T>>;
  post<T>(url: string, data?: unknown, options?: RequestOptions): Promise<HttpResponse<T>>;
  put<T>(url: string, data?: unknown, options?: RequestOptions): Promise<HttpResponse<T>>;
  /**
   * The app signs out of the current session itself, shortly (a password just changed
   * ended it on the server): a refusal of its token meanwhile says nothing and signs
   * nothing out, so the app's own last word stays on screen.
   */
  expectSignOut(): void;
}

/** Only one error toast shows at a time: each new one replaces the last. */
export const ERROR_TOAST_KEY = 'http-error';

const basicCredentials = `Basic ${btoa(`${WEB_CLIENT_ID}:${WEB_CLIENT_SECRET}`)}`;
const FORM = 'application/x-www-form-urlencoded';
const JSON_TYPE = 'application/json';

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return (
    typeof value === 'object' && value !== null && Object.getPrototypeOf(value) === Object.prototype
  );
}

/** Takes the spec's control fields (`baseApi`, `basic`) out of a payload, without changing it. */
function withoutControlFields(payload: unknown): {
  rest: unknown;
  baseApi?: string;
  basic?: boolean;
} {
  if (!isPlainObject(payload)) return { rest: payload };
  const { baseApi, basic, ...rest } = payload;
  return {
    rest,
    ...(typeof baseApi === 'string' ? { baseApi } : {}),
    ...(basic ? { basic: true } : {}),
  };
}

/** `a=1&b=x` from a flat record; arrays repeat their key, objects travel as JSON. */
export function encodeForm(values: Record<string, unknown>): string {
  const search = new URLSearchParams();
  const append = (key: string, value: unknown) => {
    if (value === undefined || value === null) return;
    if (value instanceof Date) search.append(key, value.toISOString());
    else if (typeof value === 'object') search.append(key, JSON.stringify(value));
    else search.append(key, String(value));
  };
  for (const [key, value] of Object.entries(values)) {
    if (Array.isArray(value)) value.forEach((item) => append(key, item));
    else append(key, value);
  }
  return search.toString();
}

function joinUrl(base: string, url: string): string {
  if (/^https?:\/\//i.test(url)) return url;
  return `${base.replace(/\/+$/, '')}/${url.replace(/^\/+/, '')}`;
}

/** How a call ended when no usable answer arrived. */
class TransportFailure extends Error {
  constructor(readonly kind: 'timeout' | 'network') {
    super(kind);
  }
}

/** A call the caller cancelled through its AbortSignal: rejected with no toast. */
export class RequestCancelled extends Error {
  override name = 'AbortError';
  constructor() {
    super('request cancelled');
  }
}

interface Sent {
  method: HttpMethod;
  url: string;
  headers: Record<string, string>;
  body: XMLHttpRequestBodyInit | null;
  signal?: AbortSignal;
  onUploadProgress?: RequestOptions['onUploadProgress'];
  responseType?: 'blob';
}

function parseBody(text: string): unknown {
  try {
    return text ? JSON.parse(text) : undefined;
  } catch {
    return text;
  }
}

/** XMLHttpRequest rather than fetch: it reports upload progress, which the upload widget shows. */
function send(request: Sent, timeout: number): Promise<HttpResponse<unknown>> {
  return new Promise((resolve, reject) => {
    if (request.signal?.aborted) return reject(new RequestCancelled());
    const xhr = new XMLHttpRequest();
    xhr.open(request.method, request.url, true);
    xhr.timeout = timeout;
    // A file is read as bytes (a Blob answer trips msw's interceptor in the tests).
    if (request.responseType) xhr.responseType = 'arraybuffer';
    for (const [name, value] of Object.entries(request.headers)) xhr.setRequestHeader(name, value);
    const settle = () => request.signal?.removeEventListener('abort', onAbort);
    // Settled here too, not only in onabort: the call ends when its caller says so.
    const onAbort = () => {
      settle();
      reject(new RequestCancelled());
      xhr.abort();
    };
    request.signal?.addEventListener('abort', onAbort, { once: true });
    xhr.onload = () => {
      settle();
      if (request.responseType === 'blob') {
        const type = xhr.getResponseHeader('Content-Type') ?? '';
        const bytes = new Uint8Array((xhr.response as ArrayBuffer | null) ?? new ArrayBuffer(0));
        // A refusal is the JSON envelope even when a file was asked for.
        resolve({
          status: xhr.status,
          data: type.includes('json')
            ? parseBody(new TextDecoder().decode(bytes))
            : new Blob([bytes], { type }),
        });
        return;
      }
      let data: unknown = xhr.responseText;
      try {
        data = data ? JSON.parse(data as string) : undefined;
      } catch {
        // Not JSON (a proxy's error page, say): the text stays as the body.
      }
      resolve({ status: xhr.status, data });
    };
    xhr.onerror = () => {
      settle();
      reject(new TransportFailure('network'));
    };
    xhr.ontimeout = () => {
      settle();
      reject(new TransportFailure('timeout'));
    };
    xhr.onabort = () => {
      settle();
      reject(new RequestCancelled());
    };
    const progress = request.onUploadProgress;
    if (progress) {
      xhr.upload.onprogress = (event) =>
        progress({ loaded: event.loaded, total: event.lengthComputable ? event.total : undefined });
    }
    xhr.send(request.body);
  });
}

/**
 * The HTTP client (docs/architecture.md, "Web"): 10 s timeout, base URL from the
 * runtime configuration (a payload's `baseApi` overrides it), the `basic` flag,
 * the bearer token, form-urlencoded posts, the `body` header flag, the success
 * test, one error toast at a time, and the `040005` sign-out.
 */
export function createHttpClient(hooks: HttpHooks): HttpClient {
  /** The refused token whose sign-out is waiting out its second. */
  let logoutScheduledFor: string | null = null;
  /** The token whose session the app is signing out of itself (`expectSignOut`). */
  let signingOutOf: string | null = null;

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
  const refusedCurrentToken = (sentAuthorization: string | undefined): string | null => {
    const current = hooks.token();
    return current && sentAuthorization === `Bearer ${current}` ? current : null;
  };

  const refuseToken = (refused: string, reason: SessionEndedReason | undefined) => {
    if (refused === signingOutOf) return;
    const text = hooks.translate('error.tokenInvalid');
    hooks.setErrorText(text);
    hooks.toast.error({
      content: text,
      duration: TRANSPORT_ERROR_TOAST_SECONDS,
      key: ERROR_TOAST_KEY,
    });
    if (logoutScheduledFor === refused) return;
    logoutScheduledFor = refused;
    setTimeout(() => {
      if (logoutScheduledFor === refused) logoutScheduledFor = null;
      // Signed out meanwhile, or signed in again (a new token): nothing of the refused session is left to end.
      if (hooks.token() === refused) hooks.logout(reason);
    }, TOKEN_ERROR_LOGOUT_DELAY_MS);
  };

  async function request<T>(
    method: HttpMethod,
    url: string,
    payload?: unknown,
    options: RequestOptions = {},
  ): Promise<HttpResponse<T>> {
    const fromData = withoutControlFields(payload);
    const fromParams = withoutControlFields(options.params);
    // A payload's `baseApi`, else a base the caller set, else the runtime configuration's.
    const base = fromData.baseApi ?? fromParams.baseApi ?? options.baseURL ?? hooks.baseUrl();

    const headers: Record<string, string> = {
      Accept: 'application/json, text/plain, */*',
      'Accept-Language': hooks.language(),
    };
    let bodyFlag = false;
    for (const [name, value] of Object.entries(options.headers ?? {})) {
      if (name.toLowerCase() === 'body') bodyFlag = true;
      else headers[name] = value;
    }
    const token = hooks.token();
    if (fromData.basic || fromParams.basic) headers.Authorization = basicCredentials;
    else if (token) headers.Authorization = `Bearer ${token}`;

    let params = isPlainObject(fromParams.rest) ? fromParams.rest : {};
    let data = fromData.rest;
    // The `body` header flag: the payload travels as query parameters.
    if (bodyFlag) {
      params = { ...params, ...(isPlainObject(data) ? data : {}) };
      data = undefined;
    }

    const typeHeader = Object.keys(headers).find((name) => name.toLowerCase() === 'content-type');
    let body: XMLHttpRequestBodyInit | null = null;
    if (data instanceof FormData) {
      // The browser writes the multipart type with its boundary.
      if (typeHeader) delete headers[typeHeader];
      body = data;
    } else if (data !== undefined && data !== null) {
      const type = typeHeader
        ? headers[typeHeader]!
        : method === 'POST' && !options.json
          ? FORM
          : JSON_TYPE;
      if (!typeHeader) headers['Content-Type'] = type;
      if (typeof data === 'string') body = data;
      else if (type.includes(FORM) && isPlainObject(data)) body = encodeForm(data);
      else body = JSON.stringify(data);
    }

    const query = encodeForm(params);
    const target = joinUrl(base, url) + (query ? `${url.includes('?') ? '&' : '?'}${query}` : '');

    let response: HttpResponse<unknown>;
    try {
      response = await send(
        {
          method,
          url: target,
          headers,
          body,
          signal: options.signal,
          onUploadProgress: options.onUploadProgress,
          responseType: options.responseType,
        },
        REQUEST_TIMEOUT_MS,
      );
    } catch (error) {
      if (error instanceof RequestCancelled) throw error;
      const text = hooks.translate(
        error instanceof TransportFailure && error.kind === 'timeout'
          ? 'http.requestTimeout'
          : 'error.server',
      );
      showError(text, TRANSPORT_ERROR_TOAST_SECONDS, options.silent);
      throw new ApiError(text, '', undefined, undefined);
    }

    const envelope = isPlainObject(response.data)
      ? (response.data as unknown as Envelope<unknown>)
      : undefined;
    const ok = response.status >= 200 && response.status < 300;
    if (ok && isSuccess(envelope)) return response as HttpResponse<T>;
    if (ok && options.responseType === 'blob' && response.data instanceof Blob) {
      return response as HttpResponse<T>;
    }

    if (envelope?.code === ErrorCode.TOKEN_INVALID) {
      const refused = refusedCurrentToken(headers.Authorization);
      if (refused) refuseToken(refused, endedReasonOf(envelope));
      throw new ApiError(
        hooks.translate('error.tokenInvalid'),
        envelope.code,
        response.status,
        envelope,
      );
    }
    // An envelope failure shows for 2 s; an HTTP failure (with or without an envelope) for 5 s.
    // A server error names its request, for the user to quote to the operations team.
    const reference = envelope?.requestId
      ? hooks.translate('http.reference', { id: envelope.requestId })
      : '';
    const text = (envelope?.msg || hooks.translate('error.server')) + reference;
    showError(
      text,
      ok ? ENVELOPE_ERROR_TOAST_SECONDS : TRANSPORT_ERROR_TOAST_SECONDS,
      options.silent || (envelope !== undefined && options.quietCodes?.includes(envelope.code)),
    );
    throw new ApiError(text, envelope?.code ?? '', response.status, envelope);
  }

  return {
    timeout: REQUEST_TIMEOUT_MS,
    request,
    get: (url, options) => request('GET', url, undefined, options),
    delete: (url, options) => request('DELETE', url, undefined, options),
    post: (url, data, options) => request('POST', url, data, options),
    put: (url, data, options) => request('PUT', url, data, options),
    expectSignOut: () => {
      signingOutOf = hooks.token();
    },
  };
}
