import { DEFAULT_TIME_ZONE, isTimeZone } from '@cityops/contract';

/** Where the city's time zone is kept in the `settings` table (group general). */
export const TIME_ZONE_KEY = 'general.timeZone';

/** A saved time zone the runtime knows, else the default (Asia/Shanghai). */
export function timeZoneOf(raw: string | null | undefined): string {
  return raw && isTimeZone(raw) ? raw : DEFAULT_TIME_ZONE;
}
