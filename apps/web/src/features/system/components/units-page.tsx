import type { Department, UnitNode } from '@cityops/contract';
import { PlusOutlined } from '@ant-design/icons';
import { Button, Empty, Flex, Modal, Space, Table, type TableProps, Tag, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAccess } from '@/lib/access/use-access';
import { registerTexts } from '@/lib/i18n';
import { toast } from '@/lib/toast';
import { systemTexts } from '@/locales/system-texts';
import { ConsolePage } from '@/components/console/console-page';
import { useDeleteDepartment, useDeleteUnit, useUnits } from '../api/units';
import { localName } from '@/lib/local-name';
import { allUnits } from '../lib/unit-tree';
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
  const [modal, modalHolder] = Modal.useModal();
  const [editing, setEditing] = useState<Editing>(null);
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(new Set());
  const rows = useMemo(() => rowsOf(units.data ?? []), [units.data]);
  const expanded = useMemo(
    () => allUnits(units.data ?? []).map((unit) => `u${unit.id}`),
    [units.data],
  );

  async function reload() {
    return (await units.refetch()).data ?? [];
  }

  function confirmDelete(row: Row) {
    const isUnit = row.kind === 'unit';
    const record = isUnit ? row.unit : row.department;
    const name = localName(record, i18n.language);
    const texts = isUnit
      ? 'system.units.confirmDeleteUnit'
      : 'system.units.confirmDeleteDepartment';
    void modal.confirm({
      title: t(`${texts}.title`, { name }),
      content: t(`${texts}.content`),
      okText: t('system.common.delete'),
      cancelText: t('system.common.cancel'),
      okButtonProps: { danger: true },
      onOk: async () => {
        try {
          const target = { id: record.id, version: record.version };
          if (isUnit) await removeUnit.mutateAsync(target);
          else await removeDepartment.mutateAsync(target);
          toast.success({ content: t('system.units.deleted') });
        } catch {
          // The HTTP client has shown why (users or children still belong).
        }
      },
    });
  }

  const columns: TableProps<Row>['columns'] = [
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
    ...(canWrite
      ? ([
          {
            key: 'actions',
            title: t('system.common.actions'),
            render: (_, row) => {
              const record = row.kind === 'unit' ? row.unit : row.department;
              const name = localName(record, i18n.language);
              return (
                <Space size={0} wrap>
                  <Button
                    type="link"
                    size="small"
                    aria-label={t(
                      row.kind === 'unit'
                        ? 'system.units.action.editUnit'
                        : 'system.units.action.editDepartment',
                      { name },
                    )}
                    onClick={() =>
                      setEditing(
                        row.kind === 'unit'
                          ? { kind: 'unit', unit: row.unit, parentId: row.unit.parentId }
                          : {
                              kind: 'department',
                              department: row.department,
                              organizationId: row.department.organizationId,
                            },
                      )
                    }
                  >
                    {t('system.common.edit')}
                  </Button>
                  {row.kind === 'unit' && (
                    <>
                      <Button
                        type="link"
                        size="small"
                        aria-label={t('system.units.action.addChild', { name })}
                        onClick={() =>
                          setEditing({ kind: 'unit', unit: null, parentId: row.unit.id })
                        }
                      >
                        {t('system.units.createChild')}
                      </Button>
                      <Button
                        type="link"
                        size="small"
                        aria-label={t('system.units.action.addDepartment', { name })}
                        onClick={() =>
                          setEditing({
                            kind: 'department',
                            department: null,
                            organizationId: row.unit.id,
                          })
                        }
                      >
                        {t('system.units.createDepartment')}
                      </Button>
                    </>
                  )}
                  <Button
                    type="link"
                    size="small"
                    danger
                    aria-label={t(
                      row.kind === 'unit'
                        ? 'system.units.action.deleteUnit'
                        : 'system.units.action.deleteDepartment',
                      { name },
                    )}
                    onClick={() => confirmDelete(row)}
                  >
                    {t('system.common.delete')}
                  </Button>
                </Space>
              );
            },
          },
        ] satisfies TableProps<Row>['columns'])
      : []),
  ];

  return (
    <section aria-labelledby="system-units-title">
      {modalHolder}
      <Flex justify="space-between" align="center" wrap gap={12} style={{ marginBottom: 16 }}>
        <Typography.Title level={2} id="system-units-title" style={{ margin: 0 }}>
          {t('system.units.heading')}
        </Typography.Title>
        {canWrite && (
          <Button
            type="primary"
            icon={<PlusOutlined aria-hidden />}
            aria-haspopup="dialog"
            onClick={() => setEditing({ kind: 'unit', unit: null, parentId: null })}
          >
            {t('system.units.createUnit')}
          </Button>
        )}
      </Flex>
      <Table<Row>
        rowKey="key"
        aria-label={t('system.units.tree')}
        columns={columns}
        dataSource={rows}
        loading={units.isFetching}
        pagination={false}
        scroll={{ x: 'max-content' }}
        // Every unit starts open (a city's tree is small; its departments are the point).
        expandable={{
          expandedRowKeys: expanded.filter((key) => !collapsed.has(key)),
          onExpand: (open, row) =>
            setCollapsed((current) => {
              const next = new Set(current);
              if (open) next.delete(row.key);
              else next.add(row.key);
              return next;
            }),
        }}
        locale={{ emptyText: <Empty description={t('system.units.empty')} /> }}
      />
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
    </section>
  );
}
