import { type FrameIdentity, frameAddress } from './frame-address';

/**
 * A product page address (`/business_guide/table`) in the app's router mode: in
 * hash mode it lives behind `/#`. Files (`/demo-subsystem.html`) and other sites
 * are left as they are.
 */
export function inRouterMode(url: string, routerMode: 'hash' | 'history'): string {
  if (routerMode !== 'hash' || !url.startsWith('/') || url.startsWith('//')) return url;
  const path = url.split(/[?#]/)[0] ?? '';
  if (/\.[a-z0-9]+$/i.test(path)) return url;
  return `/#${url}`;
}

/**
 * The frame address of a menu entry for the signed-in user (docs/shell.md, "Embedded pages");
 * the token goes only to the own origin and `trustedOrigins`.
 */
export function frameSource(
  url: string,
  query: Record<string, string>,
  identity: FrameIdentity,
  routerMode: 'hash' | 'history',
  trustedOrigins: ReadonlySet<string>,
  base: string = window.location.href,
): string {
  return frameAddress(inRouterMode(url, routerMode), identity, query, base, trustedOrigins);
}

/** Whether a frame address belongs to another site (and so is sandboxed). */
export function isOtherOrigin(address: string, origin: string = window.location.origin): boolean {
  if (address === '') return false;
  try {
    return new URL(address, origin).origin !== origin;
  } catch {
    return true;
  }
}

/**
 * What a frame of another site may do: run its scripts with its own origin
 * (its own storage and cookies, never ours), submit forms, open windows and
 * download. It may not navigate the shell away or use the shell's origin.
 */
export const OTHER_ORIGIN_SANDBOX =
  'allow-scripts allow-same-origin allow-forms allow-popups allow-popups-to-escape-sandbox allow-downloads';
