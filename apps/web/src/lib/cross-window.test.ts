import { ErrorCode, type MenuEntry } from '@cityops/contract';
import { describe, expect, it } from 'vitest';
import { acceptedCode, subsystemOrigins } from './cross-window';

const entry = (url: string, children: MenuEntry[] = []): MenuEntry =>
  ({
    code: url,
    name: url,
    nameEn: url,
    icon: '',
    hasTwo: false,
    children,
    sysModelVos: [],
    sysModels: { id: '1', url, query: {}, integrated: false },
  }) as unknown as MenuEntry;

describe('cross-window messages', () => {
  const trusted = subsystemOrigins([
    entry('https://cmd.city.example/app?x=1', [entry('http://10.0.0.5:8080/a')]),
    entry('/business_guide/table'),
  ]);

  it('collects the origins of the configured subsystems', () => {
    expect([...trusted]).toEqual(['https://cmd.city.example', 'http://10.0.0.5:8080']);
  });

  it('accepts 040005 and 000404 from the own origin and from subsystems only', () => {
    const own = 'https://ops.city.example';
    expect(acceptedCode({ origin: own, data: { code: '040005' } }, trusted, own)).toBe(
      ErrorCode.TOKEN_INVALID,
    );
    expect(
      acceptedCode({ origin: 'http://10.0.0.5:8080', data: { code: '000404' } }, trusted, own),
    ).toBe(ErrorCode.SESSION_GONE);
    expect(
      acceptedCode({ origin: 'https://evil.example', data: { code: '040005' } }, trusted, own),
    ).toBeNull();
    expect(acceptedCode({ origin: own, data: { code: '000000' } }, trusted, own)).toBeNull();
    expect(acceptedCode({ origin: own, data: '040005' }, trusted, own)).toBeNull();
  });
});
