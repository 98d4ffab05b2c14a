import type { MenuEntry } from '@cityops/contract';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RouterProvider, createMemoryRouter, useLocation } from 'react-router';
import { useAppStore } from '@/stores/app-store';
import { API, configureTestApi, testServer } from '@/testing/api-server';
import { menuEntry } from '@/testing/fixtures';
import { startTestServer } from '@/testing/start-test-server';
import { SidebarMenu } from '../components/sidebar-menu';
import { followLink } from '../lib/follow-link';
import { useMenuActions } from './use-menu-actions';

/** Named by its code, so a menu item is found by it; opens `/<code>.html` in the frame. */
const entry = (code: string, overrides: Partial<MenuEntry> = {}) =>
  menuEntry(code, {
    name: code,
    nameEn: code,
    sysModels: { id: code, url: `/${code}.html`, query: {}, integrated: false },
    ...overrides,
  });

const guide = entry('business_guide', { children: [entry('guide_list')] });
const dispatch = entry('event_dispatch');
const command = entry('command_coordination', {
  hasTwo: true,
  sysModelVos: [dispatch, entry('video')],
  children: [entry('ignored_child')],
});
const platform = entry('platform', {
  sysModels: { id: '77', url: '/platform.html', query: {}, integrated: true },
});
const exchange = entry('data_exchange', { children: [platform] });
const evaluation = entry('evaluation');
const industry = entry('industry', { children: [entry('sanitation')] });
const menuList = [guide, command, exchange, evaluation, industry];

const otherUrlCalls: string[] = [];

startTestServer('en');
afterEach(() => vi.restoreAllMocks());
beforeEach(() => {
  configureTestApi({ token: 'token-1' });
  otherUrlCalls.length = 0;
  useAppStore.getState().resetSystem();
  useAppStore.getState().setMenuList(menuList, 'command_coordination');
  testServer.use(
    http.get(`${API}/organization/model/other_url`, ({ request }) => {
      otherUrlCalls.push(new URL(request.url).searchParams.get('id') ?? '');
      return HttpResponse.json({
        code: '000000',
        boolSuccess: true,
        msg: 'ok',
        data: { url: '/platform.html?window=own' },
      });
    }),
  );
});

function Harness() {
  const { clickEntry, openChild } = useMenuActions();
  const location = useLocation();
  const { menuActive, isChildrenMenu, menuChild, isIframe } = useAppStore();
  return (
    <>
      <output aria-label="path">{location.pathname}</output>
      <SidebarMenu
        entries={menuList}
        activeCode={menuActive}
        activeChildCode={isIframe ? (menuChild?.code ?? null) : null}
        childrenMenu={isChildrenMenu}
        collapsed={false}
        theme="light"
        onSelect={clickEntry}
        onSelectChild={openChild}
      />
    </>
  );
}

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/', element: <Harness /> },
      { path: '/amap', element: <Harness /> },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

const item = (name: string) => screen.getByRole('menuitem', { name });

// The first render pays for antd's start-up; on a busy machine that takes a while.
describe('menu click rules', { timeout: 30_000 }, () => {
  it('the first entry is active after the menu loads when none was', () => {
    useAppStore.setState({ menuActive: '' });
    useAppStore.getState().setMenuList(menuList, 'command_coordination');
    expect(useAppStore.getState().menuActive).toBe('business_guide');
  });

  it('a click while not on / goes to / first', async () => {
    const router = renderAt('/amap');
    await userEvent.click(item('industry'));
    expect(router.state.location.pathname).toBe('/');
    expect(useAppStore.getState().menuActive).toBe('industry');
  });

  it('another entry with sub-entries becomes active, its children are the menu data', async () => {
    renderAt('/');
    await userEvent.click(item('industry'));
    const state = useAppStore.getState();
    expect(state.menuActive).toBe('industry');
    expect(state.menuData.map((e) => e.code)).toEqual(['sanitation']);
    expect(state.isIframe).toBe(false);
    expect(state.isChildrenMenu).toBe(false);
  });

  it('with hasTwo the menu data is sysModelVos, and only the configured code sets the children-menu flag', async () => {
    renderAt('/');
    await userEvent.click(item('command_coordination'));
    const state = useAppStore.getState();
    expect(state.menuData.map((e) => e.code)).toEqual(['event_dispatch', 'video']);
    expect(state.isChildrenMenu).toBe(true);
    // The children menu lists the sub-entries under the entry.
    expect(item('event_dispatch')).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'ignored_child' })).toBeNull();

    await userEvent.click(item('industry'));
    expect(useAppStore.getState().isChildrenMenu).toBe(false);
    expect(screen.queryByRole('menuitem', { name: 'event_dispatch' })).toBeNull();
  });

  it('the children-menu flag follows the setting, not a fixed code', () => {
    useAppStore.getState().setMenuList(menuList, 'industry');
    useAppStore.getState().setMenuActive('industry');
    expect(useAppStore.getState().isChildrenMenu).toBe(true);
    useAppStore.getState().setMenuActive('command_coordination');
    expect(useAppStore.getState().isChildrenMenu).toBe(false);
  });

  it('a child of the children menu opens in the frame', async () => {
    renderAt('/');
    await userEvent.click(item('command_coordination'));
    await userEvent.click(item('event_dispatch'));
    const state = useAppStore.getState();
    expect(state.menuChild?.code).toBe('event_dispatch');
    expect(state.iframeUrl).toBe('/event_dispatch.html');
    expect(state.isIframe).toBe(true);
    expect(state.menuActive).toBe('command_coordination');
  });

  it('an entry without sub-entries opens its own address in the frame', async () => {
    renderAt('/');
    await userEvent.click(item('evaluation'));
    const state = useAppStore.getState();
    expect(state.menuActive).toBe('evaluation');
    expect(state.menuChild?.code).toBe('evaluation');
    expect(state.iframeUrl).toBe('/evaluation.html');
    expect(state.isIframe).toBe(true);
  });

  it('one integrated child: frames it, makes business guide active, opens other_url in a new window', async () => {
    const popup = { closed: false, opener: {}, location: { href: 'about:blank' }, close: vi.fn() };
    const open = vi.spyOn(window, 'open').mockReturnValue(popup as unknown as Window);
    renderAt('/');
    await userEvent.click(item('data_exchange'));
    const state = useAppStore.getState();
    expect(state.menuActive).toBe('business_guide');
    expect(state.menuChild?.code).toBe('platform');
    expect(state.iframeUrl).toBe('/platform.html');
    expect(state.isIframe).toBe(true);
    expect(open).toHaveBeenCalledWith('about:blank', '_blank');
    await waitFor(() =>
      expect(popup.location.href).toBe('http://localhost:3000/platform.html?window=own'),
    );
    expect(popup.opener).toBeNull();
    expect(otherUrlCalls).toEqual(['77']);
  });

  it('the own window closes again when other_url fails', async () => {
    testServer.use(
      http.get(`${API}/organization/model/other_url`, () =>
        HttpResponse.json(
          { code: '040004', boolSuccess: false, msg: 'Not found', data: null },
          { status: 404 },
        ),
      ),
    );
    const popup = { closed: false, opener: {}, location: { href: 'about:blank' }, close: vi.fn() };
    vi.spyOn(window, 'open').mockReturnValue(popup as unknown as Window);
    renderAt('/');
    await userEvent.click(item('data_exchange'));
    await waitFor(() => expect(popup.close).toHaveBeenCalled());
  });

  it('clicking the active entry does nothing while its frame shows a child', async () => {
    renderAt('/');
    await userEvent.click(item('evaluation'));
    const before = useAppStore.getState();
    await userEvent.click(item('evaluation'));
    const after = useAppStore.getState();
    expect(after.isIframe).toBe(true);
    expect(after.menuChild).toBe(before.menuChild);
    expect(after.iframeUrl).toBe('/evaluation.html');
  });

  it('clicking the active entry clears the iframe otherwise', async () => {
    renderAt('/');
    act(() => {
      useAppStore.getState().setMenuActive('industry');
      useAppStore.getState().setIframe('/somewhere.html');
    });
    expect(useAppStore.getState().isIframe).toBe(true);
    await userEvent.click(item('industry'));
    expect(useAppStore.getState().isIframe).toBe(false);
    expect(useAppStore.getState().iframeUrl).toBe('');
  });

  it('setting the active menu resets the iframe', () => {
    const app = useAppStore.getState();
    app.setMenuChild(dispatch);
    app.setIframe('/x.html');
    app.setMenuActive('industry');
    const state = useAppStore.getState();
    expect(state.isIframe).toBe(false);
    expect(state.iframeUrl).toBe('');
    expect(state.menuChild).toBeNull();
  });
});

describe('followLink', () => {
  it.each(['http://a.example', 'https://a.example/x', 'mailto:ops@a.example', 'tel:12345'])(
    '%s opens in a new tab',
    (url) => {
      const open = vi.spyOn(window, 'open').mockReturnValue(null);
      const navigate = vi.fn();
      expect(followLink(url, navigate)).toBe('external');
      expect(open).toHaveBeenCalledWith(url, '_blank', 'noopener,noreferrer');
      expect(navigate).not.toHaveBeenCalled();
    },
  );

  it.each(['/amap', '/business_guide/table?tab=laws', '/a#b'])(
    '%s navigates inside the app',
    (url) => {
      const open = vi.spyOn(window, 'open').mockReturnValue(null);
      const navigate = vi.fn();
      expect(followLink(url, navigate)).toBe('internal');
      expect(navigate).toHaveBeenCalledWith(url);
      expect(open).not.toHaveBeenCalled();
    },
  );

  it.each([
    'javascript:alert(1)',
    '/\\evil.example',
    '//evil.example',
    '/\t/evil.example',
    'https://good.example@evil.example/',
    'data:text/html,x',
    'amap',
  ])('%s is refused: no tab, no navigation', (url) => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    const navigate = vi.fn();
    expect(followLink(url, navigate)).toBe('refused');
    expect(navigate).not.toHaveBeenCalled();
    expect(open).not.toHaveBeenCalled();
  });
});
