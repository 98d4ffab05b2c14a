import { SYSTEM_PAGE_SIZE, type Role } from '@cityops/contract';
import { Space, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConsoleListPage } from '@/components/console/console-list-page';
import { ConsolePage } from '@/components/console/console-page';
import { registerTexts } from '@/lib/i18n';
import { localName } from '@/lib/local-name';
import { systemTexts } from '@/locales/system-texts';
import { useDeleteRole, useRoles } from '../api/roles';
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
  const [keyword, setKeyword] = useState<string | undefined>(undefined);
  const [paging, setPaging] = useState({ pageIndex: 1, pageSize: SYSTEM_PAGE_SIZE });
  const roles = useRoles({ keyword, ...paging });
  const remove = useDeleteRole();
  const [editing, setEditing] = useState<Editing>(null);
  const [holdersOf, setHoldersOf] = useState<Role | null>(null);

  return (
    <ConsoleListPage<Role>
      id="system-roles-title"
      heading={t('system.roles.heading')}
      create={{
        label: t('system.roles.create'),
        code: 'system:role:create',
        onClick: () => setEditing({ role: null }),
      }}
      search={{
        label: t('system.roles.search'),
        placeholder: t('system.roles.keywordPlaceholder'),
        onSearch: (value) => {
          setKeyword(value.trim() || undefined);
          setPaging((current) => ({ ...current, pageIndex: 1 }));
        },
      }}
      list={roles}
      rows={roles.data?.list ?? []}
      rowKey="id"
      tableLabel={t('system.roles.results')}
      emptyText={t('system.roles.empty')}
      pagination={{
        ...paging,
        total: roles.data?.total ?? 0,
        totalExact: roles.data?.totalExact ?? true,
        totalText: (count) => t('system.roles.total', { count }),
        onChange: setPaging,
      }}
      columns={[
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
      ]}
      // Edit and delete where the server's access policy allows them (`role.actions`),
      // and why not where it refuses them.
      rowRefusal={(role) =>
        role.refusal && { label: t('system.roles.noChanges'), refusal: role.refusal }
      }
      rowActions={(role) => {
        const name = localName(role, i18n.language);
        return [
          {
            key: 'holders',
            label: t('system.roles.action.holders'),
            ariaLabel: t('system.roles.action.holdersButton', { name }),
            onClick: () => setHoldersOf(role),
          },
          role.actions.includes('edit') && {
            key: 'edit',
            label: t('system.common.edit'),
            ariaLabel: t('system.roles.action.edit', { name }),
            onClick: () => setEditing({ role }),
          },
          role.actions.includes('delete') && {
            key: 'delete',
            label: t('system.common.delete'),
            ariaLabel: t('system.roles.action.delete', { name }),
            danger: true,
            confirm: {
              title: t('system.roles.confirmDelete.title', { name }),
              content: t('system.roles.confirmDelete.content'),
              okText: t('system.roles.confirmDelete.ok'),
              // A refusal (held by users: how many) is shown by the HTTP client.
              run: () => remove.mutateAsync({ id: role.id, version: role.version }),
              done: t('system.roles.deleted'),
            },
          },
        ];
      }}
    >
      {editing && (
        <RoleDialog
          key={editing.role?.id ?? 'new'}
          role={editing.role}
          dataScopes={roles.data?.dataScopes ?? []}
          onClose={() => setEditing(null)}
        />
      )}
      <RoleHoldersDrawer role={holdersOf} onClose={() => setHoldersOf(null)} />
    </ConsoleListPage>
  );
}
