import { describe, expect, it } from 'vitest';
import { type MenuEntry, subEntriesOf } from '../src/menu-rules.js';
import { menuEntrySchema, menuListSchema } from '../src/menu.js';
import { menuEntry as entry } from './menu-entry.js';

describe('subEntriesOf (sysModelVos when hasTwo, else children)', () => {
  const a = entry('a');
  const b = entry('b');

  it('reads sysModelVos when hasTwo is true', () => {
    expect(subEntriesOf(entry('p', { hasTwo: true, sysModelVos: [a], children: [b] }))).toEqual([
      a,
    ]);
  });

  it('reads children when hasTwo is false', () => {
    expect(subEntriesOf(entry('p', { hasTwo: false, sysModelVos: [a], children: [b] }))).toEqual([
      b,
    ]);
  });

  it('is empty for a leaf', () => {
    expect(subEntriesOf(entry('leaf'))).toEqual([]);
  });
});

describe('menu schemas', () => {
  const tree = [
    entry('business_guide', {
      name: '业务指导',
      nameEn: 'Business guidance',
      icon: 'book',
      sysModels: {
        id: '101',
        url: '/business_guide/table',
        query: { tab: 'laws' },
        integrated: false,
      },
    }),
    entry('command_coordination', {
      hasTwo: true,
      sysModelVos: [
        entry('event_dispatch', {
          sysModels: { id: '5', url: '/x', query: {}, integrated: true },
          children: [entry('deeper')],
        }),
      ],
    }),
  ];

  it('accepts a nested tree in the spec shape', () => {
    expect(menuListSchema.parse(tree)).toEqual(tree);
  });

  it.each([
    ['a missing code', { ...entry('x'), code: undefined }],
    ['a missing sysModels', { ...entry('x'), sysModels: undefined }],
    [
      'a numeric query value',
      entry('x', {
        sysModels: { id: '1', url: '', query: { a: 1 as unknown as string }, integrated: false },
      }),
    ],
    [
      'a string integrated flag',
      entry('x', {
        sysModels: { id: '1', url: '', query: {}, integrated: 'yes' as unknown as boolean },
      }),
    ],
    ['hasTwo missing', { ...entry('x'), hasTwo: undefined }],
    ['a bad nested child', entry('x', { children: [{ code: 'y' } as MenuEntry] })],
  ])('refuses %s', (_name, value) => {
    expect(menuEntrySchema.safeParse(value).success).toBe(false);
  });
});
