import { type Role, SYSTEM_PATHS, fillPath } from '@cityops/contract';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/http/api';
import { systemKeys } from './query-keys';

/** `GET /system/roles/:id`: one role with its entries and units, as the editor needs it. */
export function getRole(id: string): Promise<Role> {
  return api.get<Role>(fillPath(SYSTEM_PATHS.role, { id }));
}

/** The role as it is now, read again by the role dialog after a save lost to someone else's. */
export const roleQuery = (id: string) =>
  queryOptions({ queryKey: systemKeys.role(id), queryFn: () => getRole(id) });
