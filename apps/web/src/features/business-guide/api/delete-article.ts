import { GUIDE_PATHS, fillPath } from '@cityops/contract';
import { api } from '@/lib/http/api';

/** `DELETE /business-guide/articles/:id?version=`: drafts and withdrawn articles only. */
export function deleteArticle(id: number, version: number): Promise<null> {
  return api.delete<null>(fillPath(GUIDE_PATHS.article, { id }), { version });
}
