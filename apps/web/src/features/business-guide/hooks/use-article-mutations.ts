import type { Article } from '@cityops/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type StatusAction, changeArticleStatus } from '../api/change-article-status';
import { deleteArticle } from '../api/delete-article';

/** Publish, withdraw and delete, refreshing the lists and the article afterwards. */
export function useArticleMutations() {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['business-guide'] });
  const status = useMutation({
    mutationFn: ({ id, action, version }: { id: number; action: StatusAction; version: number }) =>
      changeArticleStatus(id, action, version),
    onSettled: refresh,
  });
  const remove = useMutation({
    mutationFn: (article: Pick<Article, 'id' | 'version'>) =>
      deleteArticle(article.id, article.version),
    onSettled: refresh,
  });
  return { status, remove };
}
