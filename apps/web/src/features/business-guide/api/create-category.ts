import type { GuideCategory, GuideCategoryInput } from '@cityops/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/http/api';
import { refreshAfterCategoryChange } from './get-categories';

/**
 * `POST /business-guide/categories` (administrators). Silent: the dialog shows a
 * refusal (a code already taken) beside the field.
 */
export function createCategory(input: GuideCategoryInput): Promise<GuideCategory> {
  return api.post<GuideCategory>(
    '/business-guide/categories',
    { ...input },
    { headers: { 'Content-Type': 'application/json' }, silent: true },
  );
}

export function useCreateCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCategory,
    onSettled: () => refreshAfterCategoryChange(queryClient),
  });
}
