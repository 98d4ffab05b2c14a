/**
 * Search terms for Chinese and English text that work the same on PGlite and
 * PostgreSQL without a text-search extension: Chinese has no spaces between
 * words, so Han text is indexed as single characters and overlapping bigrams;
 * other words are indexed with their prefixes so "regul" finds "regulation".
 */
const TOKEN = /\p{Script=Han}+|[\p{L}\p{Nd}]+/gu;
const HAN = /^\p{Script=Han}/u;
/** Longest word prefix indexed; longer query words are cut to it. */
const MAX_PREFIX = 20;
const MIN_PREFIX = 2;

export function normaliseText(text: string): string {
  return text.normalize('NFKC').toLowerCase();
}

function tokens(text: string): string[] {
  return normaliseText(text).match(TOKEN) ?? [];
}

/** Every term stored for a document's text. */
export function documentTerms(text: string): string[] {
  const terms = new Set<string>();
  for (const token of tokens(text)) {
    const characters = [...token];
    if (HAN.test(token)) {
      characters.forEach((character, index) => {
        terms.add(character);
        if (index + 1 < characters.length) terms.add(character + characters[index + 1]);
      });
    } else {
      const limit = Math.min(characters.length, MAX_PREFIX);
      for (let length = Math.min(MIN_PREFIX, characters.length); length <= limit; length++) {
        terms.add(characters.slice(0, length).join(''));
      }
    }
  }
  return [...terms];
}

export interface KeywordQuery {
  /** Terms the document must all have (answered by the GIN index). */
  terms: string[];
  /** Han runs of three or more characters that must appear as written. */
  phrases: string[];
}

/** What a search box keyword asks for. */
export function keywordQuery(keyword: string): KeywordQuery {
  const terms = new Set<string>();
  const phrases: string[] = [];
  for (const token of tokens(keyword)) {
    const characters = [...token];
    if (HAN.test(token)) {
      if (characters.length === 1) terms.add(token);
      for (let index = 0; index + 1 < characters.length; index++) {
        terms.add(characters[index]! + characters[index + 1]!);
      }
      if (characters.length >= 3) phrases.push(token);
    } else {
      terms.add(characters.slice(0, MAX_PREFIX).join(''));
    }
  }
  return { terms: [...terms], phrases };
}
