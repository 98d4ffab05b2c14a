import { type LoaderFunctionArgs, redirect, replace } from 'react-router';
import { getUserInfo } from '@/features/auth/api/get-user-info';
import { PUBLIC_PATHS, links } from '@/lib/paths';
import { getToken } from '@/lib/token';
import { useAppStore } from '@/stores/app-store';
import { useUserStore } from '@/stores/user-store';

export { PUBLIC_PATHS };

/**
 * Root loader, before every navigation: a token and user in the query (another
 * site embedding the product) are stored, removed from the address bar, and the
 * user info is loaded. The address without them replaces the one with them, so
 * Back never returns to the token (docs/security.md).
 */
export async function intakeQueryToken({ request }: LoaderFunctionArgs): Promise<Response | null> {
  const url = new URL(request.url);
  if (url.searchParams.get('embed') === 'true') useAppStore.getState().setEmbedded(true);
  const token = url.searchParams.get('token');
  if (!token) return null;
  const username = url.searchParams.get('user') ?? '';
  useUserStore.getState().signedIn(token, username, null);
  url.searchParams.delete('token');
  url.searchParams.delete('user');
  if (username) {
    try {
      useUserStore.getState().setUserInfo(await getUserInfo(username));
    } catch {
      // A refused token is handled by the HTTP client (040005: sign-out).
    }
  }
  const query = url.searchParams.toString();
  return replace(`${url.pathname}${query ? `?${query}` : ''}`);
}

/** Loader of every private route: without a token, to /login and back after sign-in. */
export function requireToken({ request }: LoaderFunctionArgs): Response | null {
  if (getToken()) return null;
  const url = new URL(request.url);
  return redirect(links.login(url.pathname + url.search));
}

/**
 * The same guard before the router starts: a signed-out first visit to a private
 * address goes straight to the sign-in page, so the router never matches (and
 * fetches the chunks of) the shell and the page it would have shown. Returns the
 * sign-in address, or null when the visit may go ahead (a token, one in the
 * query, or a public address).
 */
export function signedOutEntry(pathname: string, search: string): string | null {
  if (getToken() || new URLSearchParams(search).has('token')) return null;
  if (PUBLIC_PATHS.includes(pathname)) return null;
  // An embedding site's visit keeps its address: the root loader reads its flags first.
  if (new URLSearchParams(search).get('embed') === 'true') return null;
  return links.login(pathname + search);
}
