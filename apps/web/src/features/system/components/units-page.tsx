import type { Department, UnitAction, UnitItem } from '@cityops/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAccess } from '@/lib/access/use-access';
import { registerTexts } from '@/lib/i18n';
import { systemTexts } from '@/locales/system-texts';
import { ConsoleListPage } from '@/components/console/console-list-page';
import { ConsolePage } from '@/components/console/console-page';
import { type UnitLevel, useUnitLevel, useUnitLevels } from '../api/get-unit-level';
import { systemKeys } from '../api/query-keys';
import { useUnitSearch } from '../api/search-units';
import { useDeleteDepartment, useDeleteUnit } from '../api/units';
import { localName } from '@/lib/local-name';
import { defaultParent, mayAddAtTop } from '../lib/unit-tree';
import { DepartmentDialog } from './department-dialog';
import { UnitDialog } from './unit-dialog';

registerTexts(systemTexts);

/**
 * A row of the tree table: a unit (its subunits and departments below it), a
 * department, or the button that reads the next page of a wide level.
 */
type Row =
  | { key: string; kind: 'unit'; unit: UnitItem; children?: Row[] }
  | { key: string; kind: 'department'; department: Department }
  | { key: string; kind: 'more'; parentId: number | null };

const moreRow = (parentId: number | null): Row => ({
  key: `more-${parentId ?? 'top'}`,
  kind: 'more',
  parentId,
});

/**
 * The rows of `units`, each with what is known below it: its subunits once their
 * level is read (`levels`, a "show more" after a page with more), and its
 * departments. A unit with anything below starts closable, its subunits read when
 * it is opened.
 */
function rowsOf(units: readonly UnitItem[], levels: ReadonlyMap<number | null, UnitLevel>): Row[] {
  return units.map((unit) => {
    const below = levels.get(unit.id);
    const children: Row[] = [
      ...(below ? rowsOf(below.units, levels) : []),
      ...(below?.hasMore ? [moreRow(unit.id)] : []),
      ...[...unit.departments]
        .sort((a, b) => a.sortOrder - b.sortOrder || a.id - b.id)
        .map((department): Row => ({ key: `d${department.id}`, kind: 'department', department })),
    ];
    const opens = unit.hasChildren || unit.departments.length > 0;
    return { key: `u${unit.id}`, kind: 'unit', unit, ...(opens ? { children } : {}) };
  });
}

type Editing =
  | { kind: 'unit'; unit: UnitItem | null; parentId: number | null }
  | { kind: 'department'; department: Department | null; organizationId: number }
  | null;

/**
 * `/system/units` (系统管理 / 单位与部门): the units as a tree with their
 * departments, read a level at a time as units are opened (issue 33), and found by
 * name; create, rename, reorder, move and delete (refused while in use), for holders
 * of `system:unit:write`.
 */
export function UnitsPage() {
  return (
    <ConsolePage read="system:unit:read">
      <UnitsPageContent />
    </ConsolePage>
  );
}

function UnitsPageContent() {
  const { t, i18n } = useTranslation();
  const canWrite = useAccess('system:unit:write');
  const queryClient = useQueryClient();
  const tops = useUnitLevel(null);
  const [keyword, setKeyword] = useState('');
  const found = useUnitSearch(keyword);
  const searching = keyword.trim().length > 0;
  // The levels shown: the top one, a sole top unit's (a delegated administrator's
  // district, which starts open) and those opened. Several top units start closed: a
  // megacity's 16 would read 1,440 units at once. A wide level shows a page at a time.
  const [opened, setOpened] = useState<readonly number[]>([]);
  const soleTop = tops.data?.list.length === 1 ? tops.data.list[0] : undefined;
  const tree = useUnitLevels([null, ...(soleTop?.hasChildren ? [soleTop.id] : []), ...opened]);
  const topLevel = tree.levels.get(null);
  const shown = searching ? (found.data ?? []) : (topLevel?.units ?? []);
  const rows = searching
    ? rowsOf(shown, new Map())
    : [...rowsOf(shown, tree.levels), ...(topLevel?.hasMore ? [moreRow(null)] : [])];
  const unitsById = new Map(
    [...shown, ...[...tree.levels.values()].flatMap((level) => level.units)].map((unit) => [
      unit.id,
      unit,
    ]),
  );
  const firstTops = tops.data?.list ?? [];
  const removeUnit = useDeleteUnit();
  const removeDepartment = useDeleteDepartment();
  const [editing, setEditing] = useState<Editing>(null);
  const list = searching
    ? found
    : {
        isFetching: tree.isFetching,
        isError: tree.isError,
        refetch: () => queryClient.invalidateQueries({ queryKey: systemKeys.units() }),
      };

  function reload() {
    return queryClient.invalidateQueries({ queryKey: systemKeys.units() });
  }

  return (
    <ConsoleListPage<Row>
      id="system-units-title"
      heading={t('system.units.heading')}
      create={
        mayAddAtTop(firstTops) || firstTops.some((unit) => unit.actions.includes('add-child'))
          ? {
              label: t('system.units.createUnit'),
              code: 'system:unit:write',
              onClick: () =>
                setEditing({ kind: 'unit', unit: null, parentId: defaultParent(firstTops) }),
            }
          : undefined
      }
      search={{
        label: t('system.units.search'),
        placeholder: t('system.units.searchPlaceholder'),
        onSearch: setKeyword,
      }}
      list={list}
      rows={rows}
      rowKey="key"
      tableLabel={searching ? t('system.units.found') : t('system.units.tree')}
      emptyText={searching ? t('system.units.notFound') : t('system.units.empty')}
      openRows={soleTop ? [`u${soleTop.id}`] : []}
      onRowOpen={(row) => {
        if (row.kind === 'unit' && row.unit.hasChildren && !searching) {
          setOpened((ids) => (ids.includes(row.unit.id) ? ids : [...ids, row.unit.id]));
        }
      }}
      columns={[
        {
          key: 'name',
          title: t('system.common.name'),
          render: (_, row) =>
            row.kind === 'more' ? (
              <Button
                type="link"
                size="small"
                aria-label={
                  row.parentId === null
                    ? undefined
                    : t('system.units.showMoreBelow', {
                        name: localName(unitsById.get(row.parentId) ?? { name: '' }, i18n.language),
                      })
                }
                onClick={() => tree.showMore(row.parentId)}
              >
                {t('system.units.showMore')}
              </Button>
            ) : row.kind === 'unit' ? (
              <Space size={4} wrap>
                {searching && row.unit.path.length > 0 && (
                  // Where a found unit sits: the units above it, as the tree shows them.
                  <Typography.Text type="secondary">
                    {row.unit.path.map((step) => localName(step, i18n.language)).join(' / ')} /
                  </Typography.Text>
                )}
                <Typography.Text strong>{localName(row.unit, i18n.language)}</Typography.Text>
              </Space>
            ) : (
              <Space size={4}>
                {localName(row.department, i18n.language)}
                <Tag variant="filled">{t('system.units.department')}</Tag>
              </Space>
            ),
        },
        {
          key: 'users',
          title: t('system.roles.column.users'),
          align: 'right',
          render: (_, row) =>
            row.kind === 'more'
              ? null
              : t('system.units.userCount', {
                  count: row.kind === 'unit' ? row.unit.userCount : row.department.userCount,
                }),
        },
        {
          key: 'sortOrder',
          title: t('system.common.sortOrder'),
          align: 'right',
          render: (_, row) =>
            row.kind === 'more'
              ? null
              : row.kind === 'unit'
                ? row.unit.sortOrder
                : row.department.sortOrder,
        },
      ]}
      // Why a unit offers no delete (its own top unit, for a district administrator).
      rowRefusal={(row) =>
        row.kind === 'unit' && row.unit.refusal
          ? { label: t('system.units.noDelete'), refusal: row.unit.refusal }
          : undefined
      }
      rowActions={
        canWrite
          ? (row) => {
              if (row.kind === 'more') return [];
              const isUnit = row.kind === 'unit';
              const record = isUnit ? row.unit : row.department;
              const name = localName(record, i18n.language);
              const texts = isUnit
                ? 'system.units.confirmDeleteUnit'
                : 'system.units.confirmDeleteDepartment';
              const target = { id: record.id, version: record.version };
              // What the server offers on the unit (on a department: on its unit).
              const unit = isUnit ? row.unit : unitsById.get(row.department.organizationId);
              const offers = (action: UnitAction) => unit?.actions.includes(action) ?? false;
              return [
                offers('edit') && {
                  key: 'edit',
                  label: t('system.common.edit'),
                  ariaLabel: t(
                    isUnit ? 'system.units.action.editUnit' : 'system.units.action.editDepartment',
                    { name },
                  ),
                  onClick: () =>
                    setEditing(
                      row.kind === 'unit'
                        ? { kind: 'unit', unit: row.unit, parentId: row.unit.parentId }
                        : {
                            kind: 'department',
                            department: row.department,
                            organizationId: row.department.organizationId,
                          },
                    ),
                },
                row.kind === 'unit' &&
                  offers('add-child') && {
                    key: 'addChild',
                    label: t('system.units.createChild'),
                    ariaLabel: t('system.units.action.addChild', { name }),
                    onClick: () => setEditing({ kind: 'unit', unit: null, parentId: row.unit.id }),
                  },
                row.kind === 'unit' &&
                  offers('edit') && {
                    key: 'addDepartment',
                    label: t('system.units.createDepartment'),
                    ariaLabel: t('system.units.action.addDepartment', { name }),
                    onClick: () =>
                      setEditing({
                        kind: 'department',
                        department: null,
                        organizationId: row.unit.id,
                      }),
                  },
                (isUnit ? offers('delete') : offers('edit')) && {
                  key: 'delete',
                  label: t('system.common.delete'),
                  ariaLabel: t(
                    isUnit
                      ? 'system.units.action.deleteUnit'
                      : 'system.units.action.deleteDepartment',
                    { name },
                  ),
                  danger: true,
                  confirm: {
                    title: t(`${texts}.title`, { name }),
                    content: t(`${texts}.content`),
                    okText: t('system.common.delete'),
                    // A refusal (users or children still belong) is shown by the HTTP client.
                    run: () =>
                      isUnit
                        ? removeUnit.mutateAsync(target)
                        : removeDepartment.mutateAsync(target),
                    done: t('system.units.deleted'),
                  },
                },
              ];
            }
          : undefined
      }
    >
      {editing?.kind === 'unit' && (
        <UnitDialog
          key={editing.unit?.id ?? `new-${editing.parentId}`}
          unit={editing.unit}
          parentId={editing.parentId}
          onClose={() => setEditing(null)}
          onReload={reload}
        />
      )}
      {editing?.kind === 'department' && (
        <DepartmentDialog
          key={editing.department?.id ?? `new-${editing.organizationId}`}
          department={editing.department}
          organizationId={editing.organizationId}
          onClose={() => setEditing(null)}
          onReload={reload}
        />
      )}
    </ConsoleListPage>
  );
}
