import { GUIDE_PATHS, type GuideCategory } from '@cityops/contract';
import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/http/api';
import { guideKeys } from './query-keys';

/** `GET /business-guide/categories` */
export function getCategories(): Promise<GuideCategory[]> {
  return api.get<GuideCategory[]>(GUIDE_PATHS.categories);
}

export const categoriesQuery = () =>
  queryOptions({
    queryKey: guideKeys.categories(),
    queryFn: getCategories,
    staleTime: 5 * 60_000,
  });

export function useCategories() {
  return useQuery(categoriesQuery());
}

/**
 * After a category is added, changed or deleted: the categories (the filters and
 * the dialog) and the article lists, whose rows show category names.
 */
export function refreshAfterCategoryChange(queryClient: QueryClient): Promise<void> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: guideKeys.categories() }),
    queryClient.invalidateQueries({ queryKey: guideKeys.articleLists() }),
  ]).then(() => undefined);
}
