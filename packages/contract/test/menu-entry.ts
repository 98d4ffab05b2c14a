import type { MenuEntry } from '../src/menu-rules.js';

/** A menu entry named by its code, linking to `/<code>`; `overrides` set the rest. */
export function menuEntry(code: string, overrides: Partial<MenuEntry> = {}): MenuEntry {
  return {
    code,
    name: code,
    nameEn: code,
    icon: null,
    hasTwo: false,
    sysModelVos: [],
    children: [],
    sysModels: { id: code, url: `/${code}`, query: {}, integrated: false },
    ...overrides,
  };
}
