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

/** What the router needs of itself here: to hear that it has moved. */
interface Subscribable {
  subscribe(listener: () => void): () => void;
}

/** One hash router per page: a newer one (a test's) takes over from the last. */
let current: AbortController | null = null;

/**
 * A hash typed in the address bar (`#/login` while on `#/`) adds a history entry the
 * router did not make: it has no index, so the router cannot undo the step and its
 * blockers never ask (the "return to the login page?" question of `LoginLeaveGuard`
 * is then skipped, while Back asks). Such an entry gets the index after the page it
 * was typed on, and the router takes it as one step forward, which a blocker holds
 * back like any other. Call this before `createHashRouter` (its listener must run
 * before the router's), then hand the returned function the router, whose own moves
 * keep the count.
 */
export function indexTypedHashEntries(): (router: Subscribable) => void {
  current?.abort();
  const controller = new AbortController();
  current = controller;
  const indexOf = (state: unknown) => {
    const index = (state as { idx?: unknown } | null)?.idx;
    return typeof index === 'number' ? index : null;
  };
  let lastIndex = indexOf(window.history.state) ?? 0;
  window.addEventListener(
    'popstate',
    () => {
      const index = indexOf(window.history.state);
      if (index !== null) {
        lastIndex = index;
        return;
      }
      lastIndex += 1;
      const state = (window.history.state as Record<string, unknown> | null) ?? {};
      // The router's own entry shape: `key` names the location, `idx` is its place.
      window.history.replaceState(
        { ...state, idx: lastIndex, key: Math.random().toString(36).slice(2, 10) },
        '',
      );
    },
    { signal: controller.signal },
  );
  return (router) => {
    const unsubscribe = router.subscribe(() => {
      lastIndex = indexOf(window.history.state) ?? lastIndex;
    });
    controller.signal.addEventListener('abort', unsubscribe);
  };
}
