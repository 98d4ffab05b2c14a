import { WEB_CLIENT_ID, WEB_CLIENT_SECRET } from '@cityops/contract';
import { configure, render, screen, waitFor } from '@testing-library/react';
import { message } from 'antd';
import { type ReactNode, useEffect } from 'react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { bindToastApi } from '@/lib/toast';
import { getToken } from '@/lib/token';
import { useAppStore } from '@/stores/app-store';
import { useUserStore } from '@/stores/user-store';
import { API, authHandlers, configureTestApi, testServer } from '@/testing/api-server';
import { okBody, userData } from '@/testing/fixtures';
import { HttpResponse, http } from 'msw';
import { startTestServer } from '@/testing/start-test-server';
import { LoginForm } from './login-form';

// antd renders slowly on a busy machine: wait longer than 1 s.
configure({ asyncUtilTimeout: 15_000 });

startTestServer('en');
beforeEach(() => {
  useUserStore.getState().resetToken();
  useAppStore.getState().resetSystem();
});

/** antd's message, bound as the app binds it (a feature may not import the app layer). */
function Toasts({ children }: { children: ReactNode }) {
  const [api, holder] = message.useMessage();
  useEffect(() => {
    bindToastApi({ error: api.error, success: api.success, warning: api.warning });
    return () => bindToastApi(null);
  }, [api]);
  return (
    <>
      {holder}
      {children}
    </>
  );
}

function renderForm(onSuccess = vi.fn()) {
  render(
    <Toasts>
      <LoginForm onSuccess={onSuccess} />
    </Toasts>,
  );
  return onSuccess;
}

async function fill(account: string, password: string) {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('Username'), account);
  await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Log in' }));
}

describe('LoginForm', { timeout: 60_000 }, () => {
  it('asks an account with a second factor for its code after the password, then signs in', async () => {
    configureTestApi();
    const auth = await authHandlers();
    const steps: { ticket: string; code: string }[] = [];
    testServer.use(
      http.post(`${API}/authorization-server/oauth/token`, () =>
        HttpResponse.json(
          {
            code: '040107',
            boolSuccess: false,
            msg: 'Enter the code',
            data: { ticket: 't'.repeat(32) },
          },
          { status: 401 },
        ),
      ),
      http.post(`${API}/authorization-server/oauth/second-factor`, async ({ request }) => {
        // Sent as the token call is: form-urlencoded, with the web client's credentials.
        const form = new URLSearchParams(await request.text());
        expect(request.headers.get('authorization')).toMatch(/^Basic /);
        const body = { ticket: form.get('ticket') ?? '', code: form.get('code') ?? '' };
        steps.push(body);
        if (body.code !== '123456') {
          return HttpResponse.json(
            { code: '040108', boolSuccess: false, msg: 'The code is wrong', data: null },
            { status: 400 },
          );
        }
        return HttpResponse.json(
          okBody({
            ...userData(),
            access_token: 'token-2fa',
            token_type: 'bearer',
            expires_in: 8640,
            scope: 'read',
          }),
        );
      }),
      ...auth.handlers.filter((handler) => !String(handler.info.path).endsWith('/oauth/token')),
    );
    const onSuccess = renderForm();
    await fill('admin', 'Admin@2026');
    const code = await screen.findByLabelText('Verification code');
    await waitFor(() => expect(code).toHaveFocus());
    expect(getToken()).toBeFalsy();
    const user = userEvent.setup();
    await user.type(code, '000000');
    await user.click(screen.getByRole('button', { name: /Verify and sign in/ }));
    await waitFor(() => expect(steps).toHaveLength(1));
    expect(onSuccess).not.toHaveBeenCalled();
    await user.type(screen.getByLabelText('Verification code'), '123 456');
    await user.click(screen.getByRole('button', { name: /Verify and sign in/ }));
    await waitFor(() => expect(onSuccess).toHaveBeenCalledTimes(1));
    expect(steps.at(-1)).toEqual({ ticket: 't'.repeat(32), code: '123456' });
    expect(getToken()).toBe('token-2fa');
  });

  it('signs in with the trimmed account, the encrypted password, scope read and appId PC', async () => {
    configureTestApi();
    const auth = await authHandlers();
    testServer.use(...auth.handlers);
    const onSuccess = renderForm();

    await fill('  admin  ', 'Admin@2026');

    await waitFor(() => expect(onSuccess).toHaveBeenCalledTimes(1));
    expect(auth.tokenCalls).toEqual([
      {
        username: 'admin',
        password: 'Admin@2026',
        scope: 'read',
        appId: 'PC',
        authorization: `Basic ${btoa(`${WEB_CLIENT_ID}:${WEB_CLIENT_SECRET}`)}`,
      },
    ]);
    expect(auth.userInfoCalls).toEqual(['admin']);
    expect(getToken()).toBe('token-admin');
    expect(useUserStore.getState().username).toBe('admin');
  });

  it('encrypts the password with SM2 when the key answer names it (国密 profile)', async () => {
    configureTestApi();
    const auth = await authHandlers({ algorithm: 'SM2' });
    testServer.use(...auth.handlers);
    const onSuccess = renderForm();

    await fill('admin', 'Admin@2026');

    await waitFor(() => expect(onSuccess).toHaveBeenCalledTimes(1));
    // What sm-crypto-v2's doEncrypt(password, key, 1) gives: C1 (64 bytes), C3 (32), C2, in hex.
    expect(auth.ciphers).toHaveLength(1);
    expect(auth.ciphers[0]).toMatch(/^[0-9a-f]+$/);
    expect(auth.ciphers[0]).toHaveLength((64 + 32 + 'Admin@2026'.length) * 2);
    expect(auth.tokenCalls.map((call) => call.password)).toEqual(['Admin@2026']);
  });

  it('shows the loading state while the call runs and ends it afterwards', async () => {
    configureTestApi();
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const auth = await authHandlers({ pause: () => held });
    testServer.use(...auth.handlers);
    const onSuccess = renderForm();

    await fill('admin', 'Admin@2026');

    await waitFor(() => expect(auth.tokenCalls).toHaveLength(1));
    const form = document.querySelector('form[name="login"]')!;
    expect(form).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByLabelText('Username')).toBeDisabled();
    expect(screen.getByLabelText('Password')).toBeDisabled();
    expect(screen.getByRole('button', { name: /Log in/ })).toHaveClass('ant-btn-loading');

    release();
    await waitFor(() => expect(onSuccess).toHaveBeenCalled());
    expect(form).toHaveAttribute('aria-busy', 'false');
    expect(screen.getByLabelText('Username')).toBeEnabled();
  });

  it('shows the server message for a wrong password and keeps the user signed out', async () => {
    configureTestApi({ realToasts: true });
    const auth = await authHandlers();
    testServer.use(...auth.handlers);
    const onSuccess = renderForm();

    await fill('admin', 'wrong-password');

    expect(await screen.findByText('Incorrect username or password')).toBeInTheDocument();
    expect(onSuccess).not.toHaveBeenCalled();
    expect(getToken()).toBeNull();
    expect(useAppStore.getState().errorText).toBe('Incorrect username or password');
    expect(document.querySelector('form[name="login"]')).toHaveAttribute('aria-busy', 'false');
    expect(screen.getByLabelText('Username')).toBeEnabled();
  });

  it('asks for the account and the password before calling the server', async () => {
    configureTestApi();
    const auth = await authHandlers();
    testServer.use(...auth.handlers);
    const onSuccess = renderForm();
    const user = userEvent.setup();

    await user.type(screen.getByLabelText('Username'), '   ');
    await user.click(screen.getByRole('button', { name: 'Log in' }));

    // The field is labelled with the word its message uses.
    expect(await screen.findByText('Username cannot be empty!')).toBeInTheDocument();
    expect(screen.getByText('Please enter password')).toBeInTheDocument();
    expect(screen.getByLabelText('Username')).toHaveFocus();
    expect(auth.tokenCalls).toHaveLength(0);
    expect(onSuccess).not.toHaveBeenCalled();
  });

  /** Answers every token call with this envelope. */
  function refuseWith(status: number, body: object) {
    return http.post(`${API}/authorization-server/oauth/token`, () =>
      HttpResponse.json({ boolSuccess: false, ...body }, { status }),
    );
  }

  it('opens the second step without an error toast after a right password', async () => {
    configureTestApi({ realToasts: true });
    const auth = await authHandlers();
    testServer.use(
      refuseWith(401, { code: '040107', msg: 'Enter the code', data: { ticket: 't'.repeat(32) } }),
      ...auth.handlers.filter((handler) => !String(handler.info.path).endsWith('/oauth/token')),
    );
    renderForm();
    await fill('admin', 'Admin@2026');
    expect(await screen.findByRole('button', { name: /Verify and sign in/ })).toBeInTheDocument();
    expect(screen.queryByText('Enter the code')).toBeNull();
  });

  it('warns of the tries left before the lock, and says how long a lock lasts and whom to ask', async () => {
    configureTestApi();
    const auth = await authHandlers();
    testServer.use(
      refuseWith(400, {
        code: '040002',
        msg: 'Incorrect username or password',
        data: { captchaRequired: false, attemptsLeft: 2, lockMinutes: 15 },
      }),
      ...auth.handlers,
    );
    renderForm();
    await fill('operator', 'wrong-password');
    expect(
      await screen.findByText(
        'Wrong password. 2 more wrong tries lock the account for 15 minutes.',
      ),
    ).toHaveAttribute('role', 'alert');

    testServer.use(
      refuseWith(423, {
        code: '040103',
        msg: 'This account is locked, please try again later',
        data: { minutes: 12, captchaRequired: true },
      }),
    );
    await userEvent.setup().click(await screen.findByRole('button', { name: /Log in/ }));
    expect(
      await screen.findByText(
        'This account is locked for 12 more minutes. To unlock it sooner, ask your security administrator.',
      ),
    ).toBeInTheDocument();
  });

  it('asks for the captcha at once after a reload when the last try made it due', async () => {
    configureTestApi();
    const auth = await authHandlers();
    testServer.use(...auth.handlers);
    sessionStorage.setItem('captchaDue', '1');
    renderForm();
    expect(await screen.findByLabelText('Verification code')).toBeInTheDocument();
    sessionStorage.removeItem('captchaDue');
  });

  it('lets a try go without a remembered captcha, so an unlock takes effect in an open tab', async () => {
    configureTestApi();
    const auth = await authHandlers();
    const sent: (string | null)[] = [];
    // The first try: the account is still locked to captchas; the second: it was unlocked.
    let unlocked = false;
    testServer.use(
      http.post(`${API}/authorization-server/oauth/token`, async ({ request }) => {
        sent.push(new URLSearchParams(await request.clone().text()).get('captchaCode'));
        if (!unlocked) {
          return HttpResponse.json(
            {
              boolSuccess: false,
              code: '040101',
              msg: 'Please enter the captcha',
              data: { captchaRequired: true },
            },
            { status: 400 },
          );
        }
        return undefined;
      }),
      ...auth.handlers,
    );
    sessionStorage.setItem('captchaDue', '1');
    const onSuccess = renderForm();
    expect(await screen.findByLabelText('Verification code')).toBeInTheDocument();

    await fill('admin', 'Admin@2026');
    // Sent without a captcha; the server's answer asks for it beside its field.
    await waitFor(() => expect(sent).toEqual([null]));
    expect(await screen.findByText('Please enter the verification code')).toBeInTheDocument();
    expect(onSuccess).not.toHaveBeenCalled();

    unlocked = true;
    await userEvent.setup().click(screen.getByRole('button', { name: /Log in/ }));
    await waitFor(() => expect(onSuccess).toHaveBeenCalled());
    expect(sent).toEqual([null, null]);
    expect(sessionStorage.getItem('captchaDue')).toBeNull();
  });

  it('drops the remembered captcha when the server says none is due', async () => {
    configureTestApi();
    const auth = await authHandlers();
    testServer.use(
      refuseWith(400, {
        code: '040002',
        msg: 'Incorrect username or password',
        data: { captchaRequired: false, attemptsLeft: 4, lockMinutes: 15 },
      }),
      ...auth.handlers,
    );
    sessionStorage.setItem('captchaDue', '1');
    renderForm();
    expect(await screen.findByLabelText('Verification code')).toBeInTheDocument();
    await fill('operator', 'wrong-password');
    await waitFor(() => expect(screen.queryByLabelText('Verification code')).toBeNull());
    expect(sessionStorage.getItem('captchaDue')).toBeNull();
  });
});
