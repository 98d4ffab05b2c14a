import { type Article, GUIDE_PATHS, fillPath } from '@cityops/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/http/api';
import { guideKeys } from './query-keys';

export type ArticlePurpose = 'read' | 'edit';

/** `GET /business-guide/articles/:id`; reading counts a view, `edit` does not. */
export function getArticle(id: number, purpose: ArticlePurpose): Promise<Article> {
  return api.get<Article>(fillPath(GUIDE_PATHS.article, { id }), { purpose });
}

export const articleQuery = (id: number, purpose: ArticlePurpose) =>
  queryOptions({
    queryKey: guideKeys.article(id, purpose),
    queryFn: () => getArticle(id, purpose),
    // An editor always starts from the stored version; a reader's view counts once per visit.
    staleTime: purpose === 'edit' ? 0 : 60_000,
    gcTime: purpose === 'edit' ? 0 : 5 * 60_000,
  });

export function useArticle(id: number | null, purpose: ArticlePurpose) {
  return useQuery({ ...articleQuery(id ?? 0, purpose), enabled: id !== null });
}
