import { formatDateTime } from '../date-time';

/**
 * `2026-11-26 09:12` in the city's time zone (the same in both languages): how the
 * session screens and the previous sign-in notice show a time. Kept apart from
 * `describeBrowser` so the shell's notice does not carry the user-agent parser.
 */
export function signInTime(iso: string): string {
  return formatDateTime(iso);
}
