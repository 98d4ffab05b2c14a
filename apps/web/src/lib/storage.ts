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
  /** Session storage: why the last session ended, for the login page to say (issue 24). */
  signedOutReason: 'signedOutReason',
  /** Session storage: the last sign-in was refused with a captcha due, so a reload shows it. */
  captchaDue: 'captchaDue',
} as const;

function safeStorage(kind: 'localStorage' | 'sessionStorage'): Storage | null {
  try {
    return window[kind];
  } catch {
    // Storage can be refused (privacy settings, sandboxed frames): run without it.
    return null;
  }
}

/**
 * One kind of storage, kept in memory for this page when the browser refuses it
 * (a frame on another site under Chromium's default, Safari, private windows throw
 * SecurityError): the session of an embedded page, its token included, then lives
 * as long as the page, which is what a frame handed `?token=` needs (docs/sign-in.md).
 */
export function storageApi(kind: 'localStorage' | 'sessionStorage') {
  const memory = new Map<string, string>();
  return {
    get(key: string): string | null {
      try {
        const stored = safeStorage(kind)?.getItem(key);
        if (stored !== null && stored !== undefined) return stored;
      } catch {
        // Refused: the page's own copy below.
      }
      return memory.get(key) ?? null;
    },
    set(key: string, value: string): void {
      try {
        const storage = safeStorage(kind);
        if (storage) {
          storage.setItem(key, value);
          memory.delete(key);
          return;
        }
      } catch {
        // Full or refused: the value lives for this page only.
      }
      memory.set(key, value);
    },
    remove(key: string): void {
      memory.delete(key);
      try {
        safeStorage(kind)?.removeItem(key);
      } catch {
        // Nothing stored there to remove.
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
