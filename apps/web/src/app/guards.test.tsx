import { NAVIGATION_DELAY_MS } from '@cityops/contract';
import { act, configure, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage, initI18n } from '@/lib/i18n';
import { StorageKey, session } from '@/lib/storage';
import { saveToken, getToken } from '@/lib/token';
import { useAppStore } from '@/stores/app-store';
import { useUserStore } from '@/stores/user-store';
import { API, authHandlers, configureTestApi, testServer } from '@/testing/api-server';
import { menuEntry, okBody } from '@/testing/fixtures';
import { PUBLIC_PATHS } from './guards';
import { AppProvider } from './provider';
import { routes } from './router';

const shellHandlers = [
  http.get(`${API}/organization/customize_configuration/userSysModel`, () =>
    HttpResponse.json(okBody([menuEntry('business_guide'), menuEntry('public_service')])),
  ),
  http.get(`${API}/organization/config`, () => HttpResponse.json(okBody(null))),
  http.get(`${API}/organization/user/second-factor`, () =>
    HttpResponse.json(
      okBody({
        enrolled: false,
        required: false,
        recoveryCodesLeft: 0,
        enrolledAt: null,
        enforced: false,
      }),
    ),
  ),
  http.get(`${API}/organization/user/isPassword`, () => HttpResponse.json(okBody(0))),
];

// The pages load as chunks, slowly on a busy machine: wait longer than 1 s for them.
configure({ asyncUtilTimeout: 15_000 });

beforeAll(async () => {
  testServer.listen({ onUnhandledRequest: 'error' });
  await initI18n('en');
  await Promise.all([
    import('./routes/login'),
    import('./routes/not-found'),
    import('./layout/shell-layout'),
  ]);
}, 120_000);
afterAll(() => testServer.close());
beforeEach(() => {
  useUserStore.getState().resetToken();
  useAppStore.getState().resetSystem();
  useAppStore.getState().setEmbedded(false);
  useAppStore.getState().setSystemName('City platform');
  configureTestApi();
  testServer.use(...shellHandlers);
});
afterEach(() => {
  vi.useRealTimers();
  testServer.resetHandlers();
});

function start(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <AppProvider>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return router;
}

const where = (router: ReturnType<typeof start>) =>
  `${router.state.location.pathname}${router.state.location.search}`;

/** Lets real I/O (msw answers, WebCrypto, lazy imports) run while setTimeout is faked. */
const settle = async (rounds = 20) => {
  for (let i = 0; i < rounds; i++) {
    await act(() => new Promise<void>((resolve) => setImmediate(resolve)));
  }
};

describe('navigation guard', { timeout: 60_000 }, () => {
  it.each(PUBLIC_PATHS.filter((path) => path !== '/auth-redirect'))(
    '%s needs no token',
    async (path) => {
      const router = start(path);
      // The first visit loads the page's chunk: slow on a busy machine.
      await waitFor(() => expect(document.querySelector('main')).not.toBeNull(), {
        timeout: 10_000,
      });
      expect(router.state.location.pathname).toBe(path);
    },
  );

  it('/auth-redirect needs no token and sends a visitor without one on to /login', async () => {
    const router = start('/auth-redirect?redirect=%2Famap');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toBe('?redirect=%2Famap');
  });

  it.each([
    ['/', '/login?redirect=%2F'],
    ['/amap?tab=1&x=y', '/login?redirect=%2Famap%3Ftab%3D1%26x%3Dy'],
    ['/business_guide/table', '/login?redirect=%2Fbusiness_guide%2Ftable'],
    ['/no-such-page', '/login?redirect=%2Fno-such-page'],
  ])('without a token %s goes to %s', async (path, expected) => {
    const router = start(path);
    await waitFor(() => expect(where(router)).toBe(expected));
    expect(await screen.findByRole('button', { name: 'Log in' })).toBeInTheDocument();
  });

  it('with a token an unknown path shows the 404 page', async () => {
    saveToken('token-admin');
    start('/no-such-page');
    expect(await screen.findByText('Sorry, the page you visited does not exist.')).toBeVisible();
  });

  it('after sign-in goes back to the requested path and query, 500 ms later', async () => {
    // Answers at once: msw's delay() would wait on the faked setTimeout.
    const auth = await authHandlers({ pause: () => Promise.resolve() });
    testServer.use(...auth.handlers);
    const router = start('/amap?tab=1');
    await waitFor(() => expect(where(router)).toBe('/login?redirect=%2Famap%3Ftab%3D1'));

    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Username'), 'admin');
    await user.type(screen.getByLabelText('Password'), 'Admin@2026');

    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    const deadline = performance.now() + 30_000;
    while (!(getToken() && auth.userInfoCalls.length) && performance.now() < deadline)
      await settle(1);
    await settle();
    expect(getToken()).toBe('token-admin');

    await act(() => vi.advanceTimersByTimeAsync(NAVIGATION_DELAY_MS - 1));
    await settle();
    expect(where(router)).toBe('/login?redirect=%2Famap%3Ftab%3D1');

    await act(() => vi.advanceTimersByTimeAsync(1));
    vi.useRealTimers();
    await waitFor(() => expect(where(router)).toBe('/amap?tab=1'));
    await waitFor(() => expect(document.title).toBe('City platform - Map editing'));
    expect(screen.queryByRole('button', { name: 'Log in' })).not.toBeInTheDocument();
  });

  it('never sends the user off the site after sign-in', async () => {
    const auth = await authHandlers();
    testServer.use(...auth.handlers);
    const router = start('/login?redirect=%2F%2Fevil.example%2Fphish');

    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Username'), 'admin');
    await user.type(screen.getByLabelText('Password'), 'Admin@2026');
    await user.click(screen.getByRole('button', { name: 'Log in' }));

    await waitFor(() => expect(where(router)).toBe('/'));
  });

  it('takes a token and user from the query, before the cookie, and removes them from the address', async () => {
    saveToken('older-token');
    const auth = await authHandlers();
    testServer.use(...auth.handlers);

    const router = start('/amap?token=query-token&user=admin&embed=true');

    await waitFor(() => expect(where(router)).toBe('/amap?embed=true'));
    expect(getToken()).toBe('query-token');
    expect(document.cookie).toContain('token=query-token');
    expect(auth.userInfoCalls).toEqual(['admin']);
    expect(useUserStore.getState().userData?.username).toBe('admin');
    expect(useAppStore.getState().embedded).toBe(true);
  });
});

describe('the login page after a session ended', { timeout: 60_000 }, () => {
  afterEach(async () => {
    session.remove(StorageKey.signedOutReason);
    await changeLanguage('en');
  });

  // The server's 040005 names the reason (session.repository.ts endedReason); sign-out.ts keeps it.
  it.each([
    [
      'password',
      'en',
      'Your password was reset or changed, so you were signed out. Please sign in with the new password.',
    ],
    ['password', 'zh-CN', '密码已重置或修改，您已退出登录，请使用新密码重新登录。'],
    [
      'ended',
      'en',
      'Your session was ended, by an administrator or from another of your sessions. Please sign in again.',
    ],
    ['ended', 'zh-CN', '您已被强制下线（会话已被管理员或您在其他设备上结束），请重新登录。'],
  ] as const)(
    'says why it ended (%s) in %s, a password reset apart from a forced sign-out (issue 32)',
    async (reason, language, notice) => {
      await changeLanguage(language);
      session.set(StorageKey.signedOutReason, reason);
      start('/login');
      expect(await screen.findByRole('status')).toHaveTextContent(notice);
    },
  );
});
