import { type FrameToken, resolveLink } from '@cityops/contract';
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
 * What a frame address leads to, resolved as the browser will load it:
 * - `none`: no address (empty, or not http(s));
 * - `product-page`: a page of this web app on its own origin, which gets the
 *   platform session token as the spec's embedded mode does;
 * - `elsewhere`: anything else, a file of the product's origin
 *   (`/demo-subsystem.html`) as much as another site: it gets a token only from
 *   the frame token endpoint, a subsystem's own, for that subsystem's origin.
 */
export type FrameTarget =
  { kind: 'none' } | { kind: 'product-page' } | { kind: 'elsewhere'; origin: string };

/** Paths of the product's origin that the server answers itself, never the web app. */
const SERVER_PREFIXES = ['/api', '/oidc', '/.well-known', '/assets'];

function isAppPage(pathname: string): boolean {
  const path = pathname.toLowerCase();
  if (SERVER_PREFIXES.some((prefix) => path === prefix || path.startsWith(`${prefix}/`))) {
    return false;
  }
  const last = path.split('/').pop() ?? '';
  return !/\.[a-z0-9]+$/.test(last);
}

export function frameTarget(
  url: string,
  routerMode: 'hash' | 'history',
  base: string = window.location.href,
): FrameTarget {
  if (url.trim() === '') return { kind: 'none' };
  const address = resolveLink(inRouterMode(url, routerMode), base);
  if (!address) return { kind: 'none' };
  if (address.origin === new URL(base).origin && isAppPage(new URL(address.href).pathname)) {
    return { kind: 'product-page' };
  }
  return { kind: 'elsewhere', origin: address.origin };
}

/**
 * The subsystem token a frame of `target` may carry: the endpoint's token, only
 * when it was issued for the very origin the frame loads.
 */
export function subsystemTokenFor(
  target: FrameTarget,
  answer: FrameToken | undefined,
): string | null {
  if (target.kind !== 'elsewhere' || !answer?.token) return null;
  return answer.origin === target.origin ? answer.token : null;
}

/** The frame address of a menu entry (docs/shell.md, "Embedded pages"); `identity` null: none. */
export function frameSource(
  url: string,
  query: Record<string, string>,
  identity: FrameIdentity | null,
  routerMode: 'hash' | 'history',
  base: string = window.location.href,
): string {
  return frameAddress(inRouterMode(url, routerMode), identity, query, base);
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
