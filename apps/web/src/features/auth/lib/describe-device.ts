import Bowser from 'bowser';

/** The browser and system a user-agent string names, or what of them could be read. */
export interface DeviceDescription {
  browser: string;
  os: string;
}

/**
 * Reads a user-agent with bowser (MIT), so the phone shows "Chrome on Linux"
 * rather than the raw string of the computer that asks to sign in.
 */
export function describeDevice(userAgent: string | null | undefined): DeviceDescription {
  if (!userAgent?.trim()) return { browser: '', os: '' };
  const parsed = Bowser.parse(userAgent);
  const os = [parsed.os.name, parsed.os.name === 'Windows' ? parsed.os.versionName : undefined]
    .filter(Boolean)
    .join(' ');
  return { browser: parsed.browser.name ?? '', os };
}
