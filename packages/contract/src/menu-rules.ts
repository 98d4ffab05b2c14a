/** The address of a menu entry ("system model" in the spec). */
interface SysModel {
  id: string;
  url: string;
  /** Extra query the entry's frame address carries. */
  query: Record<string, string>;
  /** An integrated external system: its address comes from `organization/model/other_url`. */
  integrated: boolean;
}

/** A sidebar entry of `userSysModel`, titles in both languages. */
export interface MenuEntry {
  code: string;
  name: string;
  nameEn: string;
  icon: string | null;
  hasTwo: boolean;
  /** Sub-entries when `hasTwo` is true. */
  sysModelVos: MenuEntry[];
  /** Sub-entries when `hasTwo` is false. */
  children: MenuEntry[];
  sysModels: SysModel;
}

/** The entry the menu rules make active after an integrated system opens in its own window. */
export const BUSINESS_GUIDE_CODE = 'business_guide';

/** The sub-entries the spec's rules read: `sysModelVos` when `hasTwo`, else `children`. */
export function subEntriesOf(entry: MenuEntry): MenuEntry[] {
  return entry.hasTwo ? entry.sysModelVos : entry.children;
}

/** The children-menu flag: set only for the command coordination code (a setting). */
export function isChildrenMenuCode(code: string, childrenMenuCode: string): boolean {
  return childrenMenuCode !== '' && code === childrenMenuCode;
}

/** Links starting with http, https, mailto or tel are external (new tab); others navigate. */
export function isExternalLink(url: string): boolean {
  return /^(https?:|mailto:|tel:)/i.test(url.trim());
}

/** What the shell knows when an entry of the sidebar is clicked. */
interface MenuClickState {
  pathname: string;
  menuActive: string;
  isIframe: boolean;
  menuChild: MenuEntry | null;
}

type MenuClickEffect =
  /** Frame the integrated child, make business guide active, open its other_url address. */
  | { kind: 'integrated'; child: MenuEntry }
  /** The entry becomes the active one (which resets the iframe). */
  | { kind: 'activate'; entry: MenuEntry }
  /** The active entry, a page of its own (no sub-entries), is showing in the frame: nothing happens. */
  | { kind: 'keep' }
  /** The active entry was clicked with no child framed: the iframe is cleared. */
  | { kind: 'clearIframe' };

interface MenuClickDecision {
  /** Not on the root path: go to `/` first. */
  goRoot: boolean;
  effect: MenuClickEffect;
}

/** The menu click rules (docs/shell.md), without side effects. */
export function decideMenuClick(entry: MenuEntry, state: MenuClickState): MenuClickDecision {
  const goRoot = state.pathname !== '/';
  if (entry.code !== state.menuActive) {
    const subEntries = subEntriesOf(entry);
    const only = subEntries.length === 1 ? subEntries[0] : undefined;
    if (only?.sysModels.integrated) return { goRoot, effect: { kind: 'integrated', child: only } };
    return { goRoot, effect: { kind: 'activate', entry } };
  }
  // The spec keeps the frame whenever a child shows; a group (系统管理) clicked then did
  // nothing, so it shows its pages again, the open pages staying in their tabs (issue 31,
  // docs/spec-deviations.md). An entry that is itself the page keeps it.
  if (state.isIframe && state.menuChild && subEntriesOf(entry).length === 0) {
    return { goRoot, effect: { kind: 'keep' } };
  }
  return { goRoot, effect: { kind: 'clearIframe' } };
}
