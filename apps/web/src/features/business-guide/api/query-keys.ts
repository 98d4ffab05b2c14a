import type { ArticleListQuery } from '@cityops/contract';

/**
 * Every query key of the business guide. Queries take their key from here and
 * mutations invalidate by these keys, so a key is never typed by hand.
 */
export const guideKeys = {
  all: ['business-guide'] as const,
  categories: () => [...guideKeys.all, 'categories'] as const,
  /** Every page of the article search. */
  articleLists: () => [...guideKeys.all, 'articles'] as const,
  articleList: (query: ArticleListQuery) => [...guideKeys.articleLists(), query] as const,
  article: (id: number, purpose: 'read' | 'edit') =>
    [...guideKeys.all, 'article', id, purpose] as const,
};
