import { type AdminUser, SYSTEM_PAGE_SIZE, type Role } from '@cityops/contract';
import { Alert, Drawer, Empty, Table } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRoleUsers } from '../api/get-role-users';
import { listTotalText } from '@/lib/list-total';
import { localName } from '@/lib/local-name';
import { UserStatusTag } from './user-status-tag';

export interface RoleHoldersDrawerProps {
  role: Role | null;
  onClose(): void;
}

/** Who holds a role within the caller's units, a page at a time; the others are counted. */
export function RoleHoldersDrawer({ role, onClose }: RoleHoldersDrawerProps) {
  const { t, i18n } = useTranslation();
  const [paging, setPaging] = useState({ pageIndex: 1, pageSize: SYSTEM_PAGE_SIZE });
  const holders = useRoleUsers(role?.id ?? null, paging);
  const name = role ? localName(role, i18n.language) : '';

  return (
    <Drawer
      open={role !== null}
      title={t('system.roles.holders.title', { name })}
      onClose={onClose}
      size="large"
      destroyOnHidden
      afterOpenChange={(open) => {
        if (!open) setPaging({ pageIndex: 1, pageSize: SYSTEM_PAGE_SIZE });
      }}
    >
      {role && role.userCount > role.holdersInScope && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 12 }}
          title={t('system.roles.holders.outside', {
            count: role.userCount - role.holdersInScope,
          })}
        />
      )}
      <Table<AdminUser>
        rowKey="id"
        size="small"
        aria-label={t('system.roles.action.holdersOf', { name })}
        dataSource={holders.data?.list ?? []}
        loading={holders.isFetching}
        locale={{ emptyText: <Empty description={t('system.roles.holders.empty')} /> }}
        columns={[
          { key: 'username', dataIndex: 'username', title: t('system.users.column.username') },
          { key: 'name', dataIndex: 'name', title: t('system.users.column.name') },
          {
            key: 'unit',
            title: t('system.users.column.unit'),
            render: (_, user) =>
              user.organizationName &&
              localName(
                { name: user.organizationName, nameEn: user.organizationNameEn },
                i18n.language,
              ),
          },
          {
            key: 'status',
            title: t('system.users.column.status'),
            render: (_, user) => <UserStatusTag user={user} />,
          },
        ]}
        pagination={{
          current: paging.pageIndex,
          pageSize: paging.pageSize,
          total: holders.data?.total ?? 0,
          showTotal: (total) =>
            listTotalText(total, holders.data?.totalExact ?? true, (count) =>
              t('system.users.total', { count }),
            ),
        }}
        onChange={(pagination) =>
          setPaging({
            pageIndex: pagination.current ?? 1,
            pageSize: pagination.pageSize ?? SYSTEM_PAGE_SIZE,
          })
        }
      />
    </Drawer>
  );
}
