import { configure, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { RouterProvider } from 'react-router';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '@/lib/i18n';
import { queryClient } from '@/lib/query-client';
import { getToken } from '@/lib/token';
import { useAppStore } from '@/stores/app-store';
import { useUserStore } from '@/stores/user-store';
import { API, authHandlers, configureTestApi, testServer } from '@/testing/api-server';
import { menuEntry, okBody, userData } from '@/testing/fixtures';
import { AppProvider } from './provider';
import { createAppRouter } from './router';

// The shell and its pages load as chunks, slowly on a busy machine.
configure({ asyncUtilTimeout: 15_000 });

beforeAll(async () => {
  testServer.listen({ onUnhandledRequest: 'error' });
  await initI18n('en');
  await Promise.all([import('./layout/shell-layout'), import('./routes/home')]);
}, 120_000);
afterAll(() => testServer.close());
beforeEach(() => {
  useUserStore.getState().resetToken();
  useAppStore.getState().resetSystem();
  useAppStore.getState().setEmbedded(false);
  queryClient.clear();
  configureTestApi();
  testServer.use(
    http.get(`${API}/organization/customize_configuration/userSysModel`, () =>
      HttpResponse.json(okBody([menuEntry('business_guide')])),
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
    http.get(`${API}/organization/config/weather`, () => HttpResponse.json(okBody(null))),
    http.post(`${API}/message-sms/messageData/page`, () =>
      HttpResponse.json(okBody({ pageIndex: 1, pages: 0, rows: [], total: 0 })),
    ),
  );
});
afterEach(() => {
  testServer.resetHandlers();
  vi.restoreAllMocks();
  window.history.replaceState(null, '', '/');
});

function startHashRouter() {
  const router = createAppRouter('hash');
  render(
    <AppProvider>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return router;
}

describe('hash mode: a token in the query before the hash', { timeout: 60_000 }, () => {
  it.each([
    ['/?token=query-token&user=admin&embed=true'],
    ['/?token=query-token&user=admin&embed=true#/'],
  ])(
    '%s: the token is stored, the user info loaded and the token leaves the address',
    async (address) => {
      const auth = await authHandlers();
      testServer.use(...auth.handlers);
      window.history.replaceState(null, '', address);

      const router = startHashRouter();

      await waitFor(() => expect(window.location.hash).toBe('#/?embed=true'));
      expect(window.location.search).toBe('');
      expect(window.location.href).not.toContain('token=');
      expect(router.state.location.pathname).toBe('/');
      expect(localStorage.getItem('token')).toBe('query-token');
      expect(auth.userInfoCalls).toEqual(['admin']);
      expect(useAppStore.getState().embedded).toBe(true);
      expect(
        await screen.findByRole('heading', { level: 2, name: 'Welcome, Administrator' }),
      ).toBeVisible();
    },
  );

  it('keeps the token in memory when the browser refuses the frame its storage', async () => {
    const auth = await authHandlers();
    testServer.use(...auth.handlers);
    vi.spyOn(window, 'localStorage', 'get').mockImplementation(() => {
      throw new DOMException('Access is denied for this document.', 'SecurityError');
    });
    // Third-party cookies are dropped without a word.
    vi.spyOn(Document.prototype, 'cookie', 'set').mockImplementation(() => undefined);
    window.history.replaceState(null, '', '/?token=query-token&user=admin&embed=true#/');

    startHashRouter();

    expect(
      await screen.findByRole('heading', { level: 2, name: 'Welcome, Administrator' }),
    ).toBeVisible();
    expect(window.location.href).not.toContain('token=');
    expect(getToken()).toBe('query-token');
  });

  it("keeps the hash's own page and query", async () => {
    const auth = await authHandlers();
    testServer.use(...auth.handlers);
    window.history.replaceState(null, '', '/?token=query-token&user=admin#/404?from=portal');

    const router = startHashRouter();

    await waitFor(() => expect(window.location.hash).toBe('#/404?from=portal'));
    expect(router.state.location.pathname).toBe('/404');
    expect(localStorage.getItem('token')).toBe('query-token');
  });
});

describe('hash mode: an address typed in the address bar', { timeout: 60_000 }, () => {
  const question = 'The current operation will return to the login page, continue?';

  /** Signed in at `#/`, the shell showing. */
  async function atHome() {
    useUserStore.getState().signedIn('token-admin', 'admin', userData());
    window.history.replaceState(null, '', '/#/');
    const router = startHashRouter();
    await screen.findByRole('navigation', { name: 'Main menu' });
    return router;
  }

  it('#/login typed while signed in at #/ asks first; close stays where the user was', async () => {
    const router = await atHome();

    // What the address bar does: a new history entry the router did not make.
    window.location.hash = '#/login';
    const dialog = await screen.findByRole('dialog', { name: question });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(window.location.hash).toBe('#/'));
    expect(router.state.location.pathname).toBe('/');
    expect(screen.getByRole('navigation', { name: 'Main menu' })).toBeVisible();
    expect(localStorage.getItem('token')).toBe('token-admin');
  });

  it('#/login typed while signed in at #/: confirm exit clears the token and shows the login page', async () => {
    const router = await atHome();

    window.location.hash = '#/login';
    const dialog = await screen.findByRole('dialog', { name: question });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm exit' }));
    expect(await screen.findByRole('button', { name: 'Log in' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/login');
    expect(window.location.hash).toBe('#/login');
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('another typed address goes ahead without a question', async () => {
    const router = await atHome();

    window.location.hash = '#/404';
    await waitFor(() => expect(router.state.location.pathname).toBe('/404'));
    expect(screen.queryByRole('dialog', { name: question })).toBeNull();
  });
});
