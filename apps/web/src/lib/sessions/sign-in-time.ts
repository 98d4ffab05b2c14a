const pad = (value: number) => String(value).padStart(2, '0');

/**
 * `2026-11-26 09:12` in the reader's time zone (the same in both languages): how
 * the session screens and the previous sign-in notice show a time. Kept apart from
 * `describeBrowser` so the shell's notice does not carry the user-agent parser.
 */
export function signInTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ${pad(
    date.getHours(),
  )}:${pad(date.getMinutes())}`;
}
