import {
  FRAME_TOKEN_ANSWER,
  FRAME_TOKEN_REFUSED,
  FRAME_TOKEN_REQUEST,
  type FrameToken,
  type MenuEntry,
} from '@cityops/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, delay, http } from 'msw';
import type { ReactElement } from 'react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n, registerTexts } from '@/lib/i18n';
import { layoutTexts } from '@/locales/layout-texts';
import { setRuntimeConfig } from '@/lib/runtime-config';
import { saveToken } from '@/lib/token';
import { useAppStore } from '@/stores/app-store';
import { useUserStore } from '@/stores/user-store';
import { API, configureTestApi, testServer } from '@/testing/api-server';
import { failBody, okBody } from '@/testing/fixtures';
import { OTHER_ORIGIN_SANDBOX } from '../lib/frame-source';
import { EmbeddedFrame } from './embedded-frame';

const SESSION = 'secret-token-1234';
const OWN = window.location.origin;

function entry(url: string, query: Record<string, string> = {}, id = '9'): MenuEntry {
  return {
    code: 'hotline',
    name: '热线',
    nameEn: 'Hotline',
    icon: null,
    hasTwo: false,
    sysModelVos: [],
    children: [],
    sysModels: { id, url, query, integrated: false },
  };
}

/** The frame token endpoint: what it answers next, and the bodies it was asked with. */
let answers: (FrameToken | 'refused' | 'broken')[] = [];
let asked: unknown[] = [];
const issued = (origin: string, token: string): FrameToken => ({
  token,
  origin,
  clientId: 'demo-subsystem',
  expiresIn: 300,
});

/** Renders with a query client of its own; `rerender` keeps that client. */
function renderFrame(element: ReactElement) {
  const client = new QueryClient();
  const view = render(<QueryClientProvider client={client}>{element}</QueryClientProvider>);
  return {
    ...view,
    rerender: (next: ReactElement) =>
      view.rerender(<QueryClientProvider client={client}>{next}</QueryClientProvider>),
  };
}

function srcOf(title: string): URL {
  return new URL(screen.getByTitle(title).getAttribute('src')!);
}

beforeAll(async () => {
  testServer.listen({ onUnhandledRequest: 'error' });
  await initI18n('zh-CN');
  registerTexts(layoutTexts);
});
afterAll(() => testServer.close());
afterEach(() => testServer.resetHandlers());

beforeEach(() => {
  configureTestApi();
  answers = [];
  asked = [];
  testServer.use(
    http.post(`${API}/subsystems/frame-token`, async ({ request }) => {
      asked.push(await request.json());
      await delay(20);
      const next = answers.shift() ?? 'broken';
      if (next === 'refused') {
        return HttpResponse.json(failBody('040005', '登录已失效'), { status: 401 });
      }
      if (next === 'broken')
        return HttpResponse.json(failBody('050000', '服务异常'), { status: 500 });
      return HttpResponse.json(okBody(next));
    }),
  );
  useAppStore.setState({ menuList: [] });
  saveToken(SESSION);
  useUserStore.setState({
    username: 'operator',
    userData: {
      username: 'operator',
      id: '12',
      userId: '12',
      roleIds: ['staff', 'editor'],
      permissions: [],
      name: 'Operator',
      mobile: '',
      organizationId: null,
      departmentId: null,
      headImage: null,
    },
  });
});

describe('EmbeddedFrame', () => {
  it('opens a page of the product with the session token and the entry query, asking nothing', () => {
    renderFrame(
      <EmbeddedFrame
        entry={entry('/business_guide/table', { tab: 'laws' })}
        title="Guide"
        visible
      />,
    );
    const src = srcOf('Guide');
    expect(src.origin).toBe(OWN);
    expect(Object.fromEntries(src.searchParams)).toEqual({
      tab: 'laws',
      token: SESSION,
      user: 'operator',
      id: '12',
      roleIds: 'staff,editor',
      embed: 'true',
    });
    expect(screen.getByTitle('Guide')).not.toHaveAttribute('sandbox');
    expect(screen.getByTitle('Guide')).toHaveAttribute('referrerpolicy', 'no-referrer');
    expect(asked).toEqual([]);
  });

  it('gives a file of the product its subsystem token, waiting for it, never the session token', async () => {
    answers = [issued(OWN, 'eyJhbGciOiJFUzI1NiJ9.subsystem.sig')];
    renderFrame(
      <EmbeddedFrame
        entry={entry('/demo-subsystem.html', { system: 'hotline' })}
        title="Hotline"
        visible
      />,
    );
    expect(screen.getByRole('status')).toHaveTextContent('正在打开“Hotline”…');
    expect(screen.queryByTitle('Hotline')).toBeNull();
    const frame = await screen.findByTitle('Hotline');
    expect(screen.queryByRole('status')).toBeNull();
    expect(asked).toEqual([{ menuId: 9 }]);
    const src = new URL(frame.getAttribute('src')!);
    expect(src.pathname).toBe('/demo-subsystem.html');
    expect(Object.fromEntries(src.searchParams)).toEqual({
      system: 'hotline',
      token: 'eyJhbGciOiJFUzI1NiJ9.subsystem.sig',
      user: 'operator',
      id: '12',
      roleIds: 'staff,editor',
      embed: 'true',
    });
    expect(frame.getAttribute('src')).not.toContain(SESSION);
  });

  it('gives a registered site its token, sandboxed to what it needs', async () => {
    answers = [issued('https://gis.example.org', 'gis-token')];
    renderFrame(<EmbeddedFrame entry={entry('https://gis.example.org/app')} title="GIS" visible />);
    const frame = await screen.findByTitle('GIS');
    expect(frame).toHaveAttribute('sandbox', OTHER_ORIGIN_SANDBOX);
    expect(frame.getAttribute('sandbox')).not.toContain('allow-top-navigation');
    expect(srcOf('GIS').searchParams.get('token')).toBe('gis-token');
    expect(srcOf('GIS').searchParams.get('embed')).toBe('true');
  });

  it.each([
    ['a token for another origin', () => issued('https://other.example.org', 'other-token')],
    [
      'no token (no registered subsystem)',
      () => ({ ...issued(OWN, 'x'), token: null, origin: null }),
    ],
    ['a failure', () => 'broken' as const],
  ])('gives a site no token and nothing of the user on %s', async (_name, answer) => {
    answers = [answer()];
    renderFrame(
      <EmbeddedFrame
        entry={entry('https://gis.example.org/app?user=x', { layer: 'roads' })}
        title="GIS"
        visible
      />,
    );
    const frame = await screen.findByTitle('GIS');
    const src = new URL(frame.getAttribute('src')!);
    expect(Object.fromEntries(src.searchParams)).toEqual({ layer: 'roads', embed: 'true' });
    expect(frame.getAttribute('src')).not.toContain(SESSION);
  });

  it('gives the session token to no site, even one named in config.json', async () => {
    setRuntimeConfig({ subsystemOrigins: ['https://gis.example.org'] });
    answers = [{ token: null, origin: null, clientId: null, expiresIn: 0 }];
    renderFrame(<EmbeddedFrame entry={entry('https://gis.example.org/app')} title="GIS" visible />);
    const src = (await screen.findByTitle('GIS')).getAttribute('src')!;
    expect(src).not.toContain(SESSION);
    expect(new URL(src).searchParams.get('token')).toBeNull();
    setRuntimeConfig({ subsystemOrigins: [] });
  });

  it('asks nothing for an address without a menu entry id (a message link) and gives it nothing', () => {
    renderFrame(
      <EmbeddedFrame entry={entry('/\\evil.example/page', {}, '')} title="Evil" visible />,
    );
    const src = srcOf('Evil');
    expect(src.host).toBe('evil.example');
    expect(src.searchParams.get('token')).toBeNull();
    expect(src.searchParams.get('user')).toBeNull();
    expect(asked).toEqual([]);
  });

  it('leaves the frame empty when the url is empty', () => {
    renderFrame(<EmbeddedFrame entry={entry('')} title="Empty" visible />);
    expect(screen.getByTitle('Empty')).not.toHaveAttribute('src');
    expect(asked).toEqual([]);
  });

  it('is hidden, not removed, while its tab is not showing, and keeps its address', async () => {
    answers = [issued(OWN, 'a-token')];
    const { rerender } = renderFrame(<EmbeddedFrame entry={entry('/a.html')} title="A" visible />);
    const frame = await screen.findByTitle('A');
    rerender(<EmbeddedFrame entry={entry('/a.html')} title="A" visible={false} />);
    expect(screen.getByTitle('A')).toBe(frame);
    expect(frame).not.toBeVisible();
    // A new object for the same entry (a refetched menu) keeps the same address, asking nothing.
    const src = frame.getAttribute('src');
    rerender(<EmbeddedFrame entry={{ ...entry('/a.html') }} title="A" visible />);
    expect(screen.getByTitle('A').getAttribute('src')).toBe(src);
    expect(asked).toHaveLength(1);
  });

  it('says when a page cannot load, offers it in a new window, and reloads with a new token', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    const site = 'https://unreachable.example.gov.cn';
    answers = [issued(site, 'first-token'), issued(site, 'second-token')];
    renderFrame(
      <EmbeddedFrame entry={entry(`${site}/app`)} title="热线" visible loadTimeoutMs={50} />,
    );
    // jsdom loads no other site: the frame stays silent, as a refused or unreachable one does.
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('“热线”未能在此处显示');
    await userEvent.click(screen.getByRole('button', { name: '在新窗口打开' }));
    expect(open).toHaveBeenCalledWith(
      expect.stringContaining(`${site}/app`),
      '_blank',
      'noopener,noreferrer',
    );
    open.mockRestore();
    await userEvent.click(screen.getByRole('button', { name: '重新加载' }));
    await waitFor(() => expect(srcOf('热线').searchParams.get('token')).toBe('second-token'));
    expect(asked).toHaveLength(2);
  });
});

describe('EmbeddedFrame token refresh by message', () => {
  const SITE = 'https://gis.example.org';

  /** Opens a registered site's frame; its window's postMessage is recorded. */
  async function openSite() {
    answers = [issued(SITE, 'first-token')];
    renderFrame(<EmbeddedFrame entry={entry(`${SITE}/app`)} title="GIS" visible />);
    const frame = (await screen.findByTitle('GIS')) as HTMLIFrameElement;
    const frameWindow = frame.contentWindow!;
    const posted = vi.spyOn(frameWindow, 'postMessage').mockImplementation(() => undefined);
    return { frameWindow, posted };
  }

  function send(source: Window | null, origin: string, data: unknown) {
    act(() => {
      window.dispatchEvent(new MessageEvent('message', { source, origin, data }));
    });
  }

  it('answers its frame with a new token, to the registered origin only', async () => {
    const { frameWindow, posted } = await openSite();
    answers = [issued(SITE, 'second-token')];
    send(frameWindow, SITE, { type: FRAME_TOKEN_REQUEST });
    await waitFor(() => expect(posted).toHaveBeenCalledTimes(1));
    expect(posted).toHaveBeenCalledWith(
      { type: FRAME_TOKEN_ANSWER, token: 'second-token', expiresIn: 300 },
      SITE,
    );
    expect(asked).toEqual([{ menuId: 9 }, { menuId: 9 }]);
    // The frame is not reloaded: its address keeps the first token.
    expect(srcOf('GIS').searchParams.get('token')).toBe('first-token');
  });

  it('says refused when the session has ended', async () => {
    const { frameWindow, posted } = await openSite();
    answers = ['refused'];
    send(frameWindow, SITE, { type: FRAME_TOKEN_REQUEST });
    await waitFor(() => expect(posted).toHaveBeenCalledTimes(1));
    expect(posted).toHaveBeenCalledWith({ type: FRAME_TOKEN_REFUSED }, SITE);
  });

  it('says refused when the endpoint no longer gives that origin a token', async () => {
    const { frameWindow, posted } = await openSite();
    answers = [issued('https://elsewhere.example.org', 'moved-token')];
    send(frameWindow, SITE, { type: FRAME_TOKEN_REQUEST });
    await waitFor(() => expect(posted).toHaveBeenCalledTimes(1));
    expect(posted).toHaveBeenCalledWith({ type: FRAME_TOKEN_REFUSED }, SITE);
    expect(JSON.stringify(posted.mock.calls)).not.toContain('moved-token');
  });

  it.each([
    ['another window', (): Window | null => window, SITE, { type: FRAME_TOKEN_REQUEST }],
    ['no window', (): Window | null => null, SITE, { type: FRAME_TOKEN_REQUEST }],
    ['another origin', undefined, 'https://evil.example', { type: FRAME_TOKEN_REQUEST }],
    ['the product origin', undefined, OWN, { type: FRAME_TOKEN_REQUEST }],
    ['a foreign type', undefined, SITE, { type: 'cityops:open-link', url: '/amap' }],
    ['a bare type string', undefined, SITE, FRAME_TOKEN_REQUEST],
    ['no data', undefined, SITE, null],
  ] as const)('ignores a request from %s', async (_name, source, origin, data) => {
    const { frameWindow, posted } = await openSite();
    answers = [issued(SITE, 'second-token')];
    send(source ? source() : frameWindow, origin, data);
    await new Promise((resolve) => setTimeout(resolve, 80));
    expect(posted).not.toHaveBeenCalled();
    expect(asked).toHaveLength(1);
  });

  it('hears nothing for a frame given no token', async () => {
    answers = [{ token: null, origin: null, clientId: null, expiresIn: 0 }];
    renderFrame(<EmbeddedFrame entry={entry(`${SITE}/app`)} title="GIS" visible />);
    const frame = (await screen.findByTitle('GIS')) as HTMLIFrameElement;
    const posted = vi
      .spyOn(frame.contentWindow!, 'postMessage')
      .mockImplementation(() => undefined);
    send(frame.contentWindow, SITE, { type: FRAME_TOKEN_REQUEST });
    await new Promise((resolve) => setTimeout(resolve, 80));
    expect(posted).not.toHaveBeenCalled();
    expect(asked).toHaveLength(1);
  });
});
