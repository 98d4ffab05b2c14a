import { CaretDownOutlined } from '@ant-design/icons';
import type { GrantableEntry } from '@cityops/contract';
import { Tag, Tree, type TreeDataNode } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { localName } from '@/lib/local-name';
import { indexTree, toggleEntry, treeState } from '../lib/permission-tree';

export interface PermissionTreeProps {
  entries: readonly GrantableEntry[];
  /** The held entries' ids. */
  value: ReadonlySet<number>;
  onChange(next: Set<number>): void;
  labelledBy: string;
  disabled?: boolean;
}

/**
 * The grantable entries with tri-state boxes (lib/permission-tree.ts says why the
 * states are worked out here rather than by the tree): a box is checked when the
 * entry and everything below it are held, half-filled when only part is.
 */
export function PermissionTree({
  entries,
  value,
  onChange,
  labelledBy,
  disabled,
}: PermissionTreeProps) {
  const { t, i18n } = useTranslation();
  const index = useMemo(() => indexTree(entries), [entries]);
  const state = treeState(index, value);

  const toNodes = (list: readonly GrantableEntry[]): TreeDataNode[] =>
    list.map((entry) => ({
      key: entry.id,
      // Entries by name in the reader's language; a button's permission code (guide:article:write)
      // means nothing to most administrators, so it is only the name's tooltip (issue 31).
      title: (
        <span title={entry.kind === 'action' ? (entry.permission ?? undefined) : undefined}>
          {localName(entry, i18n.language)}{' '}
          <Tag
            variant="filled"
            color={entry.kind === 'action' ? undefined : 'blue'}
            style={{ marginInlineStart: 4 }}
          >
            {t(`system.menus.kind.${entry.kind}`)}
          </Tag>
        </span>
      ),
      children: toNodes(entry.children),
    }));

  return (
    <div role="group" aria-labelledby={labelledBy}>
      <Tree
        checkable
        checkStrictly
        selectable={false}
        defaultExpandAll
        // The caret is decoration: without aria-hidden its icon name ("caret-down")
        // would open every entry's accessible name.
        switcherIcon={<CaretDownOutlined aria-hidden />}
        disabled={disabled}
        treeData={toNodes(entries)}
        checkedKeys={state}
        onCheck={(_checked, info) => onChange(toggleEntry(index, value, Number(info.node.key)))}
        style={{ maxHeight: 360, overflow: 'auto' }}
      />
    </div>
  );
}
