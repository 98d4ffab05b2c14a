import { configure, render, screen } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureTestApi, testServer } from '@/testing/api-server';
import { failBody, okBody } from '@/testing/fixtures';
import { startTestServer } from '@/testing/start-test-server';
import { SubsystemSignIn } from './subsystem-sign-in';

configure({ asyncUtilTimeout: 15_000 });

startTestServer('zh-CN');

const origin = window.location.origin;
let calls: string[];
const assign = vi.fn();
const signInAgain = vi.fn();

beforeEach(() => {
  configureTestApi();
  calls = [];
  assign.mockReset();
  signInAgain.mockReset();
  vi.stubGlobal('location', { ...window.location, origin, assign });
});
afterEach(() => vi.unstubAllGlobals());

const renderPage = (uid: string | null) =>
  render(
    <MemoryRouter>
      <SubsystemSignIn uid={uid} onSignInAgain={signInAgain} />
    </MemoryRouter>,
  );

describe('the subsystem sign-in page', () => {
  it('completes the sign-in once at the product root and goes back to the provider', async () => {
    configureTestApi({ token: 'session-token' });
    testServer.use(
      http.post(`${origin}/oidc/interaction/:uid/login`, ({ params, request }) => {
        calls.push(`${String(params.uid)} ${request.headers.get('authorization') ?? ''}`);
        return HttpResponse.json(okBody({ redirectTo: `${origin}/oidc/auth/abc` }));
      }),
    );
    renderPage('abc');
    expect(await screen.findByRole('status')).toHaveTextContent('正在登录子系统');
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith(`${origin}/oidc/auth/abc`));
    expect(calls).toEqual(['abc Bearer session-token']);
    expect(calls).toHaveLength(1);
  });

  it('never follows an answer to another origin', async () => {
    testServer.use(
      http.post(`${origin}/oidc/interaction/:uid/login`, () =>
        HttpResponse.json(okBody({ redirectTo: 'https://evil.example/steal' })),
      ),
    );
    renderPage('abc');
    expect(await screen.findByText('未能完成子系统登录，请返回子系统重试。')).toBeInTheDocument();
    expect(assign).not.toHaveBeenCalled();
  });

  it("shows the server's reason when the sign-in expired", async () => {
    testServer.use(
      http.post(`${origin}/oidc/interaction/:uid/login`, () =>
        HttpResponse.json(
          failBody('000404', '本次子系统登录已过期或已完成，请返回子系统重新登录'),
          {
            status: 404,
          },
        ),
      ),
    );
    renderPage('abc');
    expect(
      await screen.findByText('本次子系统登录已过期或已完成，请返回子系统重新登录'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '返回首页' })).toBeInTheDocument();
  });

  it('sends the person to sign in afresh when the subsystem asks for it (prompt=login, max_age)', async () => {
    testServer.use(
      http.post(`${origin}/oidc/interaction/:uid/login`, () =>
        HttpResponse.json(
          {
            ...failBody('040003', '该子系统要求您重新登录后才能进入'),
            data: { signInAgain: true },
          },
          { status: 403 },
        ),
      ),
    );
    renderPage('abc');
    await vi.waitFor(() => expect(signInAgain).toHaveBeenCalledTimes(1));
    expect(assign).not.toHaveBeenCalled();
    expect(screen.queryByText('该子系统要求您重新登录后才能进入')).not.toBeInTheDocument();
  });

  it('says an address without its sign-in is incomplete', async () => {
    renderPage(null);
    expect(await screen.findByText(/访问地址不完整/)).toBeInTheDocument();
  });
});
