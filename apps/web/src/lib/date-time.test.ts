import { readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { formatDateTime, getCityTimeZone, setCityTimeZone } from './date-time';
import { initI18n } from './i18n';

describe('formatDateTime', () => {
  afterEach(() => setCityTimeZone(null));

  it.each(['zh-CN', 'en'] as const)(
    'writes one format in %s, in the city time zone',
    async (language) => {
      await initI18n(language);
      // 00:35 UTC is 08:35 in Asia/Shanghai, the default zone.
      expect(formatDateTime('2026-11-29T00:35:12Z')).toBe('2026-11-29 08:35');
      expect(formatDateTime('2026-11-29T00:35:12Z', { seconds: true })).toBe('2026-11-29 08:35:12');
      expect(formatDateTime(Date.UTC(2026, 10, 29, 0, 35))).toBe('2026-11-29 08:35');
    },
  );

  it('follows the zone from the settings', () => {
    setCityTimeZone('Europe/Berlin');
    expect(getCityTimeZone()).toBe('Europe/Berlin');
    expect(formatDateTime('2026-11-29T00:35:00Z')).toBe('2026-11-29 01:35');
    expect(formatDateTime('2026-11-29T00:35:00Z', { timeZone: 'UTC' })).toBe('2026-11-29 00:35');
  });

  it('gives nothing for a missing or unreadable time, the default for an unknown zone', () => {
    expect(formatDateTime(null)).toBe('');
    expect(formatDateTime('nonsense')).toBe('');
    expect(formatDateTime('2026-11-29T00:35:00Z', { timeZone: 'Mars/Olympus' })).toBe(
      '2026-11-29 08:35',
    );
  });
});

describe('the web formats times in one place', () => {
  const src = join(dirname(fileURLToPath(import.meta.url)), '..');
  const FORMATTER = join('lib', 'date-time.ts');
  const LOCALE_FORMATTING =
    /toLocale(?:Date|Time)?String\(|Intl\.DateTimeFormat|dateStyle|timeStyle/;

  function sources(dir: string): string[] {
    return readdirSync(dir).flatMap((name) => {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) return sources(path);
      return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
    });
  }

  it('leaves no toLocaleString, toLocaleDateString or Intl.DateTimeFormat outside the formatter', () => {
    const files = sources(src);
    expect(files.length).toBeGreaterThan(50);
    const offenders = files
      .filter((path) => relative(src, path) !== FORMATTER)
      .filter((path) => LOCALE_FORMATTING.test(readFileSync(path, 'utf8')))
      .map((path) => relative(src, path));
    expect(offenders).toEqual([]);
  });
});
