import {
  ErrorCode,
  REQUEST_TIMEOUT_MS,
  TOKEN_ERROR_LOGOUT_DELAY_MS,
  WEB_CLIENT_ID,
  WEB_CLIENT_SECRET,
} from '@cityops/contract';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { HttpResponse, http, passthrough } from 'msw';
import { setupServer } from 'msw/node';
import {
  type Mock,
  afterAll,
  afterEach,
  beforeAll,
  beforeEach,
  describe,
  expect,
  it,
  vi,
} from 'vitest';
import { i18n, initI18n } from '@/lib/i18n';
import { useAppStore } from '@/stores/app-store';
import { ApiError } from './api-error';
import { ERROR_TOAST_KEY, type HttpHooks, RequestCancelled, createHttpClient } from './http-client';

const BASE = 'http://api.test/api';
const server = setupServer();

interface Seen {
  url: URL;
  method: string;
  authorization: string | null;
  contentType: string | null;
  body: string;
  headers: Headers;
}
let seen: Seen[] = [];

/** Answers every call under `origin` with `answer` and records what arrived. */
function answer(
  respond: () => Response | Promise<Response> = () =>
    HttpResponse.json({ code: '000000', boolSuccess: true, msg: 'success', data: { ok: 1 } }),
  origin = BASE,
) {
  server.use(
    http.all(`${origin}/*`, async ({ request }) => {
      seen.push({
        url: new URL(request.url),
        method: request.method,
        authorization: request.headers.get('authorization'),
        contentType: request.headers.get('content-type'),
        body: await request.text(),
        headers: request.headers,
      });
      return respond();
    }),
  );
}

const failure = (code: string, msg: string, status = 200) =>
  HttpResponse.json({ code, boolSuccess: false, msg, data: null }, { status });

let token: string | null;
type ToastFn = HttpHooks['toast']['error'];
let hooks: HttpHooks & {
  toast: { error: Mock<ToastFn>; success: Mock<ToastFn>; warning: Mock<ToastFn> };
  logout: Mock<(reason?: string) => void>;
  setErrorText: Mock<(text: string) => void>;
};

function makeClient() {
  hooks = {
    baseUrl: () => BASE,
    token: () => token,
    language: () => i18n.language,
    translate: (key, values) => i18n.t(key, values),
    setErrorText: vi.fn((text: string) => useAppStore.getState().setSystemErrorText(text)),
    logout: vi.fn<(reason?: string) => void>(),
    toast: { error: vi.fn<ToastFn>(), success: vi.fn<ToastFn>(), warning: vi.fn<ToastFn>() },
  };
  return createHttpClient(hooks);
}

beforeAll(async () => {
  server.listen({ onUnhandledRequest: 'error' });
  await initI18n('en');
});
afterAll(() => server.close());
beforeEach(() => {
  seen = [];
  token = 'token-1';
  useAppStore.getState().setSystemErrorText('');
});
afterEach(() => {
  server.resetHandlers();
  vi.useRealTimers();
});

describe('HTTP client: requests', () => {
  it('gives up after 10 s with "Request timeout" shown for 5 s', async () => {
    // msw cannot leave a request unanswered until the XHR timeout fires, so this
    // call goes through to a real local socket that accepts and never answers.
    const silent = createServer(() => undefined);
    // Any free port: test runs side by side must not collide.
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const silentOrigin = `http://127.0.0.1:${(silent.address() as AddressInfo).port}`;
    server.use(http.all(`${silentOrigin}/*`, () => passthrough()));
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    try {
      const client = makeClient();
      expect(client.timeout).toBe(REQUEST_TIMEOUT_MS);

      const outcome = client
        .get('/organization/config/weather', { baseURL: `${silentOrigin}/api` })
        .then(
          () => 'answered',
          (error: unknown) => error,
        );
      await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS - 100);
      expect(hooks.toast.error).not.toHaveBeenCalled();
      await vi.advanceTimersByTimeAsync(200);

      const error = await outcome;
      expect(error).toBeInstanceOf(ApiError);
      expect((error as ApiError).message).toBe('Request timeout');
      expect(hooks.toast.error).toHaveBeenCalledWith({
        content: 'Request timeout',
        duration: 5,
        key: ERROR_TOAST_KEY,
      });
    } finally {
      vi.useRealTimers();
      silent.closeAllConnections();
      await new Promise((resolve) => silent.close(resolve));
    }
  });

  it('uses the runtime base URL, and a payload baseApi overrides it without being sent', async () => {
    answer();
    answer(undefined, 'http://other.test/gis');
    const client = makeClient();

    await client.get('/organization/config', { params: { key: 'systemName' } });
    await client.post('/base-data/baseGisGeometry/getGIS', {
      baseApi: 'http://other.test/gis',
      id: 7,
    });
    await client.get('/organization/model/other_url', {
      params: { baseApi: 'http://other.test/gis', id: 3 },
    });

    expect(seen.map((entry) => `${entry.url.origin}${entry.url.pathname}`)).toEqual([
      'http://api.test/api/organization/config',
      'http://other.test/gis/base-data/baseGisGeometry/getGIS',
      'http://other.test/gis/organization/model/other_url',
    ]);
    expect(seen[1]!.body).toBe('id=7');
    expect(seen[2]!.url.search).toBe('?id=3');
  });

  it('sends the basic client credentials instead of the bearer token when the payload says basic', async () => {
    answer();
    const client = makeClient();

    await client.post('/authorization-server/oauth/token', { basic: true, username: 'admin' });

    expect(seen[0]!.authorization).toBe(`Basic ${btoa(`${WEB_CLIENT_ID}:${WEB_CLIENT_SECRET}`)}`);
    expect(seen[0]!.body).toBe('username=admin');
  });

  it('sends Authorization: Bearer {token} with a token, and no Authorization without one', async () => {
    answer();
    const client = makeClient();

    await client.get('/organization/user', { params: { uniqueId: 'admin' } });
    token = null;
    await client.get('/organization/config', { params: { key: 'systemName' } });

    expect(seen[0]!.authorization).toBe('Bearer token-1');
    expect(seen[1]!.authorization).toBeNull();
  });

  it('posts form-urlencoded by default', async () => {
    answer();
    const client = makeClient();

    await client.post('/message-sms/sms/kaptcha', { mobile: '13800138000', note: 'a b&c' });

    expect(seen[0]!.method).toBe('POST');
    expect(seen[0]!.contentType).toContain('application/x-www-form-urlencoded');
    expect(new URLSearchParams(seen[0]!.body).get('mobile')).toBe('13800138000');
    expect(new URLSearchParams(seen[0]!.body).get('note')).toBe('a b&c');
  });

  it('sends the data as query parameters when the "body" header flag is set', async () => {
    answer();
    const client = makeClient();

    await client.post(
      '/organization/user/check_phone',
      { mobile: '13800138000', kind: 'x' },
      { headers: { body: 'true' }, params: { page: 1 } },
    );

    expect(seen[0]!.url.searchParams.get('mobile')).toBe('13800138000');
    expect(seen[0]!.url.searchParams.get('kind')).toBe('x');
    expect(seen[0]!.url.searchParams.get('page')).toBe('1');
    expect(seen[0]!.body).toBe('');
    expect(seen[0]!.headers.has('body')).toBe(false);
  });
  it('sends JSON when asked, PUT as JSON by default, and FormData as multipart', async () => {
    answer();
    const client = makeClient();

    await client.post(
      '/base-data/baseGisGeometry/add',
      { geometry: { type: 'Point', coordinates: [1, 2] } },
      { headers: { 'Content-Type': 'application/json' } },
    );
    await client.put('/organization/user/1', { name: '周敏' });
    const form = new FormData();
    form.append('bucketName', 'avatar');
    await client.post('/file-go-fastdfs/file/upload', form);

    expect(seen[0]!.contentType).toBe('application/json');
    expect(JSON.parse(seen[0]!.body)).toEqual({ geometry: { type: 'Point', coordinates: [1, 2] } });
    expect(seen[1]!.method).toBe('PUT');
    expect(seen[1]!.contentType).toBe('application/json');
    expect(JSON.parse(seen[1]!.body)).toEqual({ name: '周敏' });
    expect(seen[2]!.contentType).toMatch(/^multipart\/form-data; boundary=/);
    expect(seen[2]!.body).toContain('name="bucketName"');
  });

  it('sends a POST as JSON with the json option, and as a form without it', async () => {
    answer();
    const client = makeClient();

    await client.post('/base-data/baseGisGeometry/create', { tags: ['a', 'b'] }, { json: true });
    await client.post('/message-sms/messageData/send', { title: 'x', allUsers: true });

    expect(seen[0]!.contentType).toBe('application/json');
    expect(JSON.parse(seen[0]!.body)).toEqual({ tags: ['a', 'b'] });
    expect(seen[1]!.contentType).toBe('application/x-www-form-urlencoded');
    expect(seen[1]!.body).toBe('title=x&allUsers=true');
  });

  it('leaves undefined and null parameters out and repeats the key of a list', async () => {
    answer();
    const client = makeClient();

    await client.get('/a', { params: { keyword: undefined, category: null, id: [1, 2], page: 0 } });

    expect(seen[0]!.url.search).toBe('?id=1&id=2&page=0');
  });

  it('a call its caller cancels rejects as cancelled, with no toast and no error text', async () => {
    server.use(http.get(`${BASE}/slow`, () => new Promise<Response>(() => undefined)));
    const client = makeClient();
    const controller = new AbortController();

    const call = client.get('/slow', { signal: controller.signal });
    controller.abort();

    await expect(call).rejects.toBeInstanceOf(RequestCancelled);
    const early = new AbortController();
    early.abort();
    await expect(client.get('/slow', { signal: early.signal })).rejects.toBeInstanceOf(
      RequestCancelled,
    );
    expect(hooks.toast.error).not.toHaveBeenCalled();
    expect(hooks.setErrorText).not.toHaveBeenCalled();
  });
});

describe('HTTP client: answers', () => {
  it('resolves a file answer as a Blob with the token sent, and a refused one as a failure', async () => {
    let next: () => Response = () =>
      new HttpResponse(new Uint8Array([80, 75, 3, 4]), {
        headers: {
          'Content-Type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        },
      });
    answer(() => next());
    const client = makeClient();

    const file = await client.get<Blob>('/system/users/export', {
      params: { keyword: 'li' },
      responseType: 'blob',
    });
    expect(file.data).toBeInstanceOf(Blob);
    expect(new Uint8Array(await file.data.arrayBuffer())).toEqual(new Uint8Array([80, 75, 3, 4]));
    expect(seen[0]!.authorization).toBe('Bearer token-1');
    expect(seen[0]!.url.searchParams.get('keyword')).toBe('li');

    next = () => failure('040003', 'not allowed', 403);
    await expect(
      client.get('/system/users/export', { responseType: 'blob', silent: true }),
    ).rejects.toMatchObject({ code: '040003', message: 'not allowed' });
  });

  it('counts code 000000 or boolSuccess true as success, anything else as failure', async () => {
    let next: object = {};
    answer(() => HttpResponse.json(next));
    const client = makeClient();

    next = { code: '000000', boolSuccess: false, msg: '', data: 1 };
    await expect(client.get('/a')).resolves.toMatchObject({ data: { data: 1 } });
    next = { code: '123456', boolSuccess: true, msg: '', data: 2 };
    await expect(client.get('/a')).resolves.toMatchObject({ data: { data: 2 } });
    next = { code: '123456', boolSuccess: false, msg: 'no', data: 3 };
    await expect(client.get('/a')).rejects.toMatchObject({ code: '123456', message: 'no' });
    expect(hooks.toast.error).toHaveBeenCalledTimes(1);
  });

  it('shows an envelope failure msg for 2 s, or "Server exception" when it has none', async () => {
    let next = failure('040001', 'account or password is wrong');
    answer(() => next);
    const client = makeClient();

    await expect(client.post('/authorization-server/oauth/token', {})).rejects.toThrow(
      'account or password is wrong',
    );
    next = failure('040001', '');
    await expect(client.get('/organization/config/weather')).rejects.toThrow('Server exception');

    expect(hooks.toast.error.mock.calls.map(([options]) => options)).toEqual([
      { content: 'account or password is wrong', duration: 2, key: ERROR_TOAST_KEY },
      { content: 'Server exception', duration: 2, key: ERROR_TOAST_KEY },
    ]);
  });

  it('shows a transport failure for 5 s: "Server exception", or the server msg when there is one', async () => {
    let next: () => Response = () => new HttpResponse('bad gateway', { status: 502 });
    answer(() => next());
    const client = makeClient();

    await expect(client.get('/a')).rejects.toThrow('Server exception');
    next = () => HttpResponse.error();
    await expect(client.get('/a')).rejects.toThrow('Server exception');
    next = () => failure('050000', 'the database is down', 500);
    await expect(client.get('/a')).rejects.toThrow('the database is down');

    expect(hooks.toast.error.mock.calls.map(([options]) => options)).toEqual([
      { content: 'Server exception', duration: 5, key: ERROR_TOAST_KEY },
      { content: 'Server exception', duration: 5, key: ERROR_TOAST_KEY },
      { content: 'the database is down', duration: 5, key: ERROR_TOAST_KEY },
    ]);
  });

  it("adds a server error's request id to its message, for the user to quote", async () => {
    answer(() =>
      HttpResponse.json(
        {
          code: '050001',
          boolSuccess: false,
          msg: 'Server exception',
          data: null,
          requestId: 'req-42',
        },
        { status: 500 },
      ),
    );
    const client = makeClient();

    await expect(client.get('/a')).rejects.toThrow('Server exception (reference req-42)');
    await i18n.changeLanguage('zh-CN');
    try {
      await expect(client.get('/a')).rejects.toThrow(
        'Server exception（请求编号 req-42，反馈问题时请提供）',
      );
    } finally {
      await i18n.changeLanguage('en');
    }
  });

  it('shows every error toast under one key, so a new one replaces the one showing', async () => {
    answer(() => failure('040001', 'first'));
    const client = makeClient();

    await Promise.allSettled([client.get('/a'), client.get('/b')]);
    server.resetHandlers();
    answer(() => new HttpResponse(null, { status: 500 }));
    await client.get('/c').catch(() => undefined);

    expect(hooks.toast.error).toHaveBeenCalledTimes(3);
    const keys = hooks.toast.error.mock.calls.map(([options]) => (options as { key: string }).key);
    expect(new Set(keys)).toEqual(new Set([ERROR_TOAST_KEY]));
  });

  it('keeps the error text in the application state', async () => {
    let next = failure('040001', 'account is locked');
    answer(() => next);
    const client = makeClient();

    await client.get('/a').catch(() => undefined);
    expect(useAppStore.getState().errorText).toBe('account is locked');
    next = new HttpResponse(null, { status: 503 });
    await client.get('/a').catch(() => undefined);
    expect(useAppStore.getState().errorText).toBe('Server exception');
  });

  it('a silent call keeps the error text but shows no toast', async () => {
    answer(() => failure('040001', 'quiet'));
    const client = makeClient();

    await client.get('/a', { silent: true }).catch(() => undefined);
    expect(hooks.toast.error).not.toHaveBeenCalled();
    expect(hooks.setErrorText).toHaveBeenCalledWith('quiet');
  });

  it('040005 shows "Invalid token, please log in again!" and logs out once, 1 s later', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    answer(() => failure(ErrorCode.TOKEN_INVALID, 'token expired', 401));
    const client = makeClient();

    const calls = [client.get('/a'), client.get('/b')];
    const outcomes = await Promise.allSettled(calls);
    expect(outcomes.map((o) => o.status)).toEqual(['rejected', 'rejected']);
    expect((outcomes[0] as PromiseRejectedResult).reason).toMatchObject({
      code: ErrorCode.TOKEN_INVALID,
      message: 'Invalid token, please log in again!',
    });
    expect(hooks.toast.error).toHaveBeenLastCalledWith({
      content: 'Invalid token, please log in again!',
      duration: 5,
      key: ERROR_TOAST_KEY,
    });
    expect(useAppStore.getState().errorText).toBe('Invalid token, please log in again!');

    await vi.advanceTimersByTimeAsync(TOKEN_ERROR_LOGOUT_DELAY_MS - 1);
    expect(hooks.logout).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(hooks.logout).toHaveBeenCalledTimes(1);
  });

  it('040005 of a session the app is signing out of itself shows nothing and signs nothing out', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    answer(() => failure(ErrorCode.TOKEN_INVALID, 'token expired', 401));
    const client = makeClient();
    client.expectSignOut();
    await expect(client.get('/a')).rejects.toMatchObject({ code: ErrorCode.TOKEN_INVALID });
    await vi.advanceTimersByTimeAsync(TOKEN_ERROR_LOGOUT_DELAY_MS);
    expect(hooks.toast.error).not.toHaveBeenCalled();
    expect(hooks.logout).not.toHaveBeenCalled();
  });

  it('040005 passes on why the session ended, when the server says a reason it knows', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    answer(() =>
      HttpResponse.json(
        { code: ErrorCode.TOKEN_INVALID, boolSuccess: false, msg: 'x', data: { reason: 'ended' } },
        { status: 401 },
      ),
    );
    const client = makeClient();
    await client.get('/a').catch(() => undefined);
    await vi.advanceTimersByTimeAsync(TOKEN_ERROR_LOGOUT_DELAY_MS);
    expect(hooks.logout).toHaveBeenCalledWith('ended');
  });

  it('a quiet code is rejected without a toast; other failures of the call still toast', async () => {
    answer(() => failure(ErrorCode.SECOND_FACTOR_REQUIRED, 'Enter the code', 401));
    const client = makeClient();
    const quiet = { quietCodes: [ErrorCode.SECOND_FACTOR_REQUIRED] };
    await expect(client.get('/a', quiet)).rejects.toMatchObject({
      code: ErrorCode.SECOND_FACTOR_REQUIRED,
    });
    expect(hooks.toast.error).not.toHaveBeenCalled();
    answer(() => failure(ErrorCode.BAD_CREDENTIALS, 'Wrong', 400));
    await client.get('/a', quiet).catch(() => undefined);
    expect(hooks.toast.error).toHaveBeenCalledTimes(1);
  });

  it('a late 040005 for a token the app no longer holds neither warns nor signs out', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    server.use(
      http.get(`${BASE}/slow`, async () => {
        await held;
        return failure(ErrorCode.TOKEN_INVALID, 'token expired', 401);
      }),
    );
    const client = makeClient();
    const call = client.get('/slow');
    // Signed out (a password change, say) while the request was on its way.
    token = null;
    release();
    await expect(call).rejects.toMatchObject({ code: ErrorCode.TOKEN_INVALID });
    await vi.advanceTimersByTimeAsync(TOKEN_ERROR_LOGOUT_DELAY_MS);
    expect(hooks.toast.error).not.toHaveBeenCalled();
    expect(hooks.logout).not.toHaveBeenCalled();
  });

  it('a sign-in during the second before the sign-out keeps the new session', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    answer(() => failure(ErrorCode.TOKEN_INVALID, 'token expired', 401));
    const client = makeClient();

    await expect(client.get('/a')).rejects.toMatchObject({ code: ErrorCode.TOKEN_INVALID });
    // The person signs in again at once (the password was just changed, say).
    token = 'token-2';
    await vi.advanceTimersByTimeAsync(TOKEN_ERROR_LOGOUT_DELAY_MS);
    expect(hooks.logout).not.toHaveBeenCalled();

    // The new session's own refusal still signs out.
    await expect(client.get('/b')).rejects.toMatchObject({ code: ErrorCode.TOKEN_INVALID });
    await vi.advanceTimersByTimeAsync(TOKEN_ERROR_LOGOUT_DELAY_MS);
    expect(hooks.logout).toHaveBeenCalledTimes(1);
  });

  it('040005 inside a 200 envelope signs out too', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    answer(() => failure(ErrorCode.TOKEN_INVALID, 'token expired'));
    const client = makeClient();

    await expect(client.get('/a')).rejects.toMatchObject({ code: ErrorCode.TOKEN_INVALID });
    expect(hooks.toast.error).toHaveBeenCalledWith(
      expect.objectContaining({ content: 'Invalid token, please log in again!' }),
    );
    await vi.advanceTimersByTimeAsync(TOKEN_ERROR_LOGOUT_DELAY_MS);
    expect(hooks.logout).toHaveBeenCalledTimes(1);
  });
});
