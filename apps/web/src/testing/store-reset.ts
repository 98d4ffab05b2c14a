import type * as Zustand from 'zustand';

/**
 * The web suite's files share one module graph per worker (`isolate: false` in
 * vitest.config.ts), so a store made at import time would carry one file's state into
 * the next. setup-tests.ts makes every store through `withStoreReset(zustand).create`,
 * which remembers the store's first state; `resetStores()` puts each back, as a fresh
 * import would have made it.
 */
const resets = new Set<() => void>();

export function resetStores(): void {
  for (const reset of resets) reset();
}

function remembered<T>(store: Zustand.UseBoundStore<Zustand.StoreApi<T>>) {
  const initial = store.getInitialState();
  resets.add(() => store.setState(initial, true));
  return store;
}

export function withStoreReset(zustand: typeof Zustand): typeof Zustand {
  // zustand's create is called as create(creator) or, for typed middleware, create<T>()(creator).
  const create = (<T>(creator?: Zustand.StateCreator<T, [], []>) =>
    creator === undefined
      ? (later: Zustand.StateCreator<T, [], []>) => remembered(zustand.create(later))
      : remembered(zustand.create(creator))) as typeof Zustand.create;
  return { ...zustand, create };
}
