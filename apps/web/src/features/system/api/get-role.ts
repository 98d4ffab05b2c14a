import { type Role, SYSTEM_PATHS, fillPath } from '@cityops/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/http/api';
import { systemKeys } from './query-keys';

/** `GET /system/roles/:id`: one role with its entries and units, as the editor needs it. */
export function getRole(id: string): Promise<Role> {
  return api.get<Role>(fillPath(SYSTEM_PATHS.role, { id }));
}

export const roleQuery = (id: string) =>
  queryOptions({ queryKey: systemKeys.role(id), queryFn: () => getRole(id) });

export function useRole(id: string | null) {
  return useQuery({ ...roleQuery(id ?? ''), enabled: id !== null, staleTime: 0 });
}
