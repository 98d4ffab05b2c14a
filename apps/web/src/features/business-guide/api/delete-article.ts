import { type Article, GUIDE_PATHS, fillPath } from '@cityops/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/http/api';
import { guideKeys } from './query-keys';

/** `DELETE /business-guide/articles/:id?version=`: drafts and withdrawn articles only. */
export function deleteArticle(id: number, version: number): Promise<null> {
  return api.delete<null>(fillPath(GUIDE_PATHS.article, { id }), { version });
}

/** Deletes an article, then refreshes every guide query, whatever the answer. */
export function useDeleteArticle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (article: Pick<Article, 'id' | 'version'>) =>
      deleteArticle(article.id, article.version),
    onSettled: () => queryClient.invalidateQueries({ queryKey: guideKeys.all }),
  });
}
