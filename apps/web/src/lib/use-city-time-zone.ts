import { CONFIG_PATHS } from '@cityops/contract';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { setCityTimeZone } from './date-time';
import { api } from './http/api';

/** The same key as the menu feature's public settings (`['config', key]`). */
export const cityTimeZoneKey = ['config', 'timeZone'] as const;

const readCityTimeZone = () =>
  api.get<string | null>(CONFIG_PATHS.value, { key: 'timeZone' }, { silent: true });

/**
 * For a page outside the shell (the phone's QR confirmation): reads the zone once and
 * hands it to the formatter; a failed read leaves the default, unannounced.
 */
export async function loadCityTimeZone(): Promise<void> {
  try {
    setCityTimeZone(await readCityTimeZone());
  } catch {
    // The default zone stays: a time is still shown.
  }
}

/**
 * Reads the city's time zone (public `organization/config?key=timeZone`) and hands it to
 * the formatter (date-time.ts); the shell calls it once. Returns the zone once known.
 */
export function useCityTimeZone(): string | undefined {
  const zone = useQuery({
    queryKey: cityTimeZoneKey,
    queryFn: readCityTimeZone,
    staleTime: 10 * 60_000,
  });
  useEffect(() => {
    if (zone.data) setCityTimeZone(zone.data);
  }, [zone.data]);
  return zone.data ?? undefined;
}
