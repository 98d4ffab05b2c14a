import type { GrantableEntry } from '@cityops/contract';
import { describe, expect, it } from 'vitest';
import { indexTree, toggleEntry, treeState } from './permission-tree';

const entry = (id: number, children: GrantableEntry[] = []): GrantableEntry => ({
  id,
  code: `e${id}`,
  name: `项${id}`,
  nameEn: `Entry ${id}`,
  kind: children.length ? 'page' : 'action',
  permission: null,
  children,
});

// 1 directory > 2 page > (3, 4 actions); 5 page alone.
const index = indexTree([entry(1, [entry(2, [entry(3), entry(4)])]), entry(5)]);

describe('the permission tree', () => {
  it('shows a page held without its actions as half-checked, not as unheld', () => {
    const state = treeState(index, new Set([1, 2, 5]));
    expect(state.checked).toEqual([5]);
    expect(state.halfChecked.sort()).toEqual([1, 2]);
  });

  it('takes an entry with everything below and above it, and lets a full one go with what is below', () => {
    let held = toggleEntry(index, new Set(), 3);
    expect([...held].sort()).toEqual([1, 2, 3]);
    held = toggleEntry(index, held, 2);
    expect([...held].sort()).toEqual([1, 2, 3, 4]);
    expect(treeState(index, held).checked.sort()).toEqual([1, 2, 3, 4]);
    held = toggleEntry(index, held, 4);
    // The page stays held: only the action went.
    expect([...held].sort()).toEqual([1, 2, 3]);
    held = toggleEntry(index, held, 1);
    expect([...held].sort()).toEqual([1, 2, 3, 4]);
    held = toggleEntry(index, held, 1);
    expect([...held]).toEqual([]);
  });
});
