import { describe, expect, it } from 'vitest';
import { menuEntry } from '@/testing/fixtures';
import { markedEntryCode, routeEntryCode } from './route-entry';

const at = (url: string) => ({ id: `${url}-model`, url, query: {}, integrated: false });

const entries = [
  menuEntry('command_coordination', {
    hasTwo: true,
    sysModelVos: [menuEntry('event_dispatch', { sysModels: at('/demo-subsystem.html') })],
  }),
  menuEntry('business_guide', {
    sysModels: at('/business_guide/table'),
    children: [menuEntry('guide_list', { sysModels: at('/business_guide/table') })],
  }),
  menuEntry('map_editing', { sysModels: at('/amap') }),
  menuEntry('data_exchange', { sysModels: at('https://data.example.org/amap') }),
];

describe('routeEntryCode', () => {
  it('finds the entry whose address opens the same section of the product', () => {
    expect(routeEntryCode(entries, '/amap')).toBe('map_editing');
    expect(routeEntryCode(entries, '/business_guide/details')).toBe('business_guide');
    expect(routeEntryCode(entries, '/business_guide/government_edit')).toBe('business_guide');
  });

  it("finds an entry through its sub-entries' addresses", () => {
    const guideUnderParent = [
      menuEntry('knowledge', {
        children: [menuEntry('guide_list', { sysModels: at('/business_guide/table?tab=laws') })],
      }),
    ];
    expect(routeEntryCode(guideUnderParent, '/business_guide/table')).toBe('knowledge');
  });

  it('is null where no entry leads, at the root path, and for another origin', () => {
    expect(routeEntryCode(entries.slice(0, 2), '/amap')).toBeNull();
    expect(routeEntryCode(entries, '/')).toBeNull();
    expect(routeEntryCode([entries[3]!], '/amap')).toBeNull();
  });
});

describe('markedEntryCode', () => {
  const home = {
    pathname: '/',
    menuList: entries,
    menuActive: 'business_guide',
    menuChosen: false,
    framing: false,
  };

  it('marks no entry on the home page before the person chooses one', () => {
    expect(markedEntryCode(home)).toBe('');
  });

  it('marks the active entry at the root path once chosen or while its page is framed', () => {
    expect(markedEntryCode({ ...home, menuChosen: true })).toBe('business_guide');
    expect(markedEntryCode({ ...home, menuActive: 'command_coordination', framing: true })).toBe(
      'command_coordination',
    );
  });

  it('marks the entry that leads to another page, whatever is active', () => {
    expect(markedEntryCode({ ...home, pathname: '/amap', menuChosen: true })).toBe('map_editing');
    expect(markedEntryCode({ ...home, pathname: '/profile', menuChosen: true })).toBe('');
  });
});
