import type { MenuEntry } from '@cityops/contract';

/** Menu titles come from the server in both languages; this picks the active one. */
export function menuTitle(entry: Pick<MenuEntry, 'name' | 'nameEn'>, language: string): string {
  return language === 'en' ? entry.nameEn || entry.name : entry.name;
}
