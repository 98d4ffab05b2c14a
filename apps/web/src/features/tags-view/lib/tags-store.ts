import type { MenuEntry } from '@cityops/contract';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { stateKey } from '@/lib/embedding';
import type { PageTitle } from '@/lib/page-title';

/** A page of the app's router, one tab per path (the latest query is kept). */
export interface RouteTab {
  kind: 'route';
  key: string;
  path: string;
  fullPath: string;
  title: PageTitle;
}

/** An embedded subsystem page, one tab per menu entry. */
export interface FrameTab {
  kind: 'frame';
  key: string;
  entry: MenuEntry;
  /** The sidebar entry that is active while this tab shows. */
  parentCode: string;
}

export type Tab = RouteTab | FrameTab;

export const routeKeyOf = (pathname: string) => `route:${pathname}`;

export const HOME_KEY = routeKeyOf('/');

export const homeTab: RouteTab = {
  kind: 'route',
  key: HOME_KEY,
  path: '/',
  fullPath: '/',
  title: 'route.home',
};

export function routeTab(path: string, fullPath: string, title: PageTitle): RouteTab {
  return { kind: 'route', key: routeKeyOf(path), path, fullPath, title };
}

export function frameTab(entry: MenuEntry, parentCode: string): FrameTab {
  return { kind: 'frame', key: `frame:${entry.code}`, entry, parentCode };
}

interface TagsState {
  tabs: Tab[];
  /**
   * Adds the tab, or refreshes the one with its key in place. With `single`
   * (the tags view is off) it replaces every tab but the home one.
   */
  visit(tab: Tab, options?: { single?: boolean }): void;
  close(key: string): void;
  closeOthers(key: string): void;
  closeAll(): void;
}

const withHome = (tabs: Tab[]): Tab[] =>
  tabs.some((tab) => tab.key === HOME_KEY) ? tabs : [homeTab, ...tabs];

/** The open tabs; kept in session storage so they survive a reload of the browser tab. */
export const useTagsStore = create<TagsState>()(
  persist(
    (set) => ({
      tabs: [homeTab],
      visit(tab, { single = false } = {}) {
        set(({ tabs }) => {
          if (single) return { tabs: tab.key === HOME_KEY ? [homeTab] : [homeTab, tab] };
          const index = tabs.findIndex((existing) => existing.key === tab.key);
          if (index === -1) return { tabs: withHome([...tabs, tab]) };
          const next = [...tabs];
          next[index] = tab;
          return { tabs: next };
        });
      },
      close(key) {
        if (key === HOME_KEY) return;
        set(({ tabs }) => ({ tabs: tabs.filter((tab) => tab.key !== key) }));
      },
      closeOthers(key) {
        set(({ tabs }) => ({
          tabs: tabs.filter((tab) => tab.key === HOME_KEY || tab.key === key),
        }));
      },
      closeAll() {
        set({ tabs: [homeTab] });
      },
    }),
    {
      name: stateKey('tagsView'),
      storage: createJSONStorage(() => sessionStorage),
      partialize: ({ tabs }) => ({ tabs }),
      merge: (persisted, current) => {
        const tabs = (persisted as { tabs?: unknown } | undefined)?.tabs;
        if (!Array.isArray(tabs)) return current;
        // A tab kept before titles could be a manifest's (a `titleKey` and no `title`) is dropped.
        const kept = (tabs as Tab[]).filter((tab) => tab.kind === 'frame' || tab.title);
        return { ...current, tabs: withHome(kept) };
      },
    },
  ),
);

/** The tab to show after `key` closes: its left neighbour, else the home tab. */
export function neighbourOf(tabs: Tab[], key: string): Tab {
  const index = tabs.findIndex((tab) => tab.key === key);
  return tabs[index - 1] ?? tabs.find((tab) => tab.key !== key) ?? homeTab;
}
