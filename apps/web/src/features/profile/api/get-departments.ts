import { ORGAN_PATHS, type OrganOption, fillPath } from '@cityops/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/http/api';
import { profileKeys } from './query-keys';

/** `GET /organization/organ/cascade/{orgId}`: the departments of a unit. */
export function getDepartments(orgId: string): Promise<OrganOption[]> {
  return api.get<OrganOption[]>(fillPath(ORGAN_PATHS.departments, { orgId }));
}

export const departmentsQuery = (orgId: string | undefined) =>
  queryOptions({
    queryKey: profileKeys.departments(orgId),
    queryFn: () => getDepartments(orgId!),
    enabled: Boolean(orgId),
    staleTime: 10 * 60_000,
  });

export function useDepartments(orgId: string | undefined) {
  return useQuery(departmentsQuery(orgId));
}
