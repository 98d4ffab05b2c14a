import type { AdminMenuEntry } from '@cityops/contract';
import { PlusOutlined } from '@ant-design/icons';
import { Button, Empty, Flex, Modal, Space, Table, type TableProps, Tag, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MenuIcon } from '@/components/menu-icon/menu-icon';
import { useAccess } from '@/lib/access/use-access';
import { registerTexts } from '@/lib/i18n';
import { toast } from '@/lib/toast';
import { systemTexts } from '@/locales/system-texts';
import { ConsolePage } from '@/components/console/console-page';
import { useDeleteMenu, useMenus } from '../api/menus';
import { addressWithQuery, allEntries } from '../lib/menu-tree';
import { localName } from '@/lib/local-name';
import { MenuDialog } from './menu-dialog';

registerTexts(systemTexts);

/** The table's rows: an entry without children has none (no expander). */
type Row = Omit<AdminMenuEntry, 'children'> & { children?: Row[] };

function rowsOf(entries: readonly AdminMenuEntry[]): Row[] {
  return [...entries]
    .sort((a, b) => a.sortOrder - b.sortOrder || a.id - b.id)
    .map(({ children, ...entry }) => ({
      ...entry,
      ...(children.length ? { children: rowsOf(children) } : {}),
    }));
}

type Editing = { entry: AdminMenuEntry | null; parentId: number | null } | null;

/**
 * `/system/menus` (系统管理 / 菜单管理): the sidebar's tree with its action
 * entries, editable by holders of `system:menu:write`. A change shows in the
 * users' sidebars at their next menu load. Built-in entries cannot be deleted.
 */
export function MenusPage() {
  return (
    <ConsolePage read="system:menu:read">
      <MenusPageContent />
    </ConsolePage>
  );
}

function MenusPageContent() {
  const { t, i18n } = useTranslation();
  const canWrite = useAccess('system:menu:write');
  const menus = useMenus();
  const remove = useDeleteMenu();
  const [modal, modalHolder] = Modal.useModal();
  const [editing, setEditing] = useState<Editing>(null);
  const [collapsed, setCollapsed] = useState<ReadonlySet<number>>(new Set());
  const rows = useMemo(() => rowsOf(menus.data ?? []), [menus.data]);
  const parents = useMemo(
    () =>
      allEntries(menus.data ?? [])
        .filter((entry) => entry.children.length > 0)
        .map((entry) => entry.id),
    [menus.data],
  );
  const byId = useMemo(
    () => new Map(allEntries(menus.data ?? []).map((entry) => [entry.id, entry])),
    [menus.data],
  );

  async function reload() {
    return (await menus.refetch()).data ?? [];
  }

  function confirmDelete(row: Row) {
    const name = localName(row, i18n.language);
    void modal.confirm({
      title: t('system.menus.confirmDelete.title', { name }),
      content: t('system.menus.confirmDelete.content'),
      okText: t('system.menus.confirmDelete.ok'),
      cancelText: t('system.common.cancel'),
      okButtonProps: { danger: true },
      onOk: async () => {
        try {
          await remove.mutateAsync({ id: row.id, version: row.version });
          toast.success({ content: t('system.menus.deleted') });
        } catch {
          // The HTTP client has shown why (entries below it, built in).
        }
      },
    });
  }

  const columns: TableProps<Row>['columns'] = [
    {
      key: 'name',
      title: t('system.menus.column.name'),
      render: (_, row) => (
        <Space size={6}>
          {row.kind !== 'action' && <MenuIcon name={row.icon} />}
          {localName(row, i18n.language)}
          {row.builtIn && <Tag variant="filled">{t('system.menus.builtIn')}</Tag>}
        </Space>
      ),
    },
    {
      key: 'kind',
      title: t('system.menus.column.kind'),
      render: (_, row) => (
        <Tag color={row.kind === 'page' ? 'blue' : undefined}>
          {t(`system.menus.kind.${row.kind}`)}
        </Tag>
      ),
    },
    { key: 'code', dataIndex: 'code', title: t('system.menus.column.code') },
    {
      key: 'address',
      title: t('system.menus.column.address'),
      render: (_, row) =>
        row.kind === 'action' ? (
          <Typography.Text code>{row.permission}</Typography.Text>
        ) : (
          // The framed address with its query; an integrated subsystem's own-window
          // address on a line of its own (each is opened as written, never joined).
          <Flex vertical>
            <Typography.Text style={{ maxWidth: 320 }} ellipsis={{ tooltip: true }}>
              {addressWithQuery(row.url, row.query)}
            </Typography.Text>
            {row.integrated && row.externalUrl && (
              <Typography.Text
                type="secondary"
                style={{ maxWidth: 320 }}
                ellipsis={{ tooltip: true }}
              >
                {t('system.menus.column.externalAddress', { address: row.externalUrl })}
              </Typography.Text>
            )}
          </Flex>
        ),
    },
    { key: 'order', dataIndex: 'sortOrder', title: t('system.menus.column.order'), align: 'right' },
    {
      key: 'visible',
      title: t('system.menus.column.visible'),
      render: (_, row) =>
        row.visible ? t('system.common.yes') : <Tag>{t('system.menus.hidden')}</Tag>,
    },
    ...(canWrite
      ? ([
          {
            key: 'actions',
            title: t('system.common.actions'),
            render: (_, row) => {
              const name = localName(row, i18n.language);
              const entry = byId.get(row.id) ?? null;
              return (
                <Space size={0} wrap>
                  {row.kind !== 'action' && (
                    <Button
                      type="link"
                      size="small"
                      aria-label={t('system.menus.action.addChild', { name })}
                      onClick={() => setEditing({ entry: null, parentId: row.id })}
                    >
                      {t('system.common.create')}
                    </Button>
                  )}
                  <Button
                    type="link"
                    size="small"
                    aria-label={t('system.menus.action.edit', { name })}
                    onClick={() => setEditing({ entry, parentId: row.parentId })}
                  >
                    {t('system.common.edit')}
                  </Button>
                  {!row.builtIn && (
                    <Button
                      type="link"
                      size="small"
                      danger
                      aria-label={t('system.menus.action.delete', { name })}
                      onClick={() => confirmDelete(row)}
                    >
                      {t('system.common.delete')}
                    </Button>
                  )}
                </Space>
              );
            },
          },
        ] satisfies TableProps<Row>['columns'])
      : []),
  ];

  return (
    <section aria-labelledby="system-menus-title">
      {modalHolder}
      <Flex justify="space-between" align="center" wrap gap={12} style={{ marginBottom: 16 }}>
        <Typography.Title level={2} id="system-menus-title" style={{ margin: 0 }}>
          {t('system.menus.heading')}
        </Typography.Title>
        {canWrite && (
          <Button
            type="primary"
            icon={<PlusOutlined aria-hidden />}
            aria-haspopup="dialog"
            onClick={() => setEditing({ entry: null, parentId: null })}
          >
            {t('system.menus.create')}
          </Button>
        )}
      </Flex>
      <Table<Row>
        rowKey="id"
        aria-label={t('system.menus.results')}
        columns={columns}
        dataSource={rows}
        loading={menus.isFetching}
        pagination={false}
        scroll={{ x: 'max-content' }}
        expandable={{
          expandedRowKeys: parents.filter((id) => !collapsed.has(id)),
          onExpand: (open, row) =>
            setCollapsed((current) => {
              const next = new Set(current);
              if (open) next.delete(row.id);
              else next.add(row.id);
              return next;
            }),
        }}
        locale={{ emptyText: <Empty description={t('system.menus.empty')} /> }}
      />
      {editing && (
        <MenuDialog
          key={editing.entry?.id ?? `new-${editing.parentId}`}
          entry={editing.entry}
          parentId={editing.parentId}
          entries={menus.data ?? []}
          onClose={() => setEditing(null)}
          onReload={reload}
        />
      )}
    </section>
  );
}
