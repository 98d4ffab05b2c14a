import Bowser from 'bowser';

/**
 * How the screens that list sign-in sessions (online users, the personal area's
 * devices) show a browser and a time.
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

export { signInTime } from './sign-in-time';
