import { CONFIG_PATHS, type Weather } from '@cityops/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/http/api';
import { weatherKeys } from './query-keys';

/** `GET /organization/config/weather`: the weather shown in the header, or null. */
export function getWeather(): Promise<Weather | null> {
  return api.get<Weather | null>(CONFIG_PATHS.weather);
}

export const weatherQuery = () =>
  queryOptions({
    queryKey: weatherKeys.current(),
    queryFn: getWeather,
    staleTime: 10 * 60_000,
    refetchInterval: 30 * 60_000,
  });

export function useWeather() {
  return useQuery(weatherQuery());
}
