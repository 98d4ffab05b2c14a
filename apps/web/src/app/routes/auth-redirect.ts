import { type LoaderFunctionArgs, redirect } from 'react-router';
import { safeRedirectTarget } from '@/lib/redirect';
import { links } from '@/lib/paths';
import { getToken } from '@/lib/token';

/**
 * `/auth-redirect?token=&user=&redirect=`: the root loader has already stored
 * the token; this sends the user on to where they were going.
 */
export function loader({ request }: LoaderFunctionArgs): Response {
  const target = safeRedirectTarget(new URL(request.url).searchParams.get('redirect'));
  return redirect(getToken() ? target : links.login(target));
}
