import { type ReactNode, useState } from 'react';
import {
  type Location,
  UNSAFE_LocationContext as LocationContext,
  useLocation,
  useNavigationType,
  useOutlet,
} from 'react-router';
import { routeKeyOf } from '../lib/tags-store';

interface CachedPage {
  key: string;
  element: ReactNode;
  location: Location;
}

export interface KeepAliveOutletProps {
  /** False while an embedded frame tab is showing: every page is hidden. */
  visible: boolean;
  /** Keys (`route:<path>`) of the route tabs that stay mounted while hidden. */
  aliveKeys: readonly string[];
  className?: string;
}

/**
 * The router outlet, but pages of open tabs stay mounted (hidden) when another
 * tab shows, so their state (typed text, scroll, loaded data) is there on return.
 * Each kept page sees its own location, not the one of the page now showing.
 */
export function KeepAliveOutlet({ visible, aliveKeys, className }: KeepAliveOutletProps) {
  const outlet = useOutlet();
  const location = useLocation();
  const navigationType = useNavigationType();
  const key = routeKeyOf(location.pathname);
  const [cache, setCache] = useState<CachedPage[]>([]);

  // Derived from the location and the open tabs; updated during render so the
  // new page shows in the same pass (React's "state from previous render" pattern).
  const current = cache.find((page) => page.key === key);
  const stale = cache.some((page) => page.key !== key && !aliveKeys.includes(page.key));
  let pages = cache;
  if (!current || current.location !== location || stale) {
    // Pages keep their place: moving a mounted node would reload any frame inside it.
    const fresh = { key, element: outlet, location };
    pages = cache
      .filter((page) => page.key === key || aliveKeys.includes(page.key))
      .map((page) => (page.key === key ? fresh : page));
    if (!current) pages.push(fresh);
    setCache(pages);
  }

  return (
    <>
      {pages.map((page) => (
        <div
          key={page.key}
          className={className}
          hidden={!visible || page.key !== key}
          data-tab-page={page.key}
        >
          <LocationContext.Provider value={{ location: page.location, navigationType }}>
            {page.element}
          </LocationContext.Provider>
        </div>
      ))}
    </>
  );
}
