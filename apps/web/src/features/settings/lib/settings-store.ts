import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

export type MenuTheme = 'flat' | 'dark';

/** The layout settings of the settings drawer (docs/shell.md, "Settings"). */
export interface LayoutSettings {
  /** The product's theme; "flat" is the one there is. */
  theme: 'flat';
  /** The header stays at the top while the content scrolls. */
  fixedHeader: boolean;
  /** The settings button shows in the header (the user menu always has the entry). */
  showSettings: boolean;
  /** Pages open as tabs that keep their state. */
  showTagsView: boolean;
  showSidebarLogo: boolean;
  /** The active sidebar entry's text takes the theme colour. */
  sidebarTextTheme: boolean;
  menuTheme: MenuTheme;
}

export const defaultSettings: LayoutSettings = {
  theme: 'flat',
  fixedHeader: false,
  showSettings: true,
  showTagsView: true,
  showSidebarLogo: true,
  sidebarTextTheme: true,
  menuTheme: 'flat',
};

export type BooleanSetting = {
  [K in keyof LayoutSettings]: LayoutSettings[K] extends boolean ? K : never;
}[keyof LayoutSettings];

interface SettingsActions {
  change<K extends keyof LayoutSettings>(key: K, value: LayoutSettings[K]): void;
  reset(): void;
}

/** The user's layout settings, kept in local storage across sessions. */
export const useSettingsStore = create<LayoutSettings & SettingsActions>()(
  persist(
    (set) => ({
      ...defaultSettings,
      change(key, value) {
        set({ [key]: value } as Partial<LayoutSettings>);
      },
      reset() {
        set({ ...defaultSettings });
      },
    }),
    {
      name: 'settings',
      storage: createJSONStorage(() => localStorage),
      partialize: ({ change: _change, reset: _reset, ...settings }) => settings,
      // Only known keys with the right types come back from storage.
      merge: (persisted, current) => {
        const stored = (persisted ?? {}) as Record<string, unknown>;
        const next = { ...current };
        for (const key of Object.keys(defaultSettings) as (keyof LayoutSettings)[]) {
          if (typeof stored[key] === typeof defaultSettings[key]) {
            (next as Record<string, unknown>)[key] = stored[key];
          }
        }
        if (next.menuTheme !== 'flat' && next.menuTheme !== 'dark') next.menuTheme = 'flat';
        next.theme = 'flat';
        return next;
      },
    },
  ),
);
