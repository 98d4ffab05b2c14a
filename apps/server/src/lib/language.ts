import type { Language } from '@cityops/contract';

/** The web app sends its active language; anything not English is answered in Chinese. */
export function languageFrom(acceptLanguage: string | undefined): Language {
  if (!acceptLanguage) return 'zh-CN';
  const first = acceptLanguage.split(',')[0]?.trim().toLowerCase() ?? '';
  return first.startsWith('en') ? 'en' : 'zh-CN';
}
