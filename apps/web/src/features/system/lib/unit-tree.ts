import type { Department, UnitNode } from '@cityops/contract';
import { localName } from '@/lib/local-name';

export interface UnitOption {
  value: number;
  title: string;
  disabled?: boolean;
  children: UnitOption[];
}

/**
 * The units as TreeSelect data. `exclude` leaves out a unit and everything below
 * it (a unit cannot move below itself); `selectable` greys out the others.
 */
export function unitOptions(
  units: readonly UnitNode[],
  language: string,
  exclude?: number,
  selectable?: (unit: UnitNode) => boolean,
): UnitOption[] {
  return units
    .filter((unit) => unit.id !== exclude)
    .map((unit) => ({
      value: unit.id,
      title: localName(unit, language),
      ...(selectable && !selectable(unit) ? { disabled: true } : {}),
      children: unitOptions(unit.children, language, exclude, selectable),
    }));
}

/**
 * Whether the caller may make a unit at the top: the server offers `add-beside` on a
 * top unit only to a caller who reaches every unit (a district administrator does not).
 */
export function mayAddAtTop(units: readonly UnitNode[]): boolean {
  return units.some((unit) => unit.parentId === null && unit.actions.includes('add-beside'));
}

/**
 * Whether a unit may be given another parent: not the top of a delegated
 * administrator's units (the server refuses with system.unit.ownRoot).
 */
export function mayMove(units: readonly UnitNode[], unit: UnitNode): boolean {
  return !units.includes(unit) || unit.actions.includes('add-beside');
}

/** Where a new unit goes by default: at the top when the caller may, else below the first unit it may. */
export function defaultParent(units: readonly UnitNode[]): number | null {
  if (mayAddAtTop(units)) return null;
  return allUnits(units).find((unit) => unit.actions.includes('add-child'))?.id ?? null;
}

/** Every unit of the tree, depth first. */
export function allUnits(units: readonly UnitNode[]): UnitNode[] {
  return units.flatMap((unit) => [unit, ...allUnits(unit.children)]);
}

export function findUnit(
  units: readonly UnitNode[],
  id: number | null | undefined,
): UnitNode | undefined {
  if (id === null || id === undefined) return undefined;
  return allUnits(units).find((unit) => unit.id === id);
}

/** The departments of a unit, in their order. */
export function departmentsOf(
  units: readonly UnitNode[],
  unitId: number | null | undefined,
): Department[] {
  return [...(findUnit(units, unitId)?.departments ?? [])].sort(
    (a, b) => a.sortOrder - b.sortOrder || a.id - b.id,
  );
}
