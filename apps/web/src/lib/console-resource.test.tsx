import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import type { ReactNode } from 'react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { API, configureTestApi, testServer } from '@/testing/api-server';
import { failBody, okBody } from '@/testing/fixtures';
import { isConflict } from './forms/api-failure';
import { consoleResource } from './console-resource';

interface Thing {
  id: number;
  name: string;
  version: number;
}
interface ThingQuery {
  keyword?: string;
  pageIndex: number;
  pageSize: number;
}

const things = consoleResource<{
  id: number;
  record: Thing;
  list: { list: Thing[]; total: number };
  query: ThingQuery;
  create: { name: string };
  edit: { name: string };
  created: Thing;
  updated: Thing;
}>({
  path: '/test/things',
  itemPath: '/test/things/:id',
  listKey: () => ['test', 'things'],
  itemKey: (id) => ['test', 'thing', id],
  paged: true,
});

let requests: { method: string; url: URL; body: unknown }[] = [];
let toasts: ReturnType<typeof configureTestApi>;

beforeAll(() => testServer.listen({ onUnhandledRequest: 'error' }));
afterAll(() => testServer.close());
afterEach(() => testServer.resetHandlers());
beforeEach(() => {
  toasts = configureTestApi();
  requests = [];
  const record = async (request: Request) => {
    const body =
      request.method === 'GET' || request.method === 'DELETE' ? null : await request.json();
    requests.push({ method: request.method, url: new URL(request.url), body });
  };
  testServer.use(
    http.get(`${API}/test/things`, async ({ request }) => {
      await record(request);
      return HttpResponse.json(okBody({ list: [{ id: 1, name: 'one', version: 3 }], total: 1 }));
    }),
    http.post(`${API}/test/things`, async ({ request }) => {
      await record(request);
      return HttpResponse.json(okBody({ id: 2, name: 'two', version: 1 }));
    }),
    http.put(`${API}/test/things/:id`, async ({ request }) => {
      await record(request);
      return HttpResponse.json(failBody('040009', 'changed meanwhile'), { status: 409 });
    }),
    http.delete(`${API}/test/things/:id`, async ({ request }) => {
      await record(request);
      return HttpResponse.json(okBody(null));
    }),
  );
});

function wrapper() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const Wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  return { queryClient, Wrapper };
}

describe('consoleResource', () => {
  it('reads a page with its search, dropping empty filters, keyed below the list key', async () => {
    const { queryClient, Wrapper } = wrapper();
    const query = { keyword: '', pageIndex: 2, pageSize: 20 };
    const { result } = renderHook(() => things.useList(query), { wrapper: Wrapper });
    await waitFor(() => expect(result.current.data?.total).toBe(1));
    expect(requests[0]!.url.search).toBe('?pageIndex=2&pageSize=20');
    expect(queryClient.getQueryData(['test', 'things', query])).toBeDefined();
  });

  it('creates as JSON, updates with the version read, deletes with it in the query', async () => {
    const { queryClient, Wrapper } = wrapper();
    queryClient.setQueryData(['test', 'things', { pageIndex: 1, pageSize: 20 }], {});
    const { result } = renderHook(
      () => ({
        create: things.useCreate(),
        update: things.useUpdate(),
        remove: things.useDelete(),
      }),
      { wrapper: Wrapper },
    );
    await act(() => result.current.create.mutateAsync({ name: 'two' }));
    expect(requests.at(-1)).toMatchObject({ method: 'POST', body: { name: 'two' } });
    // A write makes every list stale.
    expect(
      queryClient.getQueryState(['test', 'things', { pageIndex: 1, pageSize: 20 }])?.isInvalidated,
    ).toBe(true);

    const refused = await result.current.update
      .mutateAsync({ id: 1, version: 3, input: { name: 'uno' } })
      .catch((error: unknown) => error);
    expect(requests.at(-1)).toMatchObject({ method: 'PUT', body: { name: 'uno', version: 3 } });
    expect(requests.at(-1)!.url.pathname).toBe('/api/test/things/1');
    // Silent: the dialog shows the conflict, the HTTP client does not.
    expect(isConflict(refused)).toBe(true);
    expect(toasts.error).not.toHaveBeenCalled();

    await act(() => result.current.remove.mutateAsync({ id: 1, version: 4 }));
    expect(requests.at(-1)!.method).toBe('DELETE');
    expect(requests.at(-1)!.url.searchParams.get('version')).toBe('4');
  });

  it('keys one record by its item key', () => {
    expect(things.itemQuery(5).queryKey).toEqual(['test', 'thing', 5]);
    expect(things.keys.list({ pageIndex: 1, pageSize: 20 })).toEqual([
      'test',
      'things',
      { pageIndex: 1, pageSize: 20 },
    ]);
  });
});
