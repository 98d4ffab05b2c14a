import { paths } from './paths';

/**
import { paths } from '@/lib/paths';
 * A path and query to return to after sign-in, accepted only when it stays on
 * this site (no `//host`, no scheme), so the login page is no open redirect.
 */
export function safeRedirectTarget(value: string | null | undefined): string {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\'))
    return '/';
  if (value.startsWith(paths.login)) return paths.home;
  return value;
}
