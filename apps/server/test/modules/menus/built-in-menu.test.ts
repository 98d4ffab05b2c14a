import { PERMISSION_CODES } from '@cityops/contract';
import { describe, expect, it } from 'vitest';
import { type BuiltInEntry, builtInMenu } from '../../../src/modules/menus/built-in-menu.js';

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
});
