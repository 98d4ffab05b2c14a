import { QR_MOBILE_PAGE_PATH } from '@cityops/contract';
import { type LoaderFunctionArgs, redirect } from 'react-router';
import { getUserInfo } from '@/features/auth/api/get-user-info';
import { getToken } from '@/lib/token';
import { useAppStore } from '@/stores/app-store';
import { useUserStore } from '@/stores/user-store';

/** Paths that need no token: sign-in, its redirect, the not-found page and the QR page of the phone. */
export const PUBLIC_PATHS = ['/login', '/auth-redirect', '/404', QR_MOBILE_PAGE_PATH] as const;

/**
 * Root loader, before every navigation: a token and user in the query (another
 * site embedding the product) are stored, removed from the address bar, and the
 * user info is loaded.
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
  return redirect(`${url.pathname}${query ? `?${query}` : ''}`);
}

/** Loader of every private route: without a token, to /login and back after sign-in. */
export function requireToken({ request }: LoaderFunctionArgs): Response | null {
  if (getToken()) return null;
  const url = new URL(request.url);
  return redirect(`/login?redirect=${encodeURIComponent(url.pathname + url.search)}`);
}
