import { ORGAN_PATHS, type OrganOption } from '@cityops/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/http/api';
import { profileKeys } from './query-keys';

/** `GET /organization/organ/cascade`: the units. */
export function getOrgans(): Promise<OrganOption[]> {
  return api.get<OrganOption[]>(ORGAN_PATHS.units);
}

export const organsQuery = () =>
  queryOptions({ queryKey: profileKeys.units(), queryFn: getOrgans, staleTime: 10 * 60_000 });

export function useOrgans() {
  return useQuery(organsQuery());
}
