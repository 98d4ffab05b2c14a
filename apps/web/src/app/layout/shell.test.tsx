import type { MenuEntry } from '@cityops/contract';
import { act, configure, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { useSettingsStore } from '@/features/settings/lib/settings-store';
import { changeLanguage, initI18n } from '@/lib/i18n';
import { queryClient } from '@/lib/query-client';
import { getToken } from '@/lib/token';
import { useAppStore } from '@/stores/app-store';
import { useUserStore } from '@/stores/user-store';
import { API, authHandlers, configureTestApi, testServer } from '@/testing/api-server';
import { menuEntry, okBody, userData } from '@/testing/fixtures';
import { registerNavigate } from '../navigation';
import { AppProvider } from '../provider';
import { routes } from '../router';

// Rendering the shell is slow on a busy machine: wait longer than 1 s for it.
configure({ asyncUtilTimeout: 15_000 });

let menu: MenuEntry[];
let logoutCalls = 0;

beforeAll(async () => {
  testServer.listen({ onUnhandledRequest: 'error' });
  // Loads the shell's chunk once, so the first test does not pay for it alone.
  await Promise.all([import('./shell-layout'), import('../routes/home'), import('../routes/map')]);
}, 120_000);
afterAll(() => testServer.close());
beforeEach(async () => {
  await initI18n('en');
  await changeLanguage('en');
  useAppStore.getState().setLanguage('en');
  useAppStore.getState().resetSystem();
  useAppStore.getState().setEmbedded(false);
  useAppStore.getState().setSystemName('City platform');
  if (!useAppStore.getState().sidebar.opened) useAppStore.getState().toggleSidebar();
  queryClient.clear();
  useUserStore.getState().signedIn('token-admin', 'admin', userData({ name: 'Ada Admin' }));
  configureTestApi();
  logoutCalls = 0;
  menu = [
    menuEntry('public_service', { name: '公共服务', nameEn: 'Public service' }),
    menuEntry('business_guide', { name: '业务指导', nameEn: 'Business guidance' }),
  ];
  testServer.use(
    http.get(`${API}/organization/customize_configuration/userSysModel`, ({ request }) =>
      request.headers.get('authorization') === 'Bearer token-admin'
        ? HttpResponse.json(okBody(menu))
        : HttpResponse.json(
            { code: '040005', boolSuccess: false, msg: '', data: null },
            { status: 401 },
          ),
    ),
    http.get(`${API}/organization/config`, () => HttpResponse.json(okBody(null))),
    http.get(`${API}/organization/config/weather`, () => HttpResponse.json(okBody(null))),
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
    http.post(`${API}/authorization-server/oauth/logout`, () => {
      logoutCalls += 1;
      return HttpResponse.json(okBody(null));
    }),
  );
});
afterEach(() => testServer.resetHandlers());

function start(path = '/') {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  registerNavigate((to, options) => router.navigate(to, options));
  const view = render(
    <AppProvider>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return { router, ...view };
}

const mainMenu = () => screen.findByRole('navigation', { name: 'Main menu' }, { timeout: 30_000 });

// Rendering the whole shell with antd is slow on a busy machine.
describe('layout shell', { timeout: 60_000 }, () => {
  const marked = (nav: HTMLElement) =>
    within(nav)
      .queryAllByRole('menuitem')
      .filter((item) => item.classList.contains('ant-menu-item-selected'))
      .map((item) => item.textContent);

  it('keeps business_guide active by default but marks no entry on the home page', async () => {
    start();
    const nav = await mainMenu();
    await within(nav).findByRole('menuitem', { name: 'Business guidance' });
    // The home page belongs to no entry: the default is not the person's choice (issue 24).
    expect(marked(nav)).toEqual([]);
    expect(useAppStore.getState().menuActive).toBe('business_guide');
    // Nor does the home page show that entry's pages as if chosen.
    await screen.findByRole('heading', { level: 2 });
    expect(screen.queryByRole('region', { name: /Business guidance/ })).toBeNull();
  });

  it('makes the first entry active when the menu has no business_guide, unmarked', async () => {
    menu = [menuEntry('public_service', { nameEn: 'Public service' }), menuEntry('data_exchange')];
    start();
    const nav = await mainMenu();
    await within(nav).findByRole('menuitem', { name: 'Public service' });
    await waitFor(() => expect(useAppStore.getState().menuActive).toBe('public_service'));
    expect(marked(nav)).toEqual([]);
  });

  it('clicking the default active entry marks it and shows its pages', async () => {
    start();
    const nav = await mainMenu();
    await userEvent.click(await within(nav).findByRole('menuitem', { name: 'Business guidance' }));
    await waitFor(() => expect(marked(nav)).toEqual(['Business guidance']));
    expect(await screen.findByRole('region', { name: /Business guidance/ })).toBeVisible();
  });

  it('a menu click marks that entry active and, off the root path, goes to /', async () => {
    const { router } = start('/amap');
    const nav = await mainMenu();
    await userEvent.click(await within(nav).findByRole('menuitem', { name: 'Public service' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    // The mark follows the route, which the sidebar sees once it renders at "/".
    await waitFor(() =>
      expect(within(nav).getByRole('menuitem', { name: 'Public service' })).toHaveClass(
        'ant-menu-item-selected',
      ),
    );
    expect(useAppStore.getState().menuActive).toBe('public_service');
  });

  it('the marked entry follows the route: /amap opened directly marks the map, / the chosen one or none', async () => {
    menu = [
      menuEntry('business_guide', {
        nameEn: 'Business guidance',
        sysModels: { id: 'g', url: '/business_guide/table', query: {}, integrated: false },
      }),
      menuEntry('map_editing', {
        nameEn: 'Map editing',
        sysModels: { id: 'm', url: '/amap', query: {}, integrated: false },
      }),
    ];
    const { router } = start('/amap');
    const nav = await mainMenu();
    expect(await within(nav).findByRole('menuitem', { name: 'Map editing' })).toHaveClass(
      'ant-menu-item-selected',
    );
    expect(within(nav).getByRole('menuitem', { name: 'Business guidance' })).not.toHaveClass(
      'ant-menu-item-selected',
    );

    // The home page marks none until an entry is chosen; then the chosen one.
    await router.navigate('/');
    await waitFor(() => expect(marked(nav)).toEqual([]));
    act(() => useAppStore.getState().setMenuActive('business_guide'));
    await waitFor(() => expect(marked(nav)).toEqual(['Business guidance']));
  });

  it('a page no entry leads to marks none', async () => {
    start('/amap');
    const nav = await mainMenu();
    await within(nav).findByRole('menuitem', { name: 'Business guidance' });
    expect(
      within(nav)
        .queryAllByRole('menuitem')
        .filter((item) => item.classList.contains('ant-menu-item-selected')),
    ).toEqual([]);
  });

  it('collapses and expands the sidebar and keeps the choice in local storage', async () => {
    const first = start();
    await mainMenu();
    await userEvent.click(screen.getByRole('button', { name: 'Collapse sidebar' }));
    expect(localStorage.getItem('sidebarStatus')).toBe('0');
    expect(screen.getByRole('button', { name: 'Expand sidebar' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
    first.unmount();

    start();
    await mainMenu();
    await userEvent.click(screen.getByRole('button', { name: 'Expand sidebar' }));
    expect(localStorage.getItem('sidebarStatus')).toBe('1');
    expect(screen.getByRole('button', { name: 'Collapse sidebar' })).toBeInTheDocument();
  });

  it('the phone drawer names the system once', async () => {
    const desktopMedia = window.matchMedia;
    // A narrow window: the device query (use-device.ts) matches.
    window.matchMedia = (query: string) => ({ ...desktopMedia(query), matches: true });
    try {
      start();
      await userEvent.click(await screen.findByRole('button', { name: 'Open menu' }));
      const drawer = await screen.findByRole('dialog', { name: 'City platform' });
      await within(drawer).findByRole('navigation', { name: 'Main menu' });
      expect(within(drawer).getAllByText('City platform')).toHaveLength(1);
      // Without the sidebar logo the drawer's title names it instead.
      act(() => useSettingsStore.getState().change('showSidebarLogo', false));
      expect(within(drawer).getAllByText('City platform')).toHaveLength(1);
    } finally {
      window.matchMedia = desktopMedia;
      act(() => useSettingsStore.getState().reset());
      act(() => useAppStore.getState().toggleDevice('desktop'));
    }
  });

  it('the logo goes to the root path', async () => {
    const { router } = start('/amap');
    await mainMenu();
    await userEvent.click(screen.getByRole('button', { name: /go to home page|City platform/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  async function askToLogOut() {
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'User menu' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Log out' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Confirm logging out?');
    return { user, dialog };
  }

  it('log out asks "Confirm logging out?"; cancel keeps the user signed in', async () => {
    const { router } = start();
    await mainMenu();
    const { user, dialog } = await askToLogOut();

    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    expect(router.state.location.pathname).toBe('/');
    expect(getToken()).toBe('token-admin');
    expect(logoutCalls).toBe(0);
  });

  it('confirming the log out revokes the token, clears the state and goes to /login', async () => {
    const { router } = start();
    await mainMenu();
    const { user, dialog } = await askToLogOut();

    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(logoutCalls).toBe(1);
    expect(getToken()).toBeNull();
    expect(useUserStore.getState().userData).toBeNull();
    expect(useAppStore.getState().menuList).toEqual([]);
  });

  it('the home page says the subsystems are loading until the menu answers, never "none assigned"', async () => {
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    testServer.use(
      http.get(`${API}/organization/customize_configuration/userSysModel`, async () => {
        await answered;
        return HttpResponse.json(okBody(menu));
      }),
    );
    start();
    const home = await screen.findByRole('region', { name: 'Welcome, Ada Admin' });
    expect(await within(home).findByRole('status')).toHaveTextContent('Loading your subsystems…');
    expect(screen.queryByText('No subsystem has been assigned to your account yet.')).toBeNull();

    answer();
    expect(await within(home).findByRole('button', { name: 'Public service' })).toBeVisible();
    expect(within(home).queryByText('Loading your subsystems…')).toBeNull();
    expect(screen.queryByText('No subsystem has been assigned to your account yet.')).toBeNull();
  });

  it('an empty menu, once answered, says no subsystem is assigned', async () => {
    menu = [];
    start();
    expect(
      await screen.findByText('No subsystem has been assigned to your account yet.'),
    ).toBeVisible();
    expect(screen.queryByText('Loading your subsystems…')).toBeNull();
  });

  it('while a required second factor is enforced and missing, asks for it and loads nothing else', async () => {
    const calls: string[] = [];
    testServer.use(
      http.get(`${API}/organization/user/second-factor`, () =>
        HttpResponse.json(
          okBody({
            enrolled: false,
            required: true,
            recoveryCodesLeft: 0,
            enrolledAt: null,
            enforced: true,
          }),
        ),
      ),
      http.get(`${API}/organization/customize_configuration/userSysModel`, ({ request }) => {
        calls.push(new URL(request.url).pathname);
        return HttpResponse.json(okBody([]));
      }),
    );
    start();
    const dialog = await screen.findByRole('dialog', { name: 'Two-step verification' });
    expect(
      await within(dialog).findByText('Your role requires two-step verification. Set it up now.'),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Sign out' })).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Close' })).toBeNull();
    expect(calls).toEqual([]);
  });

  describe('while the server requires a new password (status 1)', () => {
    let calls: string[];
    beforeEach(() => {
      calls = [];
      const refuse = (request: Request) => {
        calls.push(new URL(request.url).pathname);
        return HttpResponse.json(
          { code: '040106', boolSuccess: false, msg: 'Please reset password', data: null },
          { status: 403 },
        );
      };
      testServer.use(
        http.get(`${API}/organization/user/isPassword`, () => HttpResponse.json(okBody(1))),
        http.get(`${API}/organization/customize_configuration/userSysModel`, ({ request }) =>
          refuse(request),
        ),
        http.get(`${API}/organization/config/weather`, ({ request }) => refuse(request)),
        http.post(`${API}/message-sms/messageData/page`, ({ request }) => refuse(request)),
        http.post(`${API}/message-sms/messageData/sse-ticket`, ({ request }) => refuse(request)),
      );
    });

    it('loads nothing behind the reset dialog: no menu, no failure banner, no empty list', async () => {
      start();
      expect(await screen.findByRole('dialog', { name: 'Reset password' })).toBeInTheDocument();
      expect(calls).toEqual([]);
      expect(screen.queryByText('The menu could not be loaded.')).toBeNull();
      expect(screen.queryByText('No subsystem has been assigned to your account yet.')).toBeNull();
    });

    it('a saved reset says so in place of "Please reset password"', async () => {
      configureTestApi({ realToasts: true });
      const auth = await authHandlers();
      testServer.use(
        ...auth.handlers,
        http.post(`${API}/organization/user/ret`, () => HttpResponse.json(okBody(null))),
      );
      start();
      const dialog = await screen.findByRole('dialog', { name: 'Reset password' });
      expect(await screen.findByText('Please reset password')).toBeInTheDocument();

      const user = userEvent.setup();
      await user.type(within(dialog).getByLabelText('Old password'), 'Start#2026ab');
      await user.type(within(dialog).getByLabelText('New password'), 'Better#2026x');
      await user.type(within(dialog).getByLabelText('Confirm password'), 'Better#2026x');
      await user.click(within(dialog).getByRole('button', { name: 'Save' }));

      expect(await screen.findByText('Password changed, please log in again')).toBeInTheDocument();
      expect(screen.queryByText('Please reset password')).toBeNull();
    });
  });

  it('the document title is "{system name} - {page title}" and follows the language', async () => {
    const { router } = start();
    await mainMenu();
    await waitFor(() => expect(document.title).toBe('City platform - Home'));

    await router.navigate('/amap');
    await waitFor(() => expect(document.title).toBe('City platform - Map editing'));

    await userEvent.click(screen.getByRole('button', { name: /中文/ }));
    await waitFor(() => expect(document.title).toBe('City platform - 地图编辑'));
    const nav = await screen.findByRole('navigation', { name: '主菜单' });
    expect(within(nav).getByRole('menuitem', { name: '业务指导' })).toBeInTheDocument();
  });
});

describe('signed-out visitors', () => {
  it('the login page title uses the system name too', async () => {
    useUserStore.getState().resetToken();
    start('/login');
    await waitFor(() => expect(document.title).toBe('City platform - Login'), { timeout: 10_000 });
  });
});
