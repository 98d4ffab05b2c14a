import { act, configure, render, screen, waitFor } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { i18n, initI18n, registerTexts } from '@/lib/i18n';
import { layoutTexts } from '@/locales/layout-texts';
import { useUserStore } from '@/stores/user-store';
import { userData } from '@/testing/fixtures';
import { PreviousSignInNotice } from './previous-sign-in-notice';

/** A wall-clock time in Asia/Shanghai, the city's default zone the screens show times in. */
const shanghai = (...parts: [number, number, number, number, number]) =>
  new Date(Date.UTC(...parts) - 8 * 3_600_000);

configure({ asyncUtilTimeout: 8_000 });

const at = shanghai(2026, 10, 26, 9, 12).toISOString();

beforeAll(async () => {
  await initI18n('zh-CN');
  registerTexts(layoutTexts);
});
beforeEach(async () => {
  await i18n.changeLanguage('zh-CN');
  useUserStore.getState().resetToken();
  document.body.innerHTML = '';
});

describe('the previous sign-in notice', () => {
  it('tells the time and address once the user info has come, once', async () => {
    useUserStore.getState().signedIn('token-1', 'admin', userData());
    const view = render(<PreviousSignInNotice />);
    expect(useUserStore.getState().signInNoticePending).toBe(true);
    act(() =>
      useUserStore
        .getState()
        .setUserInfo(userData({ previousSignIn: { at, ipAddress: '10.1.2.3' } })),
    );
    expect(await screen.findByText('上次登录：2026-11-26 09:12，IP 10.1.2.3')).toBeInTheDocument();
    expect(useUserStore.getState().signInNoticePending).toBe(false);
    view.unmount();
    document.body.innerHTML = '';
    // A reload, or the shell shown again: no second notice.
    render(<PreviousSignInNotice />);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByText(/上次登录/)).toBeNull();
  });

  it('speaks English', async () => {
    await i18n.changeLanguage('en');
    useUserStore.getState().signedIn('token-1', 'admin', userData());
    useUserStore
      .getState()
      .setUserInfo(userData({ previousSignIn: { at, ipAddress: '10.1.2.3' } }));
    render(<PreviousSignInNotice />);
    expect(
      await screen.findByText('Last sign-in: 2026-11-26 09:12 from 10.1.2.3'),
    ).toBeInTheDocument();
  });

  it('says nothing when there was no previous sign-in', async () => {
    useUserStore.getState().signedIn('token-1', 'admin', userData());
    useUserStore.getState().setUserInfo(userData({ previousSignIn: null }));
    render(<PreviousSignInNotice />);
    await waitFor(() => expect(useUserStore.getState().signInNoticePending).toBe(false));
    expect(screen.queryByText(/上次登录/)).toBeNull();
  });

  it('says nothing for a token handed over in the address', async () => {
    useUserStore.getState().signedIn('token-1', 'admin', null);
    useUserStore.getState().setUserInfo(userData({ previousSignIn: { at, ipAddress: null } }));
    render(<PreviousSignInNotice />);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByText(/上次登录/)).toBeNull();
  });
});
