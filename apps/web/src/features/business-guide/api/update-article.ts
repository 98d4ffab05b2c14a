import type { Article, ArticleUpdate } from '@cityops/contract';
import { api } from '@/lib/http/api';

/**
 * `PUT /business-guide/articles/:id` with the version the change was made on.
 * Silent: a stale version (`040009`) is shown by the screen, with its choices.
 */
export function updateArticle(id: number, input: ArticleUpdate): Promise<Article> {
  return api.put<Article>(
    `/business-guide/articles/${id}`,
    { ...input },
    {
      headers: { 'Content-Type': 'application/json' },
      silent: true,
    },
  );
}
