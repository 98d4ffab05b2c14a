/**
 * What hash mode needs before `createHashRouter` starts, where the address bar and the
 * router's address (the part after `#`) are not the same thing.
 */

/**
 * An embedding site writes its query where it would for any page:
 * `/?token=T&user=u&embed=true`, with or without `#/` after it. The hash router never
 * sees a query before the `#`, so it moves behind it (`/#/?token=T&user=u&embed=true`,
 * the hash's own query kept, the site's values winning) and the root loader takes the
 * token as it does in history mode: stored, the user info loaded, the token removed
 * from the address (`intakeQueryToken` in guards.ts).
 */
export function moveQueryIntoHash(): void {
  const { pathname, search, hash } = window.location;
  if (!search) return;
  const route = new URL(hash.slice(1) || '/', window.location.origin);
  const query = new URLSearchParams(route.search);
  new URLSearchParams(search).forEach((value, key) => query.set(key, value));
  window.history.replaceState(
    window.history.state,
    '',
    `${pathname}#${route.pathname}?${query.toString()}${route.hash}`,
  );
}
