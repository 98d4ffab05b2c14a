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
 * it (a unit cannot move below itself).
 */
export function unitOptions(
  units: readonly UnitNode[],
  language: string,
  exclude?: number,
): UnitOption[] {
  return units
    .filter((unit) => unit.id !== exclude)
    .map((unit) => ({
      value: unit.id,
      title: localName(unit, language),
      children: unitOptions(unit.children, language, exclude),
    }));
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
