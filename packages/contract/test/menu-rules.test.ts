import { describe, expect, it } from 'vitest';
import {
  decideMenuClick,
  isChildrenMenuCode,
  isExternalLink,
  subEntriesOf,
} from '../src/menu-rules.js';
import { menuEntry as entry } from './menu-entry.js';

const integratedChild = entry('platform', {
  sysModels: { id: '42', url: '/platform', query: {}, integrated: true },
});
const plainChild = entry('plain');

describe('subEntriesOf', () => {
  it('reads sysModelVos when hasTwo is set', () => {
    const parent = entry('p', { hasTwo: true, sysModelVos: [plainChild], children: [entry('x')] });
    expect(subEntriesOf(parent)).toEqual([plainChild]);
  });
  it('reads children otherwise', () => {
    const parent = entry('p', { hasTwo: false, sysModelVos: [entry('x')], children: [plainChild] });
    expect(subEntriesOf(parent)).toEqual([plainChild]);
  });
});

describe('isChildrenMenuCode', () => {
  it('is set only for the configured command coordination code', () => {
    expect(isChildrenMenuCode('command_coordination', 'command_coordination')).toBe(true);
    expect(isChildrenMenuCode('industry_applications', 'command_coordination')).toBe(false);
    expect(isChildrenMenuCode('ops', 'ops')).toBe(true);
    expect(isChildrenMenuCode('', '')).toBe(false);
  });
});

describe('isExternalLink', () => {
  it.each([
    ['http://example.org', true],
    ['https://example.org/a', true],
    ['HTTPS://EXAMPLE.ORG', true],
    ['mailto:ops@example.org', true],
    ['tel:12345', true],
    ['/amap', false],
    ['business_guide/table', false],
    ['javascript:alert(1)', false],
    ['ftp://example.org', false],
    ['httpx://example.org', false],
  ])('%s is external: %s', (url, expected) => {
    expect(isExternalLink(url)).toBe(expected);
  });
});

describe('decideMenuClick', () => {
  const base = { pathname: '/', menuActive: 'business_guide', isIframe: false, menuChild: null };

  it('goes to the root first when not on /', () => {
    expect(decideMenuClick(entry('a'), { ...base, pathname: '/amap' }).goRoot).toBe(true);
    expect(decideMenuClick(entry('a'), base).goRoot).toBe(false);
  });

  it('an entry with exactly one integrated child frames it (children)', () => {
    const parent = entry('data_exchange', { children: [integratedChild] });
    expect(decideMenuClick(parent, base).effect).toEqual({
      kind: 'integrated',
      child: integratedChild,
    });
  });

  it('an entry with exactly one integrated child frames it (sysModelVos when hasTwo)', () => {
    const parent = entry('x', { hasTwo: true, sysModelVos: [integratedChild] });
    expect(decideMenuClick(parent, base).effect.kind).toBe('integrated');
    // With hasTwo the children list is not read.
    const ignored = entry('y', {
      hasTwo: true,
      sysModelVos: [plainChild],
      children: [integratedChild],
    });
    expect(decideMenuClick(ignored, base).effect.kind).toBe('activate');
  });

  it('one child that is not integrated, or two children, just activate', () => {
    expect(decideMenuClick(entry('a', { children: [plainChild] }), base).effect.kind).toBe(
      'activate',
    );
    expect(
      decideMenuClick(entry('a', { children: [integratedChild, plainChild] }), base).effect.kind,
    ).toBe('activate');
    expect(decideMenuClick(entry('a'), base).effect).toEqual({
      kind: 'activate',
      entry: entry('a'),
    });
  });

  it('the integrated rule applies only when the entry is not already active', () => {
    const parent = entry('data_exchange', { children: [integratedChild] });
    const state = { ...base, menuActive: 'data_exchange' };
    expect(decideMenuClick(parent, state).effect.kind).toBe('clearIframe');
  });

  it('the active entry does nothing while its frame shows a child', () => {
    const state = { ...base, isIframe: true, menuChild: plainChild };
    expect(decideMenuClick(entry('business_guide'), state).effect).toEqual({ kind: 'keep' });
  });

  it('an active group shows its pages again while one of them is framed (issue 31)', () => {
    const group = entry('system_admin', { children: [plainChild, entry('roles')] });
    const state = { ...base, menuActive: 'system_admin', isIframe: true, menuChild: plainChild };
    expect(decideMenuClick(group, state).effect.kind).toBe('clearIframe');
    expect(decideMenuClick(group, { ...state, pathname: '/system/users' })).toEqual({
      goRoot: true,
      effect: { kind: 'clearIframe' },
    });
  });

  it('the active entry clears the iframe otherwise', () => {
    const active = entry('business_guide');
    expect(decideMenuClick(active, { ...base, isIframe: true }).effect.kind).toBe('clearIframe');
    expect(decideMenuClick(active, { ...base, menuChild: plainChild }).effect.kind).toBe(
      'clearIframe',
    );
    expect(decideMenuClick(active, base).effect.kind).toBe('clearIframe');
  });
});
