import {
  type ArticleListQuery,
  type ArticleSummary,
  GUIDE_PATHS,
  type Page,
} from '@cityops/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/http/api';
import { queryParams } from '@/lib/http/query-params';
import { guideKeys } from './query-keys';

/** `GET /business-guide/articles`: one page of the search. */
export function getArticles(query: ArticleListQuery): Promise<Page<ArticleSummary>> {
  return api.get<Page<ArticleSummary>>(GUIDE_PATHS.articles, queryParams(query));
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
