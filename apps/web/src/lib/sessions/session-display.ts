import Bowser from 'bowser';

/**
 * How the screens that list sign-in sessions (online users, the personal area's
 * devices, the previous sign-in notice) show a browser and a time.
 */

/** "Chrome 131 on Windows 10" from a user-agent string; '' when there is none. */
export function describeBrowser(userAgent: string | null | undefined): string {
  if (!userAgent?.trim()) return '';
  const parsed = Bowser.parse(userAgent);
  const browser = [parsed.browser.name, parsed.browser.version?.split('.')[0]]
    .filter(Boolean)
    .join(' ');
  const os = [parsed.os.name, parsed.os.versionName].filter(Boolean).join(' ');
  if (!browser) return userAgent.slice(0, 60);
  return os ? `${browser} · ${os}` : browser;
}

const pad = (value: number) => String(value).padStart(2, '0');

/** `2026-11-26 09:12` in the reader's time zone (the same in both languages). */
export function signInTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ${pad(
    date.getHours(),
  )}:${pad(date.getMinutes())}`;
}
