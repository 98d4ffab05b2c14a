import { api } from '@/lib/http/api';

/** `DELETE /business-guide/articles/:id?version=`: drafts and withdrawn articles only. */
export function deleteArticle(id: number, version: number): Promise<null> {
  return api.delete<null>(`/business-guide/articles/${id}`, { version });
}
