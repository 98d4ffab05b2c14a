import type { AdminMenuEntry } from '@cityops/contract';
import { Flex, Space, Tag, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MenuIcon } from '@/components/menu-icon/menu-icon';
import { useAccess } from '@/lib/access/use-access';
import { registerTexts } from '@/lib/i18n';
import { systemTexts } from '@/locales/system-texts';
import { ConsoleListPage } from '@/components/console/console-list-page';
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
  const [editing, setEditing] = useState<Editing>(null);
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

  return (
    <ConsoleListPage<Row>
      id="system-menus-title"
      heading={t('system.menus.heading')}
      create={{
        label: t('system.menus.create'),
        code: 'system:menu:write',
        onClick: () => setEditing({ entry: null, parentId: null }),
      }}
      list={menus}
      rows={rows}
      rowKey="id"
      tableLabel={t('system.menus.results')}
      emptyText={t('system.menus.empty')}
      openRows={parents}
      columns={[
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
                <Typography.Text style={{ maxWidth: 260 }} ellipsis={{ tooltip: true }}>
                  {addressWithQuery(row.url, row.query)}
                </Typography.Text>
                {row.integrated && row.externalUrl && (
                  <Typography.Text
                    type="secondary"
                    style={{ maxWidth: 260 }}
                    ellipsis={{ tooltip: true }}
                  >
                    {t('system.menus.column.externalAddress', { address: row.externalUrl })}
                  </Typography.Text>
                )}
              </Flex>
            ),
        },
        {
          key: 'order',
          dataIndex: 'sortOrder',
          title: t('system.menus.column.order'),
          align: 'right',
        },
        {
          key: 'visible',
          title: t('system.menus.column.visible'),
          render: (_, row) =>
            row.visible ? t('system.common.yes') : <Tag>{t('system.menus.hidden')}</Tag>,
        },
      ]}
      rowActions={
        canWrite
          ? (row) => {
              const name = localName(row, i18n.language);
              const entry = byId.get(row.id) ?? null;
              return [
                row.kind !== 'action' && {
                  key: 'add',
                  label: t('system.common.create'),
                  ariaLabel: t('system.menus.action.addChild', { name }),
                  onClick: () => setEditing({ entry: null, parentId: row.id }),
                },
                {
                  key: 'edit',
                  label: t('system.common.edit'),
                  ariaLabel: t('system.menus.action.edit', { name }),
                  onClick: () => setEditing({ entry, parentId: row.parentId }),
                },
                !row.builtIn && {
                  key: 'delete',
                  label: t('system.common.delete'),
                  ariaLabel: t('system.menus.action.delete', { name }),
                  danger: true,
                  confirm: {
                    title: t('system.menus.confirmDelete.title', { name }),
                    content: t('system.menus.confirmDelete.content'),
                    okText: t('system.menus.confirmDelete.ok'),
                    // A refusal (entries below it, built in) is shown by the HTTP client.
                    run: () => remove.mutateAsync({ id: row.id, version: row.version }),
                    done: t('system.menus.deleted'),
                  },
                },
              ];
            }
          : undefined
      }
    >
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
    </ConsoleListPage>
  );
}
