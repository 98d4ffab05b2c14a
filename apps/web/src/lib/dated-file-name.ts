import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';

dayjs.extend(utc);
dayjs.extend(timezone);

/** A day in a file's name, the same in both languages. */
const FILE_DATE_FORMAT = 'YYYY-MM-DD';

function day(at: string | Date, timeZone: string | undefined): string {
  const moment = dayjs(at);
  if (!timeZone) return moment.format(FILE_DATE_FORMAT);
  try {
    return moment.tz(timeZone).format(FILE_DATE_FORMAT);
  } catch {
    // A zone this browser does not know: the browser's own day.
    return moment.format(FILE_DATE_FORMAT);
  }
}

/**
 * An export's file name with the day it covers (issue 31): `用户列表_2026-11-29.xlsx`, or
 * with the range its filter asked for, `审计日志_2026-11-01_2026-11-29.csv` (an open end
 * is today). Days are in `timeZone` (the city's) when given, else the browser's.
 */
export function datedFileName(
  base: string,
  extension: string,
  options: {
    from?: string | Date | undefined;
    to?: string | Date | undefined;
    timeZone?: string | undefined;
    now?: Date;
  } = {},
): string {
  const { from, to, timeZone, now = new Date() } = options;
  const days = [...(from ? [day(from, timeZone)] : []), day(to ?? now, timeZone)];
  return `${base}_${[...new Set(days)].join('_')}.${extension}`;
}
