import type { Department, UnitAction, UnitNode } from '@cityops/contract';
import { Space, Tag, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAccess } from '@/lib/access/use-access';
import { registerTexts } from '@/lib/i18n';
import { systemTexts } from '@/locales/system-texts';
import { ConsoleListPage } from '@/components/console/console-list-page';
import { ConsolePage } from '@/components/console/console-page';
import { useDeleteDepartment, useDeleteUnit, useUnits } from '../api/units';
import { localName } from '@/lib/local-name';
import { allUnits, defaultParent, findUnit, mayAddAtTop } from '../lib/unit-tree';
import { DepartmentDialog } from './department-dialog';
import { UnitDialog } from './unit-dialog';

registerTexts(systemTexts);

/** A row of the tree table: a unit (its subunits and departments below it) or a department. */
type Row =
  | { key: string; kind: 'unit'; unit: UnitNode; children?: Row[] }
  | { key: string; kind: 'department'; department: Department };

function rowsOf(units: readonly UnitNode[]): Row[] {
  return units.map((unit) => {
    const children: Row[] = [
      ...rowsOf(unit.children),
      ...[...unit.departments]
        .sort((a, b) => a.sortOrder - b.sortOrder || a.id - b.id)
        .map((department): Row => ({ key: `d${department.id}`, kind: 'department', department })),
    ];
    return { key: `u${unit.id}`, kind: 'unit', unit, ...(children.length ? { children } : {}) };
  });
}

type Editing =
  | { kind: 'unit'; unit: UnitNode | null; parentId: number | null }
  | { kind: 'department'; department: Department | null; organizationId: number }
  | null;

/**
 * `/system/units` (系统管理 / 单位与部门): the units as a tree with their
 * departments; create, rename, reorder, move and delete (refused while in use),
 * for holders of `system:unit:write`.
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
  const units = useUnits();
  const removeUnit = useDeleteUnit();
  const removeDepartment = useDeleteDepartment();
  const [editing, setEditing] = useState<Editing>(null);
  const rows = useMemo(() => rowsOf(units.data ?? []), [units.data]);
  const expanded = useMemo(
    () => allUnits(units.data ?? []).map((unit) => `u${unit.id}`),
    [units.data],
  );

  async function reload() {
    return (await units.refetch()).data ?? [];
  }

  return (
    <ConsoleListPage<Row>
      id="system-units-title"
      heading={t('system.units.heading')}
      create={
        mayAddAtTop(units.data ?? []) ||
        allUnits(units.data ?? []).some((unit) => unit.actions.includes('add-child'))
          ? {
              label: t('system.units.createUnit'),
              code: 'system:unit:write',
              onClick: () =>
                setEditing({ kind: 'unit', unit: null, parentId: defaultParent(units.data ?? []) }),
            }
          : undefined
      }
      list={units}
      rows={rows}
      rowKey="key"
      tableLabel={t('system.units.tree')}
      emptyText={t('system.units.empty')}
      // Every unit starts open (a city's tree is small; its departments are the point).
      openRows={expanded}
      columns={[
        {
          key: 'name',
          title: t('system.common.name'),
          render: (_, row) =>
            row.kind === 'unit' ? (
              <Typography.Text strong>{localName(row.unit, i18n.language)}</Typography.Text>
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
            t('system.units.userCount', {
              count: row.kind === 'unit' ? row.unit.userCount : row.department.userCount,
            }),
        },
        {
          key: 'sortOrder',
          title: t('system.common.sortOrder'),
          align: 'right',
          render: (_, row) => (row.kind === 'unit' ? row.unit.sortOrder : row.department.sortOrder),
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
              const isUnit = row.kind === 'unit';
              const record = isUnit ? row.unit : row.department;
              const name = localName(record, i18n.language);
              const texts = isUnit
                ? 'system.units.confirmDeleteUnit'
                : 'system.units.confirmDeleteDepartment';
              const target = { id: record.id, version: record.version };
              // What the server offers on the unit (on a department: on its unit).
              const unit = isUnit
                ? row.unit
                : findUnit(units.data ?? [], row.department.organizationId);
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
          units={units.data ?? []}
          onClose={() => setEditing(null)}
          onReload={reload}
        />
      )}
      {editing?.kind === 'department' && (
        <DepartmentDialog
          key={editing.department?.id ?? `new-${editing.organizationId}`}
          department={editing.department}
          organizationId={editing.organizationId}
          units={units.data ?? []}
          onClose={() => setEditing(null)}
          onReload={reload}
        />
      )}
    </ConsoleListPage>
  );
}
