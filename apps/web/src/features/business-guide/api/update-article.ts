import { type Article, type ArticleUpdate, GUIDE_PATHS, fillPath } from '@cityops/contract';
import { api } from '@/lib/http/api';

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
