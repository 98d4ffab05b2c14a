import { TOKEN_COOKIE_DAYS } from '@cityops/contract';
import { currentQuery } from './embedding';
import { StorageKey, cookies, local } from './storage';

/**
 * The token is read from the query, the cookie or local storage, in that order.
 * The access token lives in a cookie as long as the session (0.1 day unless the
 * security administrator changed it) and in local storage (which
 * also works inside frames that refuse third-party cookies). A token that
 * arrives in the query string is saved here first by the navigation guard.
 */
export function getToken(): string | null {
  // The query first: a token just handed over by an embedding site wins.
  return (
    currentQuery().get('token') || cookies.get(StorageKey.token) || local.get(StorageKey.token)
  );
}

/** The cookie lives as long as the session (the token answer's `expires_in`), else 0.1 day. */
export function saveToken(token: string, expiresInSeconds?: number): void {
  const days =
    expiresInSeconds && expiresInSeconds > 0 ? expiresInSeconds / 86_400 : TOKEN_COOKIE_DAYS;
  cookies.set(StorageKey.token, token, { days });
  local.set(StorageKey.token, token);
}

export function clearToken(): void {
  cookies.remove(StorageKey.token);
  local.remove(StorageKey.token);
}
