import { type Language, defaultLanguage, languages } from '@cityops/contract';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { resources } from '@/locales';
import { StorageKey, cookies, local } from './storage';

/** Maps a browser language tag to one of ours, or null. */
export function matchLanguage(tag: string | null | undefined): Language | null {
  if (!tag) return null;
  const lower = tag.toLowerCase();
  if (lower.startsWith('zh')) return 'zh-CN';
  if (lower.startsWith('en')) return 'en';
  return null;
}

/** The starting language: the stored one, else a match on the browser's, else Chinese. */
export function detectLanguage(
  stored: string | null = local.get(StorageKey.language),
  browserLanguages: readonly string[] = navigator.languages?.length
    ? navigator.languages
    : [navigator.language],
): Language {
  // The spec itself writes "zh-cn": a stored code matches ours whatever its case.
  const storedMatch = languages.find(
    (language) => language.toLowerCase() === stored?.trim().toLowerCase(),
  );
  if (storedMatch) return storedMatch;
  for (const tag of browserLanguages) {
    const match = matchLanguage(tag);
    if (match) return match;
  }
  return defaultLanguage;
}

export const i18n = i18next.createInstance();

type Texts = Record<Language, object>;

/** Every bundle registered so far; a (re)initialisation adds them all again. */
const registeredTexts: Texts[] = [];

function addTexts(texts: Texts): void {
  for (const language of Object.keys(texts) as Language[]) {
    i18n.addResourceBundle(language, 'translation', texts[language], true, true);
  }
}

/**
 * Adds the texts of a screen that is loaded on demand, so the login page does not
 * carry every screen's texts. Called when a module that shows them loads; a bundle
 * several modules register (the console's shared parts and its screens) is added once.
 */
export function registerTexts(texts: Texts): void {
  if (registeredTexts.includes(texts)) return;
  registeredTexts.push(texts);
  if (i18n.isInitialized) addTexts(texts);
}

export async function initI18n(language: Language): Promise<void> {
  await i18n.use(initReactI18next).init({
    resources,
    lng: language,
    fallbackLng: 'zh-CN',
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  registeredTexts.forEach(addTexts);
  document.documentElement.lang = language;
  shareLanguage(language);
}

/**
 * The language in a cookie too: the subsystem provider's own pages (sign-out
 * confirmation, errors) are the server's, and read it there (provider-pages.ts).
 */
function shareLanguage(language: Language): void {
  cookies.set(StorageKey.language, language, { days: 365 });
}

export async function changeLanguage(language: Language): Promise<void> {
  local.set(StorageKey.language, language);
  shareLanguage(language);
  document.documentElement.lang = language;
  await i18n.changeLanguage(language);
}
