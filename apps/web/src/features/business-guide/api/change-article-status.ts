import { type Article, GUIDE_PATHS, fillPath } from '@cityops/contract';
import { api } from '@/lib/http/api';

export type StatusAction = 'publish' | 'withdraw';

/** `POST /business-guide/articles/:id/publish` or `/withdraw`, naming the version. */
export function changeArticleStatus(
  id: number,
  action: StatusAction,
  version: number,
): Promise<Article> {
  return api.post<Article>(fillPath(GUIDE_PATHS[action], { id }), { version });
}
