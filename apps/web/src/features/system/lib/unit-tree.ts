import type { UnitItem } from '@cityops/contract';

/**
 * Whether the caller may make a unit at the top: the server offers `add-beside` on a
 * top unit only to a caller who reaches every unit (a district administrator does not).
 * `tops` is the first level of the caller's tree (`useUnitLevel(null)`).
 */
export function mayAddAtTop(tops: readonly UnitItem[]): boolean {
  return tops.some((unit) => unit.parentId === null && unit.actions.includes('add-beside'));
}

/**
 * Whether a unit may be given another parent: not the top of a delegated
 * administrator's units (the server refuses with system.unit.ownRoot).
 */
export function mayMove(tops: readonly UnitItem[], unit: UnitItem): boolean {
  return !tops.some((top) => top.id === unit.id) || unit.actions.includes('add-beside');
}

/** Where a new unit goes by default: at the top when the caller may, else below its first top unit that allows it. */
export function defaultParent(tops: readonly UnitItem[]): number | null {
  if (mayAddAtTop(tops)) return null;
  return tops.find((unit) => unit.actions.includes('add-child'))?.id ?? null;
}
