import type { Bilingual } from '@cityops/contract';
import type { TFunction } from 'i18next';

/**
 * A page's title: an i18n key of the web app's texts, or the title a feature manifest
 * gives its console screen in both languages (the menu entry's name, so the tab, the
 * document title and the sidebar say the same).
 */
export type PageTitle = string | Bilingual;

export function pageTitleText(title: PageTitle, t: TFunction, language: string): string {
  if (typeof title === 'string') return t(title);
  return language.startsWith('en') ? title.en : title['zh-CN'];
}
