import { type Article, type ArticleCreate, GUIDE_PATHS } from '@cityops/contract';
import { api } from '@/lib/http/api';

/**
 * `POST /business-guide/articles`: a new draft. Silent: the form shows a refusal
 * itself (beside the fields, or in one toast), as it does for an update.
 */
export function createArticle(input: ArticleCreate): Promise<Article> {
  return api.post<Article>(GUIDE_PATHS.articles, { ...input }, { json: true, silent: true });
}
