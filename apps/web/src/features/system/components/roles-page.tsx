import { SYSTEM_PAGE_SIZE, type Role } from '@cityops/contract';
import { PlusOutlined } from '@ant-design/icons';
import {
  Button,
  Empty,
  Flex,
  Input,
  Modal,
  Space,
  Table,
  type TableProps,
  Tag,
  Typography,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Access } from '@/lib/access/access';
import { useAccess } from '@/lib/access/use-access';
import { registerTexts } from '@/lib/i18n';
import { scaledPx } from '@/lib/root-font-size';
import { toast } from '@/lib/toast';
import { systemTexts } from '@/locales/system-texts';
import { ConsolePage } from '@/components/console/console-page';
import { useDeleteRole, useRoles } from '../api/roles';
import { useUnits } from '../api/units';
import { localName } from '@/lib/local-name';
import { RoleDialog } from './role-dialog';
import { RoleHoldersDrawer } from './role-holders-drawer';

registerTexts(systemTexts);

type Editing = { role: Role | null } | null;

/**
 * `/system/roles` (系统管理 / 角色管理): the roles with their data scope and
 * holders in the caller's units; create, edit (names, scope, permission tree) and
 * delete, edit and delete offered where the server's access policy allows them
 * (`role.actions`, issue 24), the data scopes the dialog offers likewise.
 */
export function RolesPage() {
  return (
    <ConsolePage read="system:role:read">
      <RolesPageContent />
    </ConsolePage>
  );
}

function RolesPageContent() {
  const { t, i18n } = useTranslation();
  const canReadUnits = useAccess('system:unit:read');
  const [keyword, setKeyword] = useState<string | undefined>(undefined);
  const [paging, setPaging] = useState({ pageIndex: 1, pageSize: SYSTEM_PAGE_SIZE });
  const roles = useRoles({ keyword, ...paging });
  const units = useUnits(undefined, { enabled: canReadUnits });
  const remove = useDeleteRole();
  const [modal, modalHolder] = Modal.useModal();
  const [editing, setEditing] = useState<Editing>(null);
  const [holdersOf, setHoldersOf] = useState<Role | null>(null);

  function confirmDelete(role: Role) {
    const name = localName(role, i18n.language);
    void modal.confirm({
      title: t('system.roles.confirmDelete.title', { name }),
      content: t('system.roles.confirmDelete.content'),
      okText: t('system.roles.confirmDelete.ok'),
      cancelText: t('system.common.cancel'),
      okButtonProps: { danger: true },
      onOk: async () => {
        try {
          await remove.mutateAsync({ id: role.id, version: role.version });
          toast.success({ content: t('system.roles.deleted') });
        } catch {
          // The HTTP client has shown why (held by users: how many).
        }
      },
    });
  }

  const columns: TableProps<Role>['columns'] = [
    { key: 'id', dataIndex: 'id', title: t('system.roles.column.code') },
    {
      key: 'name',
      title: t('system.roles.column.name'),
      render: (_, role) => (
        <Space size={4}>
          {localName(role, i18n.language)}
          {role.builtIn && <Tag>{t('system.roles.builtIn')}</Tag>}
        </Space>
      ),
    },
    {
      key: 'dataScope',
      title: t('system.roles.column.dataScope'),
      render: (_, role) => t(`system.roles.scope.${role.dataScope}`),
    },
    {
      key: 'users',
      dataIndex: 'holdersInScope',
      title: t('system.roles.column.users'),
      align: 'right',
    },
    {
      key: 'actions',
      title: t('system.common.actions'),
      render: (_, role) => {
        const name = localName(role, i18n.language);
        return (
          <Space size={0} wrap>
            <Button
              type="link"
              size="small"
              aria-label={t('system.roles.action.holdersButton', { name })}
              onClick={() => setHoldersOf(role)}
            >
              {t('system.roles.action.holders')}
            </Button>
            {role.actions.includes('edit') && (
              <Button
                type="link"
                size="small"
                aria-label={t('system.roles.action.edit', { name })}
                onClick={() => setEditing({ role })}
              >
                {t('system.common.edit')}
              </Button>
            )}
            {role.actions.includes('delete') && (
              <Button
                type="link"
                size="small"
                danger
                aria-label={t('system.roles.action.delete', { name })}
                onClick={() => confirmDelete(role)}
              >
                {t('system.common.delete')}
              </Button>
            )}
          </Space>
        );
      },
    },
  ];

  return (
    <section aria-labelledby="system-roles-title">
      {modalHolder}
      <Flex justify="space-between" align="center" wrap gap={12} style={{ marginBottom: 16 }}>
        <Typography.Title level={2} id="system-roles-title" style={{ margin: 0 }}>
          {t('system.roles.heading')}
        </Typography.Title>
        <Access code="system:role:create">
          <Button
            type="primary"
            icon={<PlusOutlined aria-hidden />}
            aria-haspopup="dialog"
            onClick={() => setEditing({ role: null })}
          >
            {t('system.roles.create')}
          </Button>
        </Access>
      </Flex>
      <div role="search" aria-label={t('system.roles.search')} style={{ marginBottom: 16 }}>
        <Input.Search
          aria-label={t('system.roles.search')}
          placeholder={t('system.roles.keywordPlaceholder')}
          allowClear
          enterButton={t('system.common.search')}
          style={{ maxWidth: scaledPx(360) }}
          onSearch={(value) => {
            setKeyword(value.trim() || undefined);
            setPaging((current) => ({ ...current, pageIndex: 1 }));
          }}
        />
      </div>
      <Table<Role>
        rowKey="id"
        aria-label={t('system.roles.results')}
        columns={columns}
        dataSource={roles.data?.list ?? []}
        loading={roles.isFetching}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: <Empty description={t('system.roles.empty')} /> }}
        pagination={{
          current: paging.pageIndex,
          pageSize: paging.pageSize,
          total: roles.data?.total ?? 0,
          showTotal: (total) => t('system.roles.total', { count: total }),
        }}
        onChange={(pagination) =>
          setPaging({
            pageIndex: pagination.current ?? 1,
            pageSize: pagination.pageSize ?? SYSTEM_PAGE_SIZE,
          })
        }
      />
      {editing && (
        <RoleDialog
          key={editing.role?.id ?? 'new'}
          role={editing.role}
          units={units.data ?? []}
          dataScopes={roles.data?.dataScopes ?? []}
          onClose={() => setEditing(null)}
        />
      )}
      <RoleHoldersDrawer role={holdersOf} onClose={() => setHoldersOf(null)} />
    </section>
  );
}
