import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { configure, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { registerTexts } from '@/lib/i18n';
import { notificationsTexts } from '@/locales/notifications-texts';
import { API, configureTestApi, testServer } from '@/testing/api-server';
import { okBody } from '@/testing/fixtures';
import { startTestServer } from '@/testing/start-test-server';
import { SendMessageDialog } from './send-message-dialog';

// antd's modal and selects render slowly on a busy machine: wait longer than 1 s.
configure({ asyncUtilTimeout: 15_000 });

let sent: Record<string, unknown>[] = [];
let searches: string[] = [];
const accounts = [
  { id: 'u-2', username: 'ops', name: 'Olga Ops' },
  { id: 'u-3', username: 'olive', name: 'Oliver Stone' },
];

startTestServer('en');
beforeAll(() => registerTexts(notificationsTexts));
beforeEach(() => {
  configureTestApi({ token: 'token-1' });
  sent = [];
  searches = [];
  testServer.use(
    http.get(`${API}/message-sms/messageData/recipients`, () =>
      HttpResponse.json(
        okBody({
          units: [{ id: '4', name: '江北区城市管理局', nameEn: 'Jiangbei bureau' }],
          roles: [{ id: 'r-1', name: '值班员', nameEn: 'Duty officer' }],
        }),
      ),
    ),
    // The accounts are found on the server by the start of a name, and chosen ones by id.
    http.get(`${API}/message-sms/messageData/recipients/users`, ({ request }) => {
      const params = new URL(request.url).searchParams;
      searches.push(params.toString());
      const keyword = (params.get('keyword') ?? '').toLowerCase();
      const ids = params.get('ids')?.split(',') ?? [];
      const list = accounts.filter((account) =>
        ids.length > 0
          ? ids.includes(account.id)
          : account.username.startsWith(keyword) || account.name.toLowerCase().startsWith(keyword),
      );
      return HttpResponse.json(okBody({ list, hasMore: false }));
    }),
    http.post(`${API}/message-sms/messageData/send`, async ({ request }) => {
      const text = await request.text();
      sent.push(
        request.headers.get('content-type')?.includes('json')
          ? (JSON.parse(text) as Record<string, unknown>)
          : Object.fromEntries(new URLSearchParams(text)),
      );
      return HttpResponse.json(okBody({ id: 'm-1', recipients: 3 }));
    }),
  );
});

async function choose(user: ReturnType<typeof userEvent.setup>, field: string, option: string) {
  await user.click(screen.getByRole('combobox', { name: field }));
  // antd's dropdown item carries the option's label as its title.
  await user.click(await screen.findByTitle(option));
}

describe('SendMessageDialog', { timeout: 60_000 }, () => {
  it('sends to the chosen users, units and roles, each picked from its own labelled list', async () => {
    const onClose = vi.fn();
    const user = userEvent.setup();
    render(
      <QueryClientProvider client={new QueryClient()}>
        <SendMessageDialog onClose={onClose} />
      </QueryClientProvider>,
    );
    await user.type(await screen.findByRole('textbox', { name: 'Title' }), 'Road closed');
    await user.type(screen.getByRole('textbox', { name: 'Content' }), 'Main street, until 6 pm');
    await user.type(screen.getByRole('combobox', { name: 'Users' }), 'olg');
    // Found on the server by what was typed, never the whole staff.
    await waitFor(() => expect(screen.queryByTitle('Oliver Stone (olive)')).toBeNull());
    expect(searches).toContain('keyword=olg');
    await user.click(await screen.findByTitle('Olga Ops (ops)'));
    // The chosen one keeps the name it was found with once the search moves on, with no
    // read of it by id.
    await user.type(screen.getByRole('combobox', { name: 'Users' }), 'zz');
    await waitFor(() => expect(searches).toContain('keyword=zz'));
    expect(screen.getAllByTitle('Olga Ops (ops)').length).toBeGreaterThan(0);
    expect(searches.filter((search) => search.startsWith('ids='))).toEqual([]);
    await choose(user, 'Units', 'Jiangbei bureau');
    await choose(user, 'Roles', 'Duty officer');
    await user.click(screen.getByRole('button', { name: 'Send' }));

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      title: 'Road closed',
      content: 'Main street, until 6 pm',
      userIds: 'u-2',
      unitIds: '4',
      roleIds: 'r-1',
    });
  });
});
