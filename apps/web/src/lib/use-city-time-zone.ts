import { CONFIG_PATHS } from '@cityops/contract';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { setCityTimeZone } from './date-time';
import { api } from './http/api';

/** The same key as the menu feature's public settings (`['config', key]`). */
export const cityTimeZoneKey = ['config', 'timeZone'] as const;

/**
 * Reads the city's time zone (public `organization/config?key=timeZone`) and hands it to
 * the formatter (date-time.ts); the shell calls it once. Returns the zone once known.
 */
export function useCityTimeZone(): string | undefined {
  const zone = useQuery({
    queryKey: cityTimeZoneKey,
    queryFn: () => api.get<string | null>(CONFIG_PATHS.value, { key: 'timeZone' }),
    staleTime: 10 * 60_000,
  });
  useEffect(() => {
    if (zone.data) setCityTimeZone(zone.data);
  }, [zone.data]);
  return zone.data ?? undefined;
}
