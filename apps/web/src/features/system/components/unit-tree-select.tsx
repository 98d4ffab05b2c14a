import type { UnitItem } from '@cityops/contract';
import { useQueryClient } from '@tanstack/react-query';
import { TreeSelect } from 'antd';
import { type CSSProperties, useDeferredValue, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { registerTexts } from '@/lib/i18n';
import { localName } from '@/lib/local-name';
import { systemTexts } from '@/locales/system-texts';
import { unitLevelQuery, useUnitLevels } from '../api/get-unit-level';
import { useUnitSearch, useUnitsById } from '../api/search-units';

// The picker serves screens of other features too (the session filter): its words come with it.
registerTexts(systemTexts);

type UnitValue = number | number[] | null | undefined;

export interface UnitTreeSelectProps {
  /** The chosen unit (or units, with `multiple`), as a form item gives it. */
  value?: UnitValue;
  onChange?(value: UnitValue): void;
  multiple?: boolean;
  /** A unit left out with everything below it (a unit cannot move below itself). */
  exclude?: number;
  /** Units shown but not to be chosen (greyed out): those the server offers nothing on. */
  selectable?(unit: UnitItem): boolean;
  allowClear?: boolean;
  disabled?: boolean;
  placeholder?: string;
  style?: CSSProperties;
  id?: string;
  'aria-required'?: boolean | 'true' | 'false';
  'aria-invalid'?: boolean | 'true' | 'false';
  'aria-describedby'?: string;
}

interface Option {
  id: number;
  pId: number | null;
  value: number;
  title: string;
  isLeaf: boolean;
  disabled?: boolean;
}

/** The value of a level's "show more": below zero, where no unit's id is. */
const moreValue = (parentId: number | null) => -(parentId ?? 0) - 1;
const parentOfMore = (more: number) => (more === -1 ? null : -more - 1);

const chosenOf = (value: UnitValue): number[] =>
  value === null || value === undefined ? [] : [value].flat();

/**
 * The console's one unit picker (issue 33): the caller's units read a level at a time
 * as they are opened, never the whole tree, and found by a keyword in either name on
 * the server. A chosen unit is labelled, and its branch opened, from its path.
 */
export function UnitTreeSelect({
  value,
  onChange,
  multiple,
  exclude,
  selectable,
  ...props
}: UnitTreeSelectProps) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const queryClient = useQueryClient();
  const [keyword, setKeyword] = useState('');
  const searched = useDeferredValue(keyword.trim());
  const chosen = chosenOf(value);
  const chosenUnits = useUnitsById(chosen);
  const found = useUnitSearch(searched);
  // The top level, and every level on the way to a chosen unit: its parent's level
  // holds it, so the picker shows its name and its siblings.
  const opened = useMemo(() => {
    const ids = new Set<number | null>([null]);
    for (const unit of chosenUnits.data ?? []) unit.path.forEach((step) => ids.add(step.id));
    return [...ids];
  }, [chosenUnits.data]);
  const [loadedIds, setLoadedIds] = useState<readonly number[]>([]);
  const tree = useUnitLevels([...opened, ...loadedIds]);
  // The popup stays open when "show more" is chosen, as it would for a unit's arrow.
  const [open, setOpen] = useState(false);
  const keepOpen = useRef(false);

  const excluded = (unit: UnitItem) =>
    exclude !== undefined && (unit.id === exclude || unit.path.some((step) => step.id === exclude));
  const optionOf = (unit: UnitItem, title: string, tree: boolean): Option => ({
    id: unit.id,
    pId: tree ? unit.parentId : null,
    value: unit.id,
    title,
    isLeaf: !tree || !unit.hasChildren,
    ...(selectable && !selectable(unit) ? { disabled: true } : {}),
  });
  const pathTitle = (unit: UnitItem) =>
    [...unit.path, unit].map((step) => localName(step, language)).join(' / ');

  let options: Option[];
  if (searched) {
    // Found units as a flat list, each named with its path; the chosen ones stay.
    const list = [...(found.data ?? []), ...(chosenUnits.data ?? [])].filter(
      (unit) => !excluded(unit),
    );
    options = [...new Map(list.map((unit) => [unit.id, unit])).values()].map((unit) =>
      optionOf(unit, pathTitle(unit), false),
    );
  } else {
    const seen = new Map<number, Option>();
    for (const [parentId, level] of tree.levels) {
      // A chosen unit past the pages read yet is shown in its level all the same, so
      // that its name shows (a role's units, a megacity's wide level).
      const chosenHere = (chosenUnits.data ?? []).filter((unit) =>
        parentId === null ? unit.path.length === 0 : unit.parentId === parentId,
      );
      for (const unit of [...level.units, ...chosenHere]) {
        if (!excluded(unit) && !seen.has(unit.id)) {
          seen.set(unit.id, optionOf(unit, localName(unit, language), true));
        }
      }
      // A wide level's next page, chosen like a unit (by keyboard too): never a value.
      if (level.hasMore && parentId !== exclude) {
        const more = moreValue(parentId);
        seen.set(more, {
          id: more,
          pId: parentId,
          value: more,
          title: t('system.units.showMore'),
          isLeaf: true,
        });
      }
    }
    // A unit whose parent is not among them (the top of the caller's tree) is a root.
    options = [...seen.values()];
  }

  const showMore = (more: number) => tree.showMore(parentOfMore(more));

  return (
    <TreeSelect<UnitValue>
      {...props}
      // Always controlled (a form item gives undefined until a unit is chosen), so
      // that choosing "show more" changes nothing.
      value={value ?? (multiple ? [] : null)}
      multiple={multiple}
      open={open}
      onOpenChange={(next) => {
        if (!next && keepOpen.current) {
          keepOpen.current = false;
          return;
        }
        setOpen(next);
      }}
      onChange={(next) => {
        if (Array.isArray(next)) {
          const units = next.filter((id) => id > 0);
          if (units.length !== next.length && units.length === chosen.length) return;
          onChange?.(units);
        } else if (next === null || next === undefined || next > 0) {
          onChange?.(next ?? null);
        }
      }}
      treeDataSimpleMode
      treeData={options}
      // Until every level on the way to a chosen unit is read, its name cannot show.
      loading={tree.isPending}
      loadData={async (node) => {
        const parentId = Number(node.value);
        if (parentId < 0) return;
        await queryClient.fetchQuery(unitLevelQuery(parentId));
        setLoadedIds((ids) => (ids.includes(parentId) ? ids : [...ids, parentId]));
      }}
      showSearch={{
        searchValue: keyword,
        onSearch: setKeyword,
        filterTreeNode: false,
        autoClearSearchValue: true,
      }}
      onSelect={(selected: unknown) => {
        if (typeof selected === 'number' && selected < 0) {
          // A single picker closes after every choice: not after this one. (A multiple
          // one stays open by itself.)
          if (!multiple) keepOpen.current = true;
          showMore(selected);
          return;
        }
        setKeyword('');
      }}
      popupMatchSelectWidth={false}
    />
  );
}
