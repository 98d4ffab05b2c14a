import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { userData } from '@/testing/fixtures';

async function loadStore() {
  vi.resetModules();
  const { useUserStore } = await import('./user-store');
  return useUserStore;
}

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});
afterEach(() => {
  vi.useRealTimers();
  vi.resetModules();
});

describe('user state', () => {
  it('sign-in stores the token (cookie and local storage), username and userData', async () => {
    const store = await loadStore();
    const user = userData({ roleIds: ['staff'] });
    store.getState().signedIn('tok-1', 'admin', user);

    expect(document.cookie).toContain('token=tok-1');
    expect(localStorage.getItem('token')).toBe('tok-1');
    expect(localStorage.getItem('username')).toBe('admin');
    expect(JSON.parse(localStorage.getItem('userData') ?? 'null')).toEqual(user);
    expect(store.getState()).toMatchObject({ token: 'tok-1', username: 'admin', roles: ['staff'] });
  });

  it('persists the user state in session storage without the token, and restores it', async () => {
    let store = await loadStore();
    store.getState().signedIn('tok-2', 'operator', userData({ username: 'operator' }));
    store.getState().setQrCodeLogin(true);

    const raw = sessionStorage.getItem('userState') ?? '';
    expect(JSON.parse(raw).state).toMatchObject({ username: 'operator', qrCodeLogin: true });
    expect(raw).not.toContain('tok-2');

    store = await loadStore();
    expect(store.getState()).toMatchObject({
      token: 'tok-2',
      username: 'operator',
      qrCodeLogin: true,
      userData: { username: 'operator' },
    });
  });

  it('the token cookie lives 0.1 day (2.4 hours)', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-03-01T08:00:00Z'));
    const store = await loadStore();
    store.getState().signedIn('tok-3', 'admin', null);

    vi.setSystemTime(new Date('2026-03-01T10:23:00Z'));
    expect(document.cookie).toContain('token=tok-3');
    vi.setSystemTime(new Date('2026-03-01T10:25:00Z'));
    expect(document.cookie).not.toContain('token=tok-3');
  });

  it('reset forgets the token everywhere and the user', async () => {
    const store = await loadStore();
    store.getState().signedIn('tok-4', 'admin', userData());
    store.getState().resetToken();

    expect(document.cookie).not.toContain('token=');
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('userData')).toBeNull();
    expect(store.getState()).toMatchObject({
      token: null,
      username: '',
      userData: null,
      roles: [],
    });
  });

  it('user info replaces the user data and the roles', async () => {
    const store = await loadStore();
    store.getState().signedIn('tok-5', 'admin', null);
    store.getState().setUserInfo(userData({ username: 'admin', roleIds: ['admin', 'staff'] }));
    expect(store.getState().roles).toEqual(['admin', 'staff']);
    store.getState().changeRoles(['staff']);
    expect(store.getState().roles).toEqual(['staff']);
  });
});
