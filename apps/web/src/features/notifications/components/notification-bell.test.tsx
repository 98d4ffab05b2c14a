import type { MenuEntry, Message } from '@cityops/contract';
import { act, configure, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useAppStore } from '@/stores/app-store';
import { API, configureTestApi, testServer } from '@/testing/api-server';
import { menuEntry } from '@/testing/fixtures';
import { startTestServer } from '@/testing/start-test-server';
import { NotificationBell } from './notification-bell';

// antd's popover and a loaded CI machine need more than the default second.
configure({ asyncUtilTimeout: 5000 });

const api = `${API}/message-sms/messageData`;

/** The server's side of one user's inbox, as the real endpoints behave. */
let inbox: Message[] = [];
let pageRequests: URLSearchParams[] = [];
let readIds: string[] = [];

function message(index: number, patch: Partial<Message> = {}): Message {
  return {
    id: String(index),
    title: `第${index}条通知消息`,
    content: `<p>内容 ${index}</p>`,
    type: 'text',
    boolRead: false,
    createdTime: new Date(Date.UTC(2026, 5, 1, 8, 60 - index)).toISOString(),
    updatedTime: new Date(Date.UTC(2026, 5, 1, 8, 60 - index)).toISOString(),
    ...patch,
  };
}

const envelope = (data: unknown) =>
  HttpResponse.json({ code: '000000', boolSuccess: true, msg: 'success', data });

startTestServer('zh-CN');
beforeEach(() => {
  configureTestApi({ token: 'token-1' });
  inbox = Array.from({ length: 13 }, (_, i) => message(i + 1));
  pageRequests = [];
  readIds = [];
  testServer.use(
    http.post(`${api}/page`, async ({ request }) => {
      const form = new URLSearchParams(await request.text());
      pageRequests.push(form);
      const unread = inbox.filter((m) => !m.boolRead);
      const pageIndex = Number(form.get('pageIndex'));
      const pageSize = Number(form.get('pageSize'));
      return envelope({
        pageIndex,
        pageSize,
        total: unread.length,
        pages: Math.ceil(unread.length / pageSize),
        rows: unread.slice((pageIndex - 1) * pageSize, pageIndex * pageSize),
      });
    }),
    http.get(`${api}/updateRead`, ({ request }) => {
      const id = new URL(request.url).searchParams.get('id')!;
      readIds.push(id);
      inbox = inbox.map((m) => (m.id === id ? { ...m, boolRead: true } : m));
      return envelope({ unread: inbox.filter((m) => !m.boolRead).length });
    }),
    http.get(`${api}/upAllMsg`, () => {
      inbox = inbox.map((m) => ({ ...m, boolRead: true }));
      return envelope({ unread: 0 });
    }),
    http.post(`${api}/sse-ticket`, () => envelope({ ticket: 'ticket-1', expiresIn: 30 })),
  );
  useAppStore.getState().resetSystem();
});

/** Replaces EventSource (jsdom has none) with one the test dispatches events on. */
function stubEventSource(): (EventTarget & { url: string })[] {
  const sources: (EventTarget & { url: string })[] = [];
  class FakeEventSource extends EventTarget {
    constructor(readonly url: string) {
      super();
      sources.push(this);
    }
    close() {}
  }
  vi.stubGlobal('EventSource', FakeEventSource);
  return sources;
}

function renderBell() {
  return render(
    <MemoryRouter initialEntries={['/']}>
      <NotificationBell />
    </MemoryRouter>,
  );
}

const bell = () => screen.getByRole('button', { name: /消息通知/ });

async function openPanel() {
  const user = userEvent.setup();
  await waitFor(() => expect(bell()).toHaveAccessibleName('消息通知，13 条未读'));
  await user.click(bell());
  const panel = await screen.findByRole('dialog', { name: '消息通知' });
  await waitFor(() => expect(within(panel).getAllByRole('listitem')).toHaveLength(10));
  return { user, panel };
}

describe('the message bell', () => {
  it('asks for unread page 1 as the spec says, and shows the count', async () => {
    renderBell();
    await waitFor(() => expect(bell()).toHaveAccessibleName('消息通知，13 条未读'));
    expect(Object.fromEntries(pageRequests[0]!)).toEqual({
      pageIndex: '1',
      pageSize: '10',
      boolMessage: 'true',
      boolRead: 'false',
    });
  });

  it('lists avatar label, title, time and excerpt; loads more while pages remain', async () => {
    renderBell();
    const { user, panel } = await openPanel();
    const first = within(panel).getAllByRole('listitem')[0]!;
    expect(first).toHaveTextContent('第1条通');
    expect(first).toHaveTextContent('第1条通知消息');
    expect(first).toHaveTextContent('内容 1');
    expect(first).not.toHaveTextContent('<p>');
    expect(first.querySelector('time')).toHaveAttribute('datetime', inbox[0]!.createdTime);
    // The panel may still be animating in; wait until it is shown.
    await waitFor(() =>
      expect(within(panel).getByRole('button', { name: '全部已读' })).toBeVisible(),
    );

    await user.click(within(panel).getByRole('button', { name: '加载更多' }));
    await waitFor(() => expect(within(panel).getAllByRole('listitem')).toHaveLength(13));
    expect(pageRequests.at(-1)!.get('pageIndex')).toBe('2');
    expect(within(panel).queryByRole('button', { name: '加载更多' })).not.toBeInTheDocument();
  });

  it('a message without title shows "Message notification" as its label', async () => {
    inbox[0] = message(1, { title: '' });
    renderBell();
    const { panel } = await openPanel();
    expect(within(panel).getAllByRole('listitem')[0]).toHaveTextContent(/^消息通知消息通知/);
  });

  it('clicking marks read, removes it and decrements the total', async () => {
    renderBell();
    const { user, panel } = await openPanel();
    await user.click(within(panel).getByRole('button', { name: /第3条通知消息/ }));
    await waitFor(() => expect(bell()).toHaveAccessibleName('消息通知，12 条未读'));
    expect(readIds).toEqual(['3']);
    expect(within(panel).queryByText('第3条通知消息')).not.toBeInTheDocument();
    expect(within(panel).getAllByRole('listitem')).toHaveLength(9);
  });

  it('loading more after removals skips no message', async () => {
    renderBell();
    const { user, panel } = await openPanel();
    await user.click(within(panel).getByRole('button', { name: /第1条通知消息/ }));
    await waitFor(() => expect(within(panel).getAllByRole('listitem')).toHaveLength(9));
    await user.click(within(panel).getByRole('button', { name: '加载更多' }));
    await waitFor(() => expect(within(panel).getAllByRole('listitem')).toHaveLength(12));
    const titles = within(panel)
      .getAllByRole('listitem')
      .map((item) => item.querySelector('span span span')?.textContent);
    expect(titles).toContain('第11条通知消息');
  });

  it('reloads page 1 when the list becomes empty', async () => {
    inbox = Array.from({ length: 3 }, (_, i) => message(i + 1));
    renderBell();
    const user = userEvent.setup();
    await waitFor(() => expect(bell()).toHaveAccessibleName('消息通知，3 条未读'));
    // Two more arrive meanwhile: only a reload shows them.
    inbox.push(message(20), message(21));
    await user.click(bell());
    const panel = await screen.findByRole('dialog', { name: '消息通知' });
    for (const id of ['1', '2', '3']) {
      await user.click(
        within(panel).getByRole('button', { name: new RegExp(`第${id}条通知消息`) }),
      );
    }
    await waitFor(() => expect(within(panel).getAllByRole('listitem')).toHaveLength(2));
    expect(bell()).toHaveAccessibleName('消息通知，2 条未读');
    expect(pageRequests.filter((form) => form.get('pageIndex') === '1')).toHaveLength(2);
  });

  it('"All read" marks everything and hides itself at 0', async () => {
    renderBell();
    const { user, panel } = await openPanel();
    await user.click(within(panel).getByRole('button', { name: '全部已读' }));
    await waitFor(() => expect(bell()).toHaveAccessibleName('消息通知，0 条未读'));
    expect(within(panel).getByText('暂无未读消息')).toBeInTheDocument();
    expect(within(panel).queryByRole('button', { name: '全部已读' })).not.toBeInTheDocument();
  });

  it('a json message opens its menu in the frame when its parent code is a menu entry', async () => {
    const child = menuEntry('event_dispatch', {
      name: '事件调度',
      nameEn: 'Event dispatch',
      sysModels: {
        id: '7',
        url: '/demo-subsystem.html',
        query: { system: 'event_dispatch' },
        integrated: false,
      },
    });
    const parent: MenuEntry = {
      ...child,
      code: 'command_coordination',
      name: '指挥协调',
      hasTwo: true,
      sysModelVos: [child],
      sysModels: { id: '6', url: '', query: {}, integrated: false },
    };
    useAppStore.getState().setMenuList([{ ...child, code: 'business_guide' }, parent], 'x');
    useAppStore.getState().setMenuActive('business_guide');
    inbox[0] = message(1, {
      type: 'json',
      title: '事件调度：新派遣任务',
      content: JSON.stringify({
        content: '<p>占道经营</p>',
        pcUrl: '/demo-subsystem.html',
        pcRoute: '?system=event_dispatch',
        oneType: 'command_coordination',
      }),
    });
    inbox[1] = message(2, {
      type: 'json',
      title: '未知菜单',
      content: 'content:x;pcUrl:/other.html;oneType:not_my_menu',
    });
    renderBell();
    const { user, panel } = await openPanel();
    expect(within(panel).getAllByRole('listitem')[0]).toHaveTextContent('占道经营');

    // A parent code the user has no menu for: marked read, nothing opens.
    await user.click(within(panel).getByRole('button', { name: /未知菜单/ }));
    await waitFor(() => expect(readIds).toEqual(['2']));
    expect(useAppStore.getState()).toMatchObject({ menuActive: 'business_guide', isIframe: false });

    await user.click(within(panel).getByRole('button', { name: /事件调度：新派遣任务/ }));
    await waitFor(() => expect(useAppStore.getState().isIframe).toBe(true));
    expect(readIds).toEqual(['2', '1']);
    expect(useAppStore.getState()).toMatchObject({
      menuActive: 'command_coordination',
      iframeUrl: '/demo-subsystem.html',
      menuChild: { code: 'event_dispatch' },
    });
  });

  it('follows the live count: a new message is fetched without a reload', async () => {
    const sources = stubEventSource();
    try {
      renderBell();
      await waitFor(() => expect(bell()).toHaveAccessibleName('消息通知，13 条未读'));
      await waitFor(() => expect(sources).toHaveLength(1));
      expect(sources[0]!.url).toBe('/api/message-sms/messageData/stream?ticket=ticket-1');
      inbox.unshift(message(30, { title: '新消息到达' }));
      act(() => {
        sources[0]!.dispatchEvent(new MessageEvent('unread', { data: '{"unread":14}' }));
      });
      await waitFor(() => expect(bell()).toHaveAccessibleName('消息通知，14 条未读'));
    } finally {
      vi.unstubAllGlobals();
    }
  });
  it('signs the tab out with the reason when the stream says its session ended', async () => {
    const logout = vi.fn();
    configureTestApi({ token: 'token-1', logout });
    const sources = stubEventSource();
    try {
      renderBell();
      await waitFor(() => expect(sources).toHaveLength(1));
      testServer.use(
        http.post(`${api}/sse-ticket`, () =>
          HttpResponse.json({
            code: '040005',
            boolSuccess: false,
            msg: 'token invalid',
            data: { reason: 'ended' },
          }),
        ),
      );
      act(() => {
        sources[0]!.dispatchEvent(new MessageEvent('revoked', { data: '{}' }));
      });
      await waitFor(() => expect(logout).toHaveBeenCalledWith('ended'), { timeout: 3000 });
      expect(sources).toHaveLength(1);
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('the live count of its own read, arriving before the read answers, keeps the loaded pages', async () => {
    const sources = stubEventSource();
    try {
      renderBell();
      const { user, panel } = await openPanel();
      await waitFor(() => expect(sources).toHaveLength(1));
      await user.click(within(panel).getByRole('button', { name: '加载更多' }));
      await waitFor(() => expect(within(panel).getAllByRole('listitem')).toHaveLength(13));
      const pagesAsked = pageRequests.length;

      let answer: () => void = () => undefined;
      const held = new Promise<void>((resolve) => (answer = resolve));
      testServer.use(
        http.get(`${api}/updateRead`, async ({ request }) => {
          const id = new URL(request.url).searchParams.get('id')!;
          inbox = inbox.map((m) => (m.id === id ? { ...m, boolRead: true } : m));
          // The server publishes the new count before this answer reaches the page.
          act(() => {
            sources[0]!.dispatchEvent(new MessageEvent('unread', { data: '{"unread":12}' }));
          });
          await held;
          return envelope({ unread: inbox.filter((m) => !m.boolRead).length });
        }),
      );
      await user.click(within(panel).getByRole('button', { name: /第12条通知消息/ }));
      answer();

      await waitFor(() => expect(bell()).toHaveAccessibleName('消息通知，12 条未读'));
      await waitFor(() => expect(within(panel).getAllByRole('listitem')).toHaveLength(12));
      expect(pageRequests).toHaveLength(pagesAsked);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
