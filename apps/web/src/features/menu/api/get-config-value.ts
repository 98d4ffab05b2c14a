import { CONFIG_PATHS, type PublicConfigKey } from '@cityops/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/http/api';
import { menuKeys } from './query-keys';

/** `GET /organization/config?key=`: a public setting, or null. */
export function getConfigValue(key: PublicConfigKey): Promise<string | null> {
  return api.get<string | null>(CONFIG_PATHS.value, { key });
}

export const configValueQuery = (key: PublicConfigKey) =>
  queryOptions({
    queryKey: menuKeys.config(key),
    queryFn: () => getConfigValue(key),
    staleTime: 10 * 60_000,
  });

export function useConfigValue(key: PublicConfigKey) {
  return useQuery(configValueQuery(key));
}
