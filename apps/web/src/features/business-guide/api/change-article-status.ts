import { type Article, GUIDE_PATHS, fillPath } from '@cityops/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/http/api';
import { guideKeys } from './query-keys';

export type StatusAction = 'publish' | 'withdraw';

/** `POST /business-guide/articles/:id/publish` or `/withdraw`, naming the version. */
export function changeArticleStatus(
  id: number,
  action: StatusAction,
  version: number,
): Promise<Article> {
  return api.post<Article>(fillPath(GUIDE_PATHS[action], { id }), { version });
}

/** Publishes or withdraws, then refreshes every guide query, whatever the answer. */
export function useChangeArticleStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action, version }: { id: number; action: StatusAction; version: number }) =>
      changeArticleStatus(id, action, version),
    onSettled: () => queryClient.invalidateQueries({ queryKey: guideKeys.all }),
  });
}
