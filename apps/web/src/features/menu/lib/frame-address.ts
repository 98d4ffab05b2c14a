// Builds on browser URL handling, so it lives here rather than in the contract.
import { resolveLink } from '@cityops/contract';

/** Who the framed page is opened for (docs/shell.md, "Embedded pages"). */
export interface FrameIdentity {
  /** The platform session token (a page of the product) or the subsystem's own token. */
  token: string;
  username: string;
  id: string;
  roleIds: readonly string[];
}

/** Query keys the shell sets itself; an entry's extra query cannot override them. */
export const FRAME_RESERVED_KEYS = ['token', 'user', 'id', 'roleIds', 'embed'] as const;

/** The reserved keys that say who the user is: only a frame given an identity carries them. */
const IDENTITY_KEYS = ['token', 'user', 'id', 'roleIds'] as const;

/**
 * The address of an embedded page: the entry's url with `embed=true`, the entry's
 * extra query and, when `identity` is given, token, user, id and the comma-joined
 * roleIds. An empty url gives an empty address (the frame stays empty). `base`
 * resolves relative urls; a hash-router address (`/#/path`) gets the query inside
 * its hash, where that router reads it.
 *
 * Which token a frame gets, if any, is the caller's decision (`frameTarget`):
 * without an identity the address carries nothing of the user, not even what the
 * entry's own address names. The address is resolved as the browser will load it,
 * so `/\evil.example`, `//evil.example` or `https://good@evil` lead where they
 * really lead; anything but http(s) gives no address.
 */
export function frameAddress(
  url: string,
  identity: FrameIdentity | null,
  extraQuery: Record<string, string>,
  base: string,
): string {
  if (url.trim() === '') return '';
  const resolved = resolveLink(url, base);
  if (!resolved) return '';
  const address = new URL(resolved.href);
  const hashRoute = address.hash.startsWith('#/');
  const [hashPath, hashQuery = ''] = hashRoute ? address.hash.slice(1).split(/\?(.*)/s) : [''];
  const params = new URLSearchParams(hashRoute ? hashQuery : address.search);
  const reserved: readonly string[] = FRAME_RESERVED_KEYS;
  for (const [key, value] of Object.entries(extraQuery)) {
    if (!reserved.includes(key)) params.set(key, value);
  }
  if (identity) {
    params.set('token', identity.token);
    params.set('user', identity.username);
    params.set('id', identity.id);
    params.set('roleIds', identity.roleIds.join(','));
  } else {
    // The entry's own address might name them: a frame without an identity gets none of them.
    for (const key of IDENTITY_KEYS) params.delete(key);
  }
  params.set('embed', 'true');
  if (hashRoute) {
    address.hash = `${hashPath}?${params.toString()}`;
  } else {
    address.search = params.toString();
  }
  return address.toString();
}
