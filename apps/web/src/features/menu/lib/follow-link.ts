import { isExternalLink, resolveLink } from '@cityops/contract';

/**
 * A link an embedded page asks to open: http, https, mailto and tel links open in a new tab; a path
 * of the app is a navigation inside it. Anything else (`javascript:`, a
 * `/\\host` or `//host` address that only looks like a path) is refused.
 */
export function followLink(
  url: string,
  navigate: (to: string) => void,
  ownOrigin: string = window.location.origin,
): 'external' | 'internal' | 'refused' {
  const trimmed = url.trim();
  if (
    /^(mailto|tel):/i.test(trimmed) ||
    (isExternalLink(trimmed) && resolveLink(trimmed, ownOrigin))
  ) {
    window.open(trimmed, '_blank', 'noopener,noreferrer');
    return 'external';
  }
  const address = trimmed.startsWith('/') ? resolveLink(trimmed, ownOrigin) : null;
  if (!address || address.origin !== ownOrigin) return 'refused';
  const { pathname, search, hash } = new URL(address.href);
  navigate(`${pathname}${search}${hash}`);
  return 'internal';
}
