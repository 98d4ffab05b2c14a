import {
  type ArticleListQuery,
  type ArticleSummary,
  GUIDE_PATHS,
  type Page,
} from '@cityops/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/http/api';
import { guideKeys } from './query-keys';

/** `GET /business-guide/articles`: one page of the search. */
export function getArticles(query: ArticleListQuery): Promise<Page<ArticleSummary>> {
  const params: Record<string, string | number> = {};
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== '') params[key] = value as string | number;
  }
  return api.get<Page<ArticleSummary>>(GUIDE_PATHS.articles, params);
}

export const articlesQuery = (query: ArticleListQuery) =>
  queryOptions({
    queryKey: guideKeys.articleList(query),
    queryFn: () => getArticles(query),
    // The table keeps showing the last page while the next one loads.
    placeholderData: keepPreviousData,
  });

export function useArticles(query: ArticleListQuery) {
  return useQuery(articlesQuery(query));
}
