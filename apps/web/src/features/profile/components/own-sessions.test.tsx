import type { OwnSession } from '@cityops/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { configure, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ConfigProvider } from 'antd';
import { HttpResponse, http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n';
import { API, configureTestApi, testServer } from '@/testing/api-server';
import { okBody } from '@/testing/fixtures';
import { startTestServer } from '@/testing/start-test-server';
import { OwnSessions } from './own-sessions';

/** A wall-clock time in Asia/Shanghai, the city's default zone the screens show times in. */
const shanghai = (...parts: [number, number, number, number, number]) =>
  new Date(Date.UTC(...parts) - 8 * 3_600_000);

configure({ asyncUtilTimeout: 8_000 });

startTestServer('zh-CN');

const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';
const CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

const own = (n: number, patch: Partial<OwnSession>): OwnSession => ({
  id: String(n).repeat(64),
  ipAddress: `10.0.0.${n}`,
  userAgent: CHROME,
  createdAt: shanghai(2026, 10, 26, 8 + n, 0).toISOString(),
  lastSeenAt: null,
  expiresAt: shanghai(2026, 10, 26, 12, 0).toISOString(),
  current: false,
  ...patch,
});

let sessions: OwnSession[] = [];
let ended: string[] = [];
let toasts: ReturnType<typeof configureTestApi>;

beforeEach(async () => {
  await i18n.changeLanguage('zh-CN');
  toasts = configureTestApi({ token: 'token-1' });
  sessions = [own(1, { current: true }), own(2, { userAgent: FIREFOX })];
  ended = [];
  testServer.use(
    http.get(`${API}/organization/user/sessions`, () => HttpResponse.json(okBody(sessions))),
    http.delete(`${API}/organization/user/sessions/:id`, ({ params }) => {
      ended.push(String(params.id));
      sessions = sessions.filter((s) => s.id !== params.id);
      return HttpResponse.json(okBody({ ended: 1 }));
    }),
  );
});

function renderSessions() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <ConfigProvider button={{ autoInsertSpace: false }}>
        <OwnSessions />
      </ConfigProvider>
    </QueryClientProvider>,
  );
}

describe('OwnSessions', () => {
  it('lists one’s sessions, marks this one, and ends another after a confirmation', async () => {
    const user = userEvent.setup();
    renderSessions();
    const list = await screen.findByRole('list', { name: '登录设备' });
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(2));
    const [current, otherOne] = within(list).getAllByRole('listitem');
    expect(current).toHaveTextContent('当前设备');
    expect(within(current!).queryByRole('button')).toBeNull();
    expect(otherOne).toHaveTextContent('Firefox 133 · Linux');
    expect(otherOne).toHaveTextContent('10.0.0.2 · 登录于 2026-11-26 10:00');

    await user.click(
      within(otherOne!).getByRole('button', {
        name: '结束于 2026-11-26 10:00 从 10.0.0.2 登录的会话',
      }),
    );
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('确定结束该会话吗？');
    await user.click(within(dialog).getByRole('button', { name: '结束' }));
    await waitFor(() => expect(toasts.success).toHaveBeenCalledWith({ content: '已结束该会话。' }));
    expect(ended).toEqual(['2'.repeat(64)]);
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(1));
  }, 40_000);

  it('speaks English', async () => {
    await i18n.changeLanguage('en');
    renderSessions();
    const list = await screen.findByRole('list', { name: 'Signed-in devices' });
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(2));
    expect(list).toHaveTextContent('This device');
    expect(
      within(list).getByRole('button', {
        name: 'End the session from 10.0.0.2, signed in 2026-11-26 10:00',
      }),
    ).toBeInTheDocument();
  }, 40_000);
});
