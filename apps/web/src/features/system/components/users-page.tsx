import {
  type AdminUser,
  SYSTEM_PAGE_SIZE,
  type UserListQuery,
  type UserSortKey,
} from '@cityops/contract';
import { DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import { Badge, Button, Space, type TableProps, Tag, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Access } from '@/lib/access/access';
import { registerTexts } from '@/lib/i18n';
import { scaledPx } from '@/lib/root-font-size';
import { toast } from '@/lib/toast';
import { systemTexts } from '@/locales/system-texts';
import { ConsoleListPage } from '@/components/console/console-list-page';
import { ConsolePage } from '@/components/console/console-page';
import { exportUsers } from '../api/export-users';
import { getUser, useUsers } from '../api/users';
import { useUserOptions } from '../api/get-user-options';
import { localName } from '@/lib/local-name';
import { datedFileName } from '@/lib/dated-file-name';
import { saveFile } from '@/lib/save-file';
import { type IssuedPassword, IssuedPasswordDialog } from './issued-password-dialog';
import { UserDialog } from './user-dialog';
import { UserImportDialog } from './user-import-dialog';
import { UserRowActions } from './user-row-actions';
import { type UserFilters, UserSearchBar } from './user-search-bar';
import { UserStatusTag } from './user-status-tag';
import { formatDateTime } from '@/lib/date-time';

registerTexts(systemTexts);

/** Enough for every role of a city in one select. */

type Editing = { user: AdminUser | null } | null;

/**
 * `/system/users` (系统管理 / 用户管理): the users in the caller's scope with
 * search, filters, paging and sorting; create, edit, disable, reset password,
 * unlock, import and export, each shown only to holders of its code.
 */
export function UsersPage() {
  return (
    <ConsolePage read="system:user:read">
      <UsersPageContent />
    </ConsolePage>
  );
}

function UsersPageContent() {
  const { t, i18n } = useTranslation();
  const [filters, setFilters] = useState<UserFilters>({});
  const [sort, setSort] = useState<{ sort: UserSortKey; order: 'ascend' | 'descend' }>({
    sort: 'createdAt',
    order: 'descend',
  });
  const [paging, setPaging] = useState({ pageIndex: 1, pageSize: SYSTEM_PAGE_SIZE });
  const query: UserListQuery = { ...filters, ...sort, ...paging };
  const users = useUsers(query);
  const options = useUserOptions();
  const [editing, setEditing] = useState<Editing>(null);
  const [issued, setIssued] = useState<IssuedPassword | null>(null);
  const [importOpen, setImportOpen] = useState(false);
  const [exporting, setExporting] = useState(false);

  const roleOptions = useMemo(
    () =>
      (options.data?.roles ?? []).map((role) => ({
        value: role.id,
        label: localName(role, i18n.language),
      })),
    [options.data, i18n.language],
  );

  /** The record the form lost to, wherever it is in the list; the list follows. */
  async function reload(id: number) {
    void users.refetch();
    try {
      return await getUser(id);
    } catch {
      return undefined;
    }
  }

  async function doExport() {
    if (exporting) return;
    setExporting(true);
    try {
      saveFile(
        await exportUsers({ ...filters, ...sort }),
        datedFileName(t('system.users.exportFileName'), 'xlsx'),
      );
      toast.success({ content: t('system.users.exported') });
    } catch {
      // The HTTP client has shown why (too many rows: narrow the filters).
    } finally {
      setExporting(false);
    }
  }

  const sortOrderOf = (key: UserSortKey) => (sort.sort === key ? sort.order : null);
  const columns: TableProps<AdminUser>['columns'] = [
    {
      key: 'username',
      dataIndex: 'username',
      title: t('system.users.column.username'),
      sorter: true,
      sortOrder: sortOrderOf('username'),
      // A long login name (32 characters, no space) breaks rather than widen the table;
      // an ordinary one ("jb_sysadmin") stays whole.
      render: (value: string) => (
        <span style={{ display: 'inline-block', minWidth: '6.5em', overflowWrap: 'anywhere' }}>
          {value}
        </span>
      ),
    },
    {
      key: 'name',
      dataIndex: 'name',
      title: t('system.users.column.name'),
      sorter: true,
      sortOrder: sortOrderOf('name'),
      onCell: () => ({ style: { overflowWrap: 'anywhere' } }),
    },
    { key: 'mobile', dataIndex: 'mobile', title: t('system.users.column.mobile') },
    {
      key: 'unit',
      title: t('system.users.column.unit'),
      render: (_, user) =>
        [
          user.organizationName &&
            localName(
              { name: user.organizationName, nameEn: user.organizationNameEn },
              i18n.language,
            ),
          user.departmentName &&
            localName({ name: user.departmentName, nameEn: user.departmentNameEn }, i18n.language),
        ]
          .filter(Boolean)
          .join(' / '),
    },
    {
      key: 'roles',
      title: t('system.users.column.roles'),
      render: (_, user) => (
        <Space size={4} wrap>
          {user.roles.map((role) => (
            <Tag key={role.id}>{localName(role, i18n.language)}</Tag>
          ))}
        </Space>
      ),
    },
    {
      key: 'status',
      title: t('system.users.column.status'),
      render: (_, user) => <UserStatusTag user={user} />,
    },
    {
      key: 'secondFactor',
      title: t('system.users.column.secondFactor'),
      render: (_, user) =>
        user.secondFactorEnrolled ? (
          // The words in the text colour, the dot repeating them: antd's green tag text
          // falls under the AA contrast ratio (axe, issue 31's browser test).
          <Badge status="success" text={t('system.users.secondFactor.enrolled')} />
        ) : (
          <Typography.Text type="secondary">{t('system.users.secondFactor.none')}</Typography.Text>
        ),
    },
    {
      key: 'createdAt',
      dataIndex: 'createdAt',
      title: t('system.users.column.createdAt'),
      sorter: true,
      sortOrder: sortOrderOf('createdAt'),
      // Broken, if at all, between the day and the time, never after a hyphen ("2026-11-").
      render: (value: string) => {
        const [day, time] = formatDateTime(value).split(' ');
        return (
          <>
            <span style={{ whiteSpace: 'nowrap' }}>{day}</span>{' '}
            <span style={{ whiteSpace: 'nowrap' }}>{time}</span>
          </>
        );
      },
    },
    {
      key: 'actions',
      title: t('system.common.actions'),
      // Kept in view at the right while the other columns scroll (issue 24: at 1366 px
      // the row's actions were cut off at the table's edge).
      fixed: 'right',
      // As wide as 编辑 停用 重置密码 on one line: the table then fits the page at
      // 1366x768, where the longer English buttons take a second line (issue 31).
      width: scaledPx(184),
      render: (_, user) => (
        <UserRowActions
          user={user}
          onEdit={(target) => setEditing({ user: target })}
          onPasswordIssued={setIssued}
        />
      ),
    },
  ];

  return (
    <ConsoleListPage<AdminUser>
      id="system-users-title"
      heading={t('system.users.heading')}
      create={{
        label: t('system.users.create'),
        code: 'system:user:create',
        onClick: () => setEditing({ user: null }),
      }}
      toolbar={
        <>
          <Access code="system:user:import">
            <Button
              icon={<UploadOutlined aria-hidden />}
              aria-haspopup="dialog"
              onClick={() => setImportOpen(true)}
            >
              {t('system.users.import')}
            </Button>
          </Access>
          <Access code="system:user:export">
            <Button
              icon={<DownloadOutlined aria-hidden />}
              loading={exporting}
              onClick={() => void doExport()}
            >
              {t('system.users.export')}
            </Button>
          </Access>
        </>
      }
      searchBar={
        <UserSearchBar
          roleOptions={roleOptions}
          onSearch={(next) => {
            setFilters(next);
            setPaging((current) => ({ ...current, pageIndex: 1 }));
          }}
        />
      }
      list={users}
      rows={users.data?.list ?? []}
      rowKey="id"
      columns={columns}
      tableLabel={t('system.users.results')}
      emptyText={t('system.users.empty')}
      pagination={{
        ...paging,
        total: users.data?.total ?? 0,
        totalExact: users.data?.totalExact ?? true,
        sizes: [10, 20, 50, 100],
        totalText: (count) => t('system.users.total', { count }),
        onChange: setPaging,
      }}
      tableProps={{
        onChange: (_pagination, _filters, sorter, extra) => {
          if (extra.action === 'sort' && !Array.isArray(sorter)) {
            const key = sorter.columnKey as UserSortKey | undefined;
            setSort(
              sorter.order && key
                ? { sort: key, order: sorter.order }
                : { sort: 'createdAt', order: 'descend' },
            );
            setPaging((current) => ({ ...current, pageIndex: 1 }));
          }
        },
      }}
    >
      {editing && (
        <UserDialog
          key={editing.user?.id ?? 'new'}
          open
          user={editing.user}
          roleOptions={roleOptions}
          onClose={() => setEditing(null)}
          onCreated={(created) =>
            setIssued({
              name: created.user.name,
              username: created.user.username,
              password: created.initialPassword,
              reason: 'created',
            })
          }
          onReload={reload}
        />
      )}
      <IssuedPasswordDialog issued={issued} onClose={() => setIssued(null)} />
      <Access code="system:user:import">
        <UserImportDialog open={importOpen} onClose={() => setImportOpen(false)} />
      </Access>
    </ConsoleListPage>
  );
}
