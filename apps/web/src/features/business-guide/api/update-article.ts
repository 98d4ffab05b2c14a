import { type Article, type ArticleUpdate, GUIDE_PATHS, fillPath } from '@cityops/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/http/api';
import { guideKeys } from './query-keys';

/**
 * `PUT /business-guide/articles/:id` with the version the change was made on.
 * Silent: a stale version (`040009`) is shown by the screen, with its choices.
 */
export function updateArticle(id: number, input: ArticleUpdate): Promise<Article> {
  return api.put<Article>(
    fillPath(GUIDE_PATHS.article, { id }),
    { ...input },
    { json: true, silent: true },
  );
}

/** Saves a change, then refreshes every guide query (the lists and the article). */
export function useUpdateArticle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: number; input: ArticleUpdate }) => updateArticle(id, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: guideKeys.all }),
  });
}
