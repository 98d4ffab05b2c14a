import { type Article, type ArticleCreate, GUIDE_PATHS } from '@cityops/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/http/api';
import { guideKeys } from './query-keys';

/**
 * `POST /business-guide/articles`: a new draft. Silent: the form shows a refusal
 * itself (beside the fields, or in one toast), as it does for an update.
 */
export function createArticle(input: ArticleCreate): Promise<Article> {
  return api.post<Article>(GUIDE_PATHS.articles, { ...input }, { json: true, silent: true });
}

/** Creates a draft, then refreshes every guide query (the lists show it). */
export function useCreateArticle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createArticle,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: guideKeys.all }),
  });
}
