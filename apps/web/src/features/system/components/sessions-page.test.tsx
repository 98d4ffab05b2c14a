import { type LiveSession, PERMISSION_CODES } from '@cityops/contract';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { i18n, initI18n } from '@/lib/i18n';
import { API, configureTestApi, testServer } from '@/testing/api-server';
import { okBody } from '@/testing/fixtures';
import {
  findDialog,
  renderWithClient,
  rowTexts,
  signInWith,
  unitEndpoints,
  unitTree,
} from '../test-support';
import { SessionsPage } from './sessions-page';

/** A wall-clock time in Asia/Shanghai, the city's default zone the screens show times in. */
const shanghai = (...parts: [number, number, number, number, number]) =>
  new Date(Date.UTC(...parts) - 8 * 3_600_000);

configure({ asyncUtilTimeout: 15_000 });

const CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

function session(n: number, patch: Partial<LiveSession> = {}): LiveSession {
  return {
    id: String(n).repeat(64).slice(0, 64),
    userId: 10 + n,
    username: `user${n}`,
    name: `用户${n}`,
    organizationId: 1,
    organizationName: '市城管局',
    organizationNameEn: 'City bureau',
    ipAddress: `10.0.0.${n}`,
    userAgent: CHROME,
    createdAt: shanghai(2026, 10, 26, 9, 12).toISOString(),
    lastSeenAt: null,
    expiresAt: shanghai(2026, 10, 26, 11, 36).toISOString(),
    current: false,
    endable: true,
    ...patch,
  };
}

let sessions: LiveSession[] = [];
let queries: URLSearchParams[] = [];
let ended: string[] = [];
let toasts: ReturnType<typeof configureTestApi>;

beforeAll(async () => {
  testServer.listen({ onUnhandledRequest: 'error' });
  await initI18n('zh-CN');
});
afterAll(() => testServer.close());
afterEach(async () => {
  testServer.resetHandlers();
  await i18n.changeLanguage('zh-CN');
});
beforeEach(() => {
  toasts = configureTestApi();
  sessions = [session(1, { lastSeenAt: shanghai(2026, 10, 26, 9, 30).toISOString() }), session(2)];
  queries = [];
  ended = [];
  testServer.use(
    http.get(`${API}/system/sessions`, ({ request }) => {
      const query = new URL(request.url).searchParams;
      queries.push(query);
      const keyword = query.get('keyword');
      const list = keyword ? sessions.filter((s) => s.username.includes(keyword)) : sessions;
      return HttpResponse.json(okBody({ total: list.length, pageIndex: 1, pageSize: 20, list }));
    }),
    ...unitEndpoints(unitTree),
    http.delete(`${API}/system/sessions/:id`, ({ params }) => {
      ended.push(`session ${String(params.id).slice(0, 4)}`);
      sessions = sessions.filter((s) => s.id !== params.id);
      return HttpResponse.json(okBody({ ended: 1 }));
    }),
    http.delete(`${API}/system/users/:id/sessions`, ({ params }) => {
      ended.push(`user ${String(params.id)}`);
      sessions = sessions.filter((s) => s.userId !== Number(params.id));
      return HttpResponse.json(okBody({ ended: 2 }));
    }),
  );
});

async function renderPage(permissions: string[] = [...PERMISSION_CODES], table = '在线会话') {
  signInWith(permissions);
  const user = userEvent.setup();
  renderWithClient(<SessionsPage />);
  const found = await screen.findByRole('table', { name: table });
  await waitFor(() => expect(rowTexts(found, 1).length).toBe(2));
  return { user, table: found };
}

describe('the online sessions page', { timeout: 60_000 }, () => {
  it('lists each live session with user, unit, address, browser and times', async () => {
    const { table } = await renderPage();
    expect(screen.getByRole('heading', { name: '在线用户' })).toBeInTheDocument();
    expect(rowTexts(table, 7)).toEqual([
      [
        '用户1user1',
        '市城管局',
        '10.0.0.1',
        'Chrome 131 · Windows 10',
        '2026-11-26 09:12',
        '2026-11-26 09:30',
        '2026-11-26 11:36',
      ],
      [
        '用户2user2',
        '市城管局',
        '10.0.0.2',
        'Chrome 131 · Windows 10',
        '2026-11-26 09:12',
        '暂无',
        '2026-11-26 11:36',
      ],
    ]);
  });

  it('searches by account', async () => {
    const { user, table } = await renderPage();
    const search = screen.getByRole('search', { name: '查询在线用户' });
    await user.type(within(search).getByRole('textbox', { name: '账号' }), ' user2 ');
    await user.click(within(search).getByRole('button', { name: '查询' }));
    await waitFor(() => expect(rowTexts(table, 1)).toEqual([['用户2user2']]));
    expect(queries.at(-1)?.get('keyword')).toBe('user2');
    expect(queries.at(-1)?.get('pageIndex')).toBe('1');
  });

  it('ends one session after a confirmation', async () => {
    const { user, table } = await renderPage();
    await user.click(
      within(table).getByRole('button', { name: '强制下线 用户2 (user2) 来自 10.0.0.2 的会话' }),
    );
    const dialog = await findDialog('确定强制下线 用户2 (user2) 的这个会话吗？');
    expect(dialog).toHaveTextContent('2026-11-26 09:12');
    await user.click(within(dialog).getByRole('button', { name: '强制下线' }));
    await waitFor(() =>
      expect(toasts.success).toHaveBeenCalledWith({ content: '已强制下线该会话。' }),
    );
    expect(ended).toEqual(['session 2222']);
    await waitFor(() => expect(rowTexts(table, 1)).toEqual([['用户1user1']]));
  });

  it('ends every session of a user after a confirmation, and nothing when cancelled', async () => {
    const { user, table } = await renderPage();
    await user.click(
      within(table).getByRole('button', { name: '强制下线 用户1 (user1) 的全部会话' }),
    );
    let dialog = await findDialog('确定强制下线 用户1 (user1) 的全部会话吗？');
    await user.click(within(dialog).getByRole('button', { name: '取消' }));
    expect(ended).toEqual([]);
    await user.click(
      within(table).getByRole('button', { name: '强制下线 用户1 (user1) 的全部会话' }),
    );
    dialog = await findDialog('确定强制下线 用户1 (user1) 的全部会话吗？');
    await user.click(within(dialog).getByRole('button', { name: '全部下线' }));
    await waitFor(() =>
      expect(toasts.success).toHaveBeenCalledWith({ content: '已强制下线 2 个会话。' }),
    );
    expect(ended).toEqual(['user 11']);
  });

  it('offers no ending without system:session:end', async () => {
    const { table } = await renderPage(['system:session:read']);
    expect(within(table).queryAllByRole('button', { name: /强制下线|全部下线/ })).toEqual([]);
  });

  it('speaks English', async () => {
    await i18n.changeLanguage('en');
    const { table } = await renderPage([...PERMISSION_CODES], 'Live sessions');
    expect(screen.getByRole('heading', { name: 'Online users' })).toBeInTheDocument();
    expect(
      within(table).getByRole('button', { name: 'End every session of 用户1 (user1)' }),
    ).toBeInTheDocument();
    expect(rowTexts(table, 6)[1]?.[5]).toBe('None yet');
  });
});
