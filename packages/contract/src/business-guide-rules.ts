/**
 * Plain rules of the business guide (no zod): the article lifecycle, who
 * writes, the list's sort keys and paging limits. The web app imports these.
 */
export const ARTICLE_STATUSES = ['draft', 'published', 'withdrawn'] as const;
export type ArticleStatus = (typeof ARTICLE_STATUSES)[number];

export const ARTICLE_SORT_KEYS = [
  'publishDate',
  'updatedAt',
  'createdAt',
  'viewCount',
  'title',
] as const;
export type ArticleSortKey = (typeof ARTICLE_SORT_KEYS)[number];

export const ARTICLE_PAGE_SIZE = 10;
export const ARTICLE_MAX_PAGE_SIZE = 100;

export const ARTICLE_TITLE_MAX = 200;
export const ARTICLE_SUMMARY_MAX = 1000;
export const ARTICLE_AUTHORITY_MAX = 100;
export const ARTICLE_DOCUMENT_NUMBER_MAX = 100;
/** Stored (sanitised) body HTML, in characters. */
export const ARTICLE_BODY_MAX = 500_000;
export const GUIDE_KEYWORD_MAX = 100;

/** The bucket article covers and body images are uploaded to. */
export const GUIDE_UPLOAD_BUCKET = 'business-guide';

/** Publish dates travel as `YYYY-MM-DD`. */
export const ISO_DATE_PATTERN = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;

/**
 * The language an article is written in: the list shows the reader's own by
 * default, so the Chinese desk is not interleaved with the English one.
 */
export const ARTICLE_LANGUAGES = ['zh-CN', 'en'] as const;
export type ArticleLanguage = (typeof ARTICLE_LANGUAGES)[number];

/** Whether a value (an address parameter, the interface language) names an article language. */
export function isArticleLanguage(value: string | null | undefined): value is ArticleLanguage {
  return (ARTICLE_LANGUAGES as readonly (string | null | undefined)[]).includes(value);
}
