import { act, render, screen } from '@testing-library/react';
import { useEffect } from 'react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { Link, RouterProvider, createMemoryRouter, useSearchParams } from 'react-router';
import { initI18n } from '@/lib/i18n';
import { menuEntry } from '@/testing/fixtures';
import {
  HOME_KEY,
  type Tab,
  frameTab,
  homeTab,
  neighbourOf,
  routeTab,
  useTagsStore,
} from '../lib/tags-store';
import { KeepAliveOutlet } from './keep-alive-outlet';
import { TagsBar } from './tags-bar';

const entry = menuEntry('event_dispatch', { nameEn: 'Event dispatch' });

beforeAll(async () => {
  await initI18n('en');
});
beforeEach(() => {
  useTagsStore.setState({ tabs: [homeTab] });
});

describe('tags store', () => {
  it('adds a tab once and refreshes it in place', () => {
    const { visit } = useTagsStore.getState();
    visit(routeTab('/amap', '/amap', 'route.map'));
    visit(frameTab(entry, 'command'));
    visit(routeTab('/amap', '/amap?layer=roads', 'route.map'));
    const { tabs } = useTagsStore.getState();
    expect(tabs.map((tab) => tab.key)).toEqual([HOME_KEY, 'route:/amap', 'frame:event_dispatch']);
    expect(tabs[1]).toMatchObject({ fullPath: '/amap?layer=roads' });
  });

  it('without the tags view only one page besides home is kept', () => {
    const { visit } = useTagsStore.getState();
    visit(routeTab('/amap', '/amap', 'route.map'), { single: true });
    visit(frameTab(entry, 'command'), { single: true });
    expect(useTagsStore.getState().tabs.map((tab) => tab.key)).toEqual([
      HOME_KEY,
      'frame:event_dispatch',
    ]);
  });

  it('closes one, the others, all; home always stays', () => {
    const { visit, close, closeOthers, closeAll } = useTagsStore.getState();
    visit(routeTab('/a', '/a', 'x'));
    visit(routeTab('/b', '/b', 'x'));
    visit(routeTab('/c', '/c', 'x'));
    close(HOME_KEY);
    close('route:/b');
    expect(useTagsStore.getState().tabs.map((tab) => tab.key)).toEqual([
      HOME_KEY,
      'route:/a',
      'route:/c',
    ]);
    closeOthers('route:/c');
    expect(useTagsStore.getState().tabs.map((tab) => tab.key)).toEqual([HOME_KEY, 'route:/c']);
    closeAll();
    expect(useTagsStore.getState().tabs).toEqual([homeTab]);
  });

  it('after closing the active tab its left neighbour shows', () => {
    const tabs: Tab[] = [homeTab, routeTab('/a', '/a', 'x'), routeTab('/b', '/b', 'x')];
    expect(neighbourOf(tabs, 'route:/b').key).toBe('route:/a');
    expect(neighbourOf(tabs, 'route:/a').key).toBe(HOME_KEY);
  });

  it('keeps the tabs in session storage and restores them', async () => {
    useTagsStore.getState().visit(frameTab(entry, 'command'));
    const stored = sessionStorage.getItem('tagsView');
    expect(stored).toContain('event_dispatch');
    // A new page load: the state starts empty and reads what the last one stored.
    useTagsStore.setState({ tabs: [homeTab] });
    sessionStorage.setItem('tagsView', stored!);
    await useTagsStore.persist.rehydrate();
    expect(useTagsStore.getState().tabs.map((tab) => tab.key)).toEqual([
      HOME_KEY,
      'frame:event_dispatch',
    ]);
  });
});

describe('tags bar', { timeout: 30_000 }, () => {
  const tabs: Tab[] = [homeTab, routeTab('/amap', '/amap', 'route.map'), frameTab(entry, 'c')];
  const titleOf = (tab: Tab) =>
    tab.kind === 'frame'
      ? tab.entry.nameEn
      : typeof tab.title === 'string'
        ? tab.title
        : tab.title.en;

  function renderBar(overrides: Partial<Parameters<typeof TagsBar>[0]> = {}) {
    const handlers = {
      onActivate: vi.fn(),
      onClose: vi.fn(),
      onCloseOthers: vi.fn(),
      onCloseAll: vi.fn(),
    };
    render(
      <TagsBar
        tabs={tabs}
        activeKey="frame:event_dispatch"
        titleOf={titleOf}
        {...handlers}
        {...overrides}
      />,
    );
    return handlers;
  }

  it('marks the active tab and offers close on every tab but home', () => {
    renderBar();
    const bar = screen.getByRole('navigation', { name: 'Open pages' });
    expect(bar).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Event dispatch' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(screen.getByRole('button', { name: 'route.home' })).not.toHaveAttribute('aria-current');
    expect(screen.queryByRole('button', { name: 'Close route.home' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Close Event dispatch' })).toBeInTheDocument();
  });

  it('switches, closes one (also with the Delete key), the others and all', async () => {
    const handlers = renderBar();
    await userEvent.click(screen.getByRole('button', { name: 'route.map' }));
    expect(handlers.onActivate).toHaveBeenCalledWith(tabs[1]);
    await userEvent.click(screen.getByRole('button', { name: 'Close route.map' }));
    expect(handlers.onClose).toHaveBeenCalledWith(tabs[1]);
    screen.getByRole('button', { name: 'Event dispatch' }).focus();
    await userEvent.keyboard('{Delete}');
    expect(handlers.onClose).toHaveBeenCalledWith(tabs[2]);
    await userEvent.click(screen.getByRole('button', { name: 'Close others' }));
    expect(handlers.onCloseOthers).toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Close all' }));
    expect(handlers.onCloseAll).toHaveBeenCalled();
  });

  it('nothing to close with only the home tab', () => {
    renderBar({ tabs: [homeTab], activeKey: HOME_KEY });
    expect(screen.getByRole('button', { name: 'Close others' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Close all' })).toBeDisabled();
  });
});

describe('kept-alive pages', { timeout: 30_000 }, () => {
  let mounts = 0;

  function Notes({ label }: { label: string }) {
    const [params] = useSearchParams();
    useEffect(() => {
      mounts++;
    }, []);
    return <input aria-label={params.get('q') ? `${label} ${params.get('q')}` : label} />;
  }

  function Layout() {
    const alive = useTagsStore((state) => state.tabs).map((tab) => tab.key);
    return (
      <>
        <Link to="/a?q=1">go a</Link>
        <Link to="/b">go b</Link>
        <KeepAliveOutlet visible aliveKeys={alive} />
      </>
    );
  }

  function renderPages(open: string[]) {
    useTagsStore.setState({
      tabs: [homeTab, ...open.map((path) => routeTab(path, path, 'x'))],
    });
    const router = createMemoryRouter(
      [
        {
          path: '/',
          element: <Layout />,
          children: [
            { path: 'a', element: <Notes label="page a" /> },
            { path: 'b', element: <Notes label="page b" /> },
          ],
        },
      ],
      { initialEntries: ['/a?q=1'] },
    );
    render(<RouterProvider router={router} />);
    return router;
  }

  beforeEach(() => {
    mounts = 0;
  });

  it('a page of an open tab keeps its typed text, hidden, and sees its own location', async () => {
    renderPages(['/a', '/b']);
    await userEvent.type(screen.getByRole('textbox', { name: 'page a 1' }), 'draft');
    await userEvent.click(screen.getByRole('link', { name: 'go b' }));
    expect(screen.getByRole('textbox', { name: 'page b' })).toBeVisible();
    // Hidden, still mounted, still reading its own query.
    const hiddenA = screen.getByRole('textbox', { name: 'page a 1', hidden: true });
    expect(hiddenA).not.toBeVisible();
    await userEvent.click(screen.getByRole('link', { name: 'go a' }));
    expect(screen.getByRole('textbox', { name: 'page a 1' })).toHaveValue('draft');
    expect(mounts).toBe(2);
  });

  it('a page whose tab is closed is dropped', async () => {
    renderPages(['/a', '/b']);
    await userEvent.type(screen.getByRole('textbox', { name: 'page a 1' }), 'draft');
    await userEvent.click(screen.getByRole('link', { name: 'go b' }));
    act(() => useTagsStore.getState().close('route:/a'));
    expect(screen.queryByRole('textbox', { name: 'page a 1', hidden: true })).toBeNull();
    await userEvent.click(screen.getByRole('link', { name: 'go a' }));
    expect(screen.getByRole('textbox', { name: 'page a 1' })).toHaveValue('');
  });

  it('without the tags view nothing is kept', async () => {
    renderPages([]);
    await userEvent.type(screen.getByRole('textbox', { name: 'page a 1' }), 'draft');
    await userEvent.click(screen.getByRole('link', { name: 'go b' }));
    expect(screen.queryByRole('textbox', { name: 'page a 1', hidden: true })).toBeNull();
    await userEvent.click(screen.getByRole('link', { name: 'go a' }));
    expect(screen.getByRole('textbox', { name: 'page a 1' })).toHaveValue('');
  });
});
