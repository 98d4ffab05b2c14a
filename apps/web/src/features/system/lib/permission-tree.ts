import type { GrantableEntry } from '@cityops/contract';

/**
 * The role editor's permission tree. A role holds entries with their ancestors,
 * and a page may be held without its actions (the staff role reads guidance but
 * cannot write it), which a tree whose parents follow their children cannot
 * show: it would drop such a page on save. So each entry is held or not, and the
 * tree shows an entry held with everything below it as checked, one held with
 * less below it as half-checked (tri-state); what is sent is every held entry,
 * the checked and the half-checked together.
 */

interface Indexed {
  parent: Map<number, number | null>;
  children: Map<number, number[]>;
}

export function indexTree(entries: readonly GrantableEntry[]): Indexed {
  const parent = new Map<number, number | null>();
  const children = new Map<number, number[]>();
  const walk = (list: readonly GrantableEntry[], parentId: number | null) => {
    for (const entry of list) {
      parent.set(entry.id, parentId);
      children.set(
        entry.id,
        entry.children.map((child) => child.id),
      );
      walk(entry.children, entry.id);
    }
  };
  walk(entries, null);
  return { parent, children };
}

function descendants(index: Indexed, id: number): number[] {
  return (index.children.get(id) ?? []).flatMap((child) => [child, ...descendants(index, child)]);
}

function ancestors(index: Indexed, id: number): number[] {
  const result: number[] = [];
  for (let up = index.parent.get(id); up !== null && up !== undefined; up = index.parent.get(up)) {
    result.push(up);
  }
  return result;
}

/** How the tree shows a set of held entries. */
export function treeState(
  index: Indexed,
  held: ReadonlySet<number>,
): { checked: number[]; halfChecked: number[] } {
  const checked: number[] = [];
  const halfChecked: number[] = [];
  for (const id of index.parent.keys()) {
    const below = descendants(index, id);
    const heldBelow = below.some((child) => held.has(child));
    if (held.has(id) && below.every((child) => held.has(child))) checked.push(id);
    else if (held.has(id) || heldBelow) halfChecked.push(id);
  }
  return { checked, halfChecked };
}

/**
 * A click on an entry: a fully checked one is let go with everything below it;
 * otherwise it is taken with everything below it and every entry above it.
 */
export function toggleEntry(index: Indexed, held: ReadonlySet<number>, id: number): Set<number> {
  const next = new Set(held);
  const below = descendants(index, id);
  const full = held.has(id) && below.every((child) => held.has(child));
  if (full) {
    for (const entry of [id, ...below]) next.delete(entry);
  } else {
    for (const entry of [id, ...below, ...ancestors(index, id)]) next.add(entry);
  }
  return next;
}
