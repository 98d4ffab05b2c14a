import type { Article, ArticleCreate } from '@cityops/contract';
import { api } from '@/lib/http/api';

/** `POST /business-guide/articles`: a new draft. */
export function createArticle(input: ArticleCreate): Promise<Article> {
  return api.post<Article>(
    '/business-guide/articles',
    { ...input },
    {
      headers: { 'Content-Type': 'application/json' },
    },
  );
}
