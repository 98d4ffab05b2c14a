import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/http/api';
import { GUIDE_PATHS, fillPath } from '@cityops/contract';
import { refreshAfterCategoryChange } from './get-categories';

/**
 * `DELETE /business-guide/categories/:id` (administrators). A category that still
 * has articles is refused (`guide.categoryInUse`); silent, the dialog shows why.
 */
export function deleteCategory(id: number): Promise<null> {
  return api.delete<null>(fillPath(GUIDE_PATHS.category, { id }), undefined, { silent: true });
}

export function useDeleteCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCategory,
    onSettled: () => refreshAfterCategoryChange(queryClient),
  });
}
