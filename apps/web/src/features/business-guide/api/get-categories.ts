import type { GuideCategory } from '@cityops/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/http/api';

/** `GET /business-guide/categories` */
export function getCategories(): Promise<GuideCategory[]> {
  return api.get<GuideCategory[]>('/business-guide/categories');
}

export const categoriesQuery = () =>
  queryOptions({
    queryKey: ['business-guide', 'categories'],
    queryFn: getCategories,
    staleTime: 5 * 60_000,
  });

export function useCategories() {
  return useQuery(categoriesQuery());
}
