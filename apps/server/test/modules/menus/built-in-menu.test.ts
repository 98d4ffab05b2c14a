import { FEATURE_MANIFESTS, type FeatureManifest, PERMISSION_CODES } from '@cityops/contract';
import { describe, expect, it } from 'vitest';
import {
  type BuiltInEntry,
  assembleBuiltInMenu,
  builtInMenu,
} from '../../../src/modules/menus/built-in-menu.js';
import { menuBeforeManifests } from './menu-before-manifests.js';

function flatten(entries: BuiltInEntry[]): BuiltInEntry[] {
  return entries.flatMap((entry) => [entry, ...flatten(entry.children ?? [])]);
}

describe('the built-in menu', () => {
  const entries = flatten(builtInMenu);

  it('has one action entry for every permission code of the contract, and no other', () => {
    const codes = entries.filter((entry) => entry.kind === 'action').map((e) => e.permission);
    expect([...codes].sort()).toEqual([...PERMISSION_CODES].sort());
  });

  it('gives every entry a unique code, and actions only below a page or directory', () => {
    expect(new Set(entries.map((entry) => entry.code)).size).toBe(entries.length);
    const walk = (list: BuiltInEntry[], parent: BuiltInEntry | null) => {
      for (const entry of list) {
        if (entry.kind === 'action') expect(parent?.kind).not.toBe('action');
        if (entry.kind === 'action') expect(parent).not.toBeNull();
        walk(entry.children ?? [], entry);
      }
    };
    walk(builtInMenu, null);
  });

  it('keeps the menu seeded before the feature manifests, entry for entry and in the same order', () => {
    // Screens declared since (a manifest of their own) add entries; none moves or changes one.
    const before = new Set(flatten(menuBeforeManifests).map((entry) => entry.code));
    const kept = (list: BuiltInEntry[]): BuiltInEntry[] =>
      list
        .filter((entry) => before.has(entry.code))
        .map((entry) => (entry.children ? { ...entry, children: kept(entry.children) } : entry));
    expect(kept(builtInMenu)).toStrictEqual(menuBeforeManifests);
  });

  it('does not depend on the order the contract lists the manifests in', () => {
    expect(assembleBuiltInMenu([...FEATURE_MANIFESTS].reverse())).toStrictEqual(builtInMenu);
  });

  it('refuses an entry under a parent no manifest declares, and a code declared twice', () => {
    const stray: FeatureManifest = {
      feature: 'stray',
      permissions: {
        'system:stray:read': {
          name: { en: 'Read', 'zh-CN': '查看' },
          entry: 'nowhere',
          sortOrder: 1,
        },
      },
    };
    expect(() => assembleBuiltInMenu([...FEATURE_MANIFESTS, stray])).toThrow(/nowhere/);
    const withMenu = FEATURE_MANIFESTS.find((manifest: FeatureManifest) => manifest.menu)!;
    expect(() => assembleBuiltInMenu([...FEATURE_MANIFESTS, withMenu])).toThrow(/declared twice/);
  });
});
