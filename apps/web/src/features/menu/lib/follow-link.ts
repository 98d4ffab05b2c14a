import { isExternalLink } from '@cityops/contract';

/**
 * Spec section 4: http, https, mailto and tel links open in a new tab; every
 * other link is a navigation inside the app.
 */
export function followLink(url: string, navigate: (to: string) => void): 'external' | 'internal' {
  if (isExternalLink(url)) {
    window.open(url.trim(), '_blank', 'noopener,noreferrer');
    return 'external';
  }
  navigate(url);
  return 'internal';
}
