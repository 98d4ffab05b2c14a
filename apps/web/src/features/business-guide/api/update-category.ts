import {
  GUIDE_PATHS,
  type GuideCategory,
  type GuideCategoryInput,
  fillPath,
} from '@cityops/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/http/api';
import { refreshAfterCategoryChange } from './get-categories';

/**
 * `PUT /business-guide/categories/:id` (administrators): code, names and order.
 * Silent: the dialog shows a refusal beside the field.
 */
export function updateCategory(id: number, input: GuideCategoryInput): Promise<GuideCategory> {
  return api.put<GuideCategory>(
    fillPath(GUIDE_PATHS.category, { id }),
    { ...input },
    { json: true, silent: true },
  );
}

export function useUpdateCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: number; input: GuideCategoryInput }) =>
      updateCategory(id, input),
    onSettled: () => refreshAfterCategoryChange(queryClient),
  });
}
