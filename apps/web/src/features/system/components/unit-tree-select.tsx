import type { UnitItem } from '@cityops/contract';
import { useQueries, useQueryClient } from '@tanstack/react-query';
import { TreeSelect } from 'antd';
import { type CSSProperties, useDeferredValue, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { localName } from '@/lib/local-name';
import { unitLevelQuery } from '../api/get-unit-level';
import { useUnitSearch, useUnitsById } from '../api/search-units';

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
  const { i18n } = useTranslation();
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
  const levels = useQueries({
    queries: [...new Set([...opened, ...loadedIds])].map((parentId) => unitLevelQuery(parentId)),
  });

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
    for (const level of levels) {
      for (const unit of level.data ?? []) {
        if (!excluded(unit)) seen.set(unit.id, optionOf(unit, localName(unit, language), true));
      }
    }
    // A unit whose parent is not among them (the top of the caller's tree) is a root.
    options = [...seen.values()];
  }

  return (
    <TreeSelect<UnitValue>
      {...props}
      value={value}
      multiple={multiple}
      onChange={(next) => onChange?.(next ?? null)}
      treeDataSimpleMode
      treeData={options}
      // Until every level on the way to a chosen unit is read, its name cannot show.
      loading={levels.some((level) => level.isPending)}
      loadData={async (node) => {
        const parentId = Number(node.value);
        await queryClient.fetchQuery(unitLevelQuery(parentId));
        setLoadedIds((ids) => (ids.includes(parentId) ? ids : [...ids, parentId]));
      }}
      showSearch={{
        searchValue: keyword,
        onSearch: setKeyword,
        filterTreeNode: false,
        autoClearSearchValue: true,
      }}
      onSelect={() => setKeyword('')}
      popupMatchSelectWidth={false}
    />
  );
}
