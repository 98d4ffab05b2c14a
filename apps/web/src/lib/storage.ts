/**
 * The browser storage the spec names: local storage keys (sidebar status,
 * language, size, token, username, userData), session storage for the state,
 * and cookies with the default path "/".
 */
export const StorageKey = {
  sidebarStatus: 'sidebarStatus',
  language: 'language',
  size: 'size',
  token: 'token',
  username: 'username',
  userData: 'userData',
  appState: 'appState',
  userState: 'userState',
  rememberedCredentials: 'rememberedCredentials',
} as const;

function safeStorage(kind: 'localStorage' | 'sessionStorage'): Storage | null {
  try {
    return window[kind];
  } catch {
    // Storage can be refused (privacy settings, sandboxed frames): run without it.
    return null;
  }
}

function storageApi(kind: 'localStorage' | 'sessionStorage') {
  return {
    get(key: string): string | null {
      try {
        return safeStorage(kind)?.getItem(key) ?? null;
      } catch {
        return null;
      }
    },
    set(key: string, value: string): void {
      try {
        safeStorage(kind)?.setItem(key, value);
      } catch {
        // Full or refused: the value lives for this page only.
      }
    },
    remove(key: string): void {
      try {
        safeStorage(kind)?.removeItem(key);
      } catch {
        // Nothing to remove.
      }
    },
  };
}

export const local = storageApi('localStorage');
export const session = storageApi('sessionStorage');

const DAY_MS = 24 * 60 * 60 * 1000;

export const cookies = {
  get(name: string): string | null {
    const prefix = `${encodeURIComponent(name)}=`;
    for (const part of document.cookie.split('; ')) {
      if (part.startsWith(prefix)) return decodeURIComponent(part.slice(prefix.length));
    }
    return null;
  },
  /** `days` may be fractional: the token cookie lives 0.1 day. */
  set(name: string, value: string, options: { days?: number; path?: string } = {}): void {
    const parts = [
      `${encodeURIComponent(name)}=${encodeURIComponent(value)}`,
      `path=${options.path ?? '/'}`,
      'SameSite=Lax',
    ];
    if (options.days !== undefined) {
      parts.push(`expires=${new Date(Date.now() + options.days * DAY_MS).toUTCString()}`);
    }
    if (window.location.protocol === 'https:') parts.push('Secure');
    document.cookie = parts.join('; ');
  },
  remove(name: string, path = '/'): void {
    document.cookie = `${encodeURIComponent(name)}=; path=${path}; expires=Thu, 01 Jan 1970 00:00:00 GMT`;
  },
};
