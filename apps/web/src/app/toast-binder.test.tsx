import { act, configure, render, screen, waitFor } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { api } from '@/lib/http/api';
import { API, configureTestApi, testServer } from '@/testing/api-server';
import { failBody } from '@/testing/fixtures';
import { startTestServer } from '@/testing/start-test-server';
import { AppProvider } from './provider';

configure({ asyncUtilTimeout: 15_000 });

startTestServer('en');

const notices = () => document.querySelectorAll('.ant-message-notice');

describe('error toasts through antd message', () => {
  it('shows only one error toast at a time: the newest replaces the one showing', async () => {
    configureTestApi({ realToasts: true });
    testServer.use(
      http.get(`${API}/first`, () => HttpResponse.json(failBody('040004', 'first failure'))),
      http.get(`${API}/second`, () => HttpResponse.json(failBody('040004', 'second failure'))),
      http.get(`${API}/third`, () => new HttpResponse(null, { status: 502 })),
    );
    render(
      <AppProvider>
        <p>page</p>
      </AppProvider>,
    );

    await act(() => api.get('/first').catch(() => undefined));
    expect(await screen.findByText('first failure')).toBeInTheDocument();

    await act(() => api.get('/second').catch(() => undefined));
    await screen.findByText('second failure');
    await waitFor(() => expect(screen.queryByText('first failure')).not.toBeInTheDocument());
    expect(notices()).toHaveLength(1);

    await act(() => api.get('/third').catch(() => undefined));
    await screen.findByText('Server exception');
    expect(screen.queryByText('second failure')).not.toBeInTheDocument();
    expect(notices()).toHaveLength(1);
  });
});
