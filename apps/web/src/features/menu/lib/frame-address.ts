// Builds on browser URL handling, so it lives here rather than in the contract.
import { mayCarryToken, resolveLink } from '@cityops/contract';

/** Who the framed page is opened for (docs/shell.md, "Embedded pages"). */
export interface FrameIdentity {
  token: string;
  username: string;
  id: string;
  roleIds: readonly string[];
}

/** Query keys the shell sets itself; an entry's extra query cannot override them. */
export const FRAME_RESERVED_KEYS = ['token', 'user', 'id', 'roleIds', 'embed'] as const;

/**
 * The address of an embedded page: the entry's url with token, user, id, the
 * comma-joined roleIds, `embed=true` and the entry's extra query. An empty url
 * gives an empty address (the frame stays empty). `base` resolves relative urls;
 * a hash-router address (`/#/path`) gets the query inside its hash, where that
 * router reads it.
 *
 * The identity (the token above all) goes only to the product's own origin and
 * to `trustedOrigins` (configured subsystems): an address elsewhere gets the
 * extra query and nothing of the user. The address is resolved as the browser
 * will load it, so `/\evil.example`, `//evil.example` or `https://good@evil`
 * are judged by where they really lead; anything but http(s) gives no address.
 */
export function frameAddress(
  url: string,
  identity: FrameIdentity,
  extraQuery: Record<string, string>,
  base: string,
  trustedOrigins: ReadonlySet<string> = new Set(),
): string {
  if (url.trim() === '') return '';
  const resolved = resolveLink(url, base);
  if (!resolved) return '';
  const address = new URL(resolved.href);
  const withIdentity = mayCarryToken(address, new URL(base).origin, trustedOrigins);
  const hashRoute = address.hash.startsWith('#/');
  const [hashPath, hashQuery = ''] = hashRoute ? address.hash.slice(1).split(/\?(.*)/s) : [''];
  const params = new URLSearchParams(hashRoute ? hashQuery : address.search);
  const reserved: readonly string[] = FRAME_RESERVED_KEYS;
  for (const [key, value] of Object.entries(extraQuery)) {
    if (!reserved.includes(key)) params.set(key, value);
  }
  if (withIdentity) {
    params.set('token', identity.token);
    params.set('user', identity.username);
    params.set('id', identity.id);
    params.set('roleIds', identity.roleIds.join(','));
    params.set('embed', 'true');
  } else {
    // The entry's own address might name them: another site gets none of them from us.
    for (const key of reserved) params.delete(key);
  }
  if (hashRoute) {
    address.hash = `${hashPath}?${params.toString()}`;
  } else {
    address.search = params.toString();
  }
  return address.toString();
}
