import { type MenuEntry, subEntriesOf } from '@cityops/contract';

/** The first segment of a product address (`/business_guide/table` → `business_guide`). */
function sectionOf(address: string): string | null {
  // Only the product's own addresses: not another origin's, not `//host`.
  if (!address.startsWith('/') || address.startsWith('//')) return null;
  return new URL(address, 'http://product.invalid').pathname.split('/')[1] || null;
}

/**
 * The top-level menu entry of the product page at `pathname`: the one whose address,
 * or one of whose sub-entries' addresses, opens the same section of the product
 * (`/business_guide/details` belongs to the entry of `/business_guide/table`, `/amap`
 * to the map's). Null when no entry leads there, or at the root path, where the
 * entry chosen in the sidebar is the active one.
 */
export function routeEntryCode(entries: MenuEntry[], pathname: string): string | null {
  const section = sectionOf(pathname);
  if (!section) return null;
  const leadsThere = (entry: MenuEntry) => sectionOf(entry.sysModels.url) === section;
  return (
    entries.find((entry) => leadsThere(entry) || subEntriesOf(entry).some(leadsThere))?.code ?? null
  );
}

/** What the sidebar knows to mark an entry. */
export interface MarkState {
  pathname: string;
  menuList: MenuEntry[];
  menuActive: string;
  /** The person chose the active entry (not the default, nor the first of the menu). */
  menuChosen: boolean;
  /** An entry's page shows in the frame at the root path. */
  framing: boolean;
}

/**
 * The sidebar entry to mark (`''` for none). At the root path the active entry, but
 * only when the person chose it or its page shows in the frame: the home page itself
 * belongs to no entry, so the default active one is not marked there. On another
 * page the entry that leads there, if any.
 */
export function markedEntryCode(state: MarkState): string {
  if (state.pathname !== '/') return routeEntryCode(state.menuList, state.pathname) ?? '';
  return state.menuChosen || state.framing ? state.menuActive : '';
}
