import { GUIDE_PATHS, type GuideCategory, type GuideCategoryInput } from '@cityops/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/http/api';
import { refreshAfterCategoryChange } from './get-categories';

/**
 * `POST /business-guide/categories` (administrators). Silent: the dialog shows a
 * refusal (a code already taken) beside the field.
 */
export function createCategory(input: GuideCategoryInput): Promise<GuideCategory> {
  return api.post<GuideCategory>(
    GUIDE_PATHS.categories,
    { ...input },
    { json: true, silent: true },
  );
}

export function useCreateCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCategory,
    onSettled: () => refreshAfterCategoryChange(queryClient),
  });
}
