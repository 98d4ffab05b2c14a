import type { SentMessage } from '@cityops/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { configure, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { useUserStore } from '@/stores/user-store';
import { API, configureTestApi, testServer } from '@/testing/api-server';
import { failBody, okBody, userData } from '@/testing/fixtures';
import { startTestServer } from '@/testing/start-test-server';
import { MessagesPage } from './messages-page';

configure({ asyncUtilTimeout: 15_000 });

function sentMessage(id: number, patch: Partial<SentMessage> = {}): SentMessage {
  return {
    id: String(id),
    title: `Notice ${id}`,
    content: `Content ${id}`,
    type: 'text',
    senderName: 'Administrator',
    sentTime: '2026-11-20T08:00:00.000Z',
    recipients: 10,
    read: 3,
    withdrawnTime: null,
    withdrawn: 0,
    ...patch,
  };
}

let messages: SentMessage[] = [];
let listQueries: URLSearchParams[] = [];
let withdrawn: string[] = [];
let toasts: ReturnType<typeof configureTestApi>;

startTestServer('en');
beforeEach(() => {
  toasts = configureTestApi({ token: 'token-1' });
  messages = Array.from({ length: 12 }, (_, index) => sentMessage(12 - index));
  messages[1] = sentMessage(11, { read: 10 });
  messages[2] = sentMessage(10, {
    withdrawnTime: '2026-11-21T08:00:00.000Z',
    withdrawn: 4,
    recipients: 6,
  });
  listQueries = [];
  withdrawn = [];
  testServer.use(
    http.get(`${API}/system/messages`, ({ request }) => {
      const query = new URL(request.url).searchParams;
      listQueries.push(query);
      const pageIndex = Number(query.get('pageIndex'));
      const keyword = query.get('keyword') ?? '';
      const matching = messages.filter((message) => message.title.includes(keyword));
      return HttpResponse.json(
        okBody({
          pageIndex,
          pageSize: 10,
          pages: Math.ceil(matching.length / 10),
          total: matching.length,
          rows: matching.slice((pageIndex - 1) * 10, pageIndex * 10),
        }),
      );
    }),
    http.get(`${API}/system/messages/:id/recipients`, () =>
      HttpResponse.json(
        okBody({
          pageIndex: 1,
          pageSize: 10,
          pages: 1,
          total: 2,
          rows: [
            {
              userId: '7',
              username: 'jb_officer',
              name: 'Sun Lei',
              unitName: '江北区城市管理局',
              unitNameEn: 'Jiangbei bureau',
              read: false,
              readTime: null,
            },
            {
              userId: '2',
              username: 'operator',
              name: 'Operator',
              unitName: null,
              unitNameEn: null,
              read: true,
              readTime: '2026-11-20T09:00:00.000Z',
            },
          ],
        }),
      ),
    ),
    http.post(`${API}/system/messages/:id/withdraw`, ({ params }) => {
      if (params.id === '9') {
        return HttpResponse.json(failBody('040009', 'This message has already been withdrawn'), {
          status: 409,
        });
      }
      withdrawn.push(String(params.id));
      return HttpResponse.json(okBody({ withdrawn: 7, kept: 3 }));
    }),
  );
});

function renderPage(permissions = ['system:message:send']) {
  useUserStore.getState().signedIn('token-1', 'admin', userData({ permissions }));
  const user = userEvent.setup();
  render(
    <QueryClientProvider
      client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}
    >
      <MessagesPage />
    </QueryClientProvider>,
  );
  return user;
}

describe('the messages page', { timeout: 60_000 }, () => {
  it('lists the sent messages with their reads, paged and searchable', async () => {
    const user = renderPage();
    const table = await screen.findByRole('table', { name: 'Sent messages' });
    await within(table).findByText('Notice 12');
    expect(within(table).getAllByText('3 of 10').length).toBeGreaterThan(0);
    expect(within(table).getByText('Withdrawn')).toBeInTheDocument();
    expect(within(table).getByText('withdrawn from 4 unread inboxes')).toBeInTheDocument();
    // Read by everyone, or withdrawn: nothing to withdraw.
    expect(screen.queryByRole('button', { name: 'Withdraw Notice 11' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Withdraw Notice 10' })).toBeNull();
    expect(screen.getByText('12 messages')).toBeInTheDocument();

    await user.click(screen.getByRole('listitem', { name: '2' }));
    await within(table).findByText('Notice 2');
    expect(listQueries.at(-1)?.get('pageIndex')).toBe('2');

    await user.type(screen.getByRole('textbox', { name: 'Keyword' }), 'Notice 1');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(listQueries.at(-1)?.get('keyword')).toBe('Notice 1'));
    expect(listQueries.at(-1)?.get('pageIndex')).toBe('1');
  });

  it('shows who received a message and who has read it', async () => {
    const user = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Recipients of Notice 12' }));
    const drawer = await screen.findByRole('dialog');
    const recipients = await within(drawer).findByRole('table', { name: 'Recipients' });
    await within(recipients).findByText('Sun Lei');
    expect(within(recipients).getByText('Not read')).toBeInTheDocument();
    expect(within(recipients).getByText(/^Read /)).toBeInTheDocument();
    expect(within(recipients).getByText('Jiangbei bureau')).toBeInTheDocument();
  });

  it('withdraws after asking, and says from how many inboxes', async () => {
    const user = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Withdraw Notice 12' }));
    const confirm = await screen.findByRole('dialog');
    expect(confirm).toHaveTextContent('the 7 recipients who have not read it');
    await user.click(within(confirm).getByRole('button', { name: 'Withdraw' }));
    await waitFor(() => expect(withdrawn).toEqual(['12']));
    await waitFor(() =>
      expect(toasts.success).toHaveBeenCalledWith({ content: 'Withdrawn from 7 inboxes.' }),
    );
  });

  it('shows a notice to a user who may not send messages', async () => {
    renderPage(['system:user:read']);
    expect(await screen.findByRole('alert')).toHaveTextContent('You may not send messages.');
    expect(screen.queryByRole('table')).toBeNull();
  });
});
