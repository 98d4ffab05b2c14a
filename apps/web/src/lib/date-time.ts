import { DEFAULT_TIME_ZONE } from '@cityops/contract';
import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';

dayjs.extend(utc);
dayjs.extend(timezone);

/** The one way the web shows a time, the same in both languages (issue 31). */
export const DATE_TIME_FORMAT = 'YYYY-MM-DD HH:mm';
/** The audit trail's times, to the second. */
export const DATE_TIME_SECONDS_FORMAT = 'YYYY-MM-DD HH:mm:ss';

// The city's zone (基本设置 → 时区), read once signed in (use-city-time-zone.ts); the
// default until then, so a screen never waits for it.
let cityTimeZone = DEFAULT_TIME_ZONE;

export function setCityTimeZone(zone: string | null | undefined): void {
  cityTimeZone = zone || DEFAULT_TIME_ZONE;
}

export function getCityTimeZone(): string {
  return cityTimeZone;
}

export interface DateTimeOptions {
  /** `YYYY-MM-DD HH:mm:ss` (the audit trail) instead of minutes. */
  seconds?: boolean;
  /** Another zone than the city's (the audit answer carries its own). */
  timeZone?: string;
}

/**
 * `2026-11-29 08:35` in the city's time zone, whatever the language; '' for a
 * missing or unreadable time. Accepts an ISO text, epoch milliseconds or a Date.
 */
export function formatDateTime(
  at: string | number | Date | null | undefined,
  options: DateTimeOptions = {},
): string {
  if (at === null || at === undefined || at === '') return '';
  const moment = dayjs(at);
  if (!moment.isValid()) return '';
  const format = options.seconds ? DATE_TIME_SECONDS_FORMAT : DATE_TIME_FORMAT;
  try {
    return moment.tz(options.timeZone ?? cityTimeZone).format(format);
  } catch {
    // A zone this browser does not know: the default rather than nothing.
    return moment.tz(DEFAULT_TIME_ZONE).format(format);
  }
}
