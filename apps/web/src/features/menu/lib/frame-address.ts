// Builds on browser URL handling, so it lives here rather than in the contract.

/** Who the framed page is opened for (spec section 2, "Embedded pages"). */
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
 */
export function frameAddress(
  url: string,
  identity: FrameIdentity,
  extraQuery: Record<string, string>,
  base: string,
): string {
  const trimmed = url.trim();
  if (trimmed === '') return '';
  const address = new URL(trimmed, base);
  const hashRoute = address.hash.startsWith('#/');
  const [hashPath, hashQuery = ''] = hashRoute ? address.hash.slice(1).split(/\?(.*)/s) : [''];
  const params = new URLSearchParams(hashRoute ? hashQuery : address.search);
  const reserved: readonly string[] = FRAME_RESERVED_KEYS;
  for (const [key, value] of Object.entries(extraQuery)) {
    if (!reserved.includes(key)) params.set(key, value);
  }
  params.set('token', identity.token);
  params.set('user', identity.username);
  params.set('id', identity.id);
  params.set('roleIds', identity.roleIds.join(','));
  params.set('embed', 'true');
  if (hashRoute) {
    address.hash = `${hashPath}?${params.toString()}`;
  } else {
    address.search = params.toString();
  }
  return address.toString();
}
