import { type LiveSession, SYSTEM_PAGE_SIZE } from '@cityops/contract';
import { ReloadOutlined } from '@ant-design/icons';
import { Button, Empty, Flex, Modal, Space, Table, type TableProps, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAccess } from '@/lib/access/use-access';
import { registerTexts } from '@/lib/i18n';
import { describeBrowser, signInTime } from '@/lib/sessions/session-display';
import { toast } from '@/lib/toast';
import { systemTexts } from '@/locales/system-texts';
import { useEndSession, useEndUserSessions } from '../api/end-session';
import { useSessions } from '../api/get-sessions';
import { useUnits } from '../api/units';
import { type SessionFilters, SessionSearchBar } from './session-search-bar';
import { ConsolePage } from '@/components/console/console-page';

registerTexts(systemTexts);

/**
 * `/system/sessions` (系统管理 / 在线用户, issue 13): every live session in the
 * security administrator's scope with user, unit, address, browser, sign-in
 * time, last activity and expiry; ending one session or all of a user's, after
 * a confirmation, for holders of `system:session:end`.
 */
export function SessionsPage() {
  return (
    <ConsolePage read="system:session:read">
      <SessionsPageContent />
    </ConsolePage>
  );
}

function SessionsPageContent() {
  const { t, i18n } = useTranslation();
  const [filters, setFilters] = useState<SessionFilters>({});
  const [paging, setPaging] = useState({ pageIndex: 1, pageSize: SYSTEM_PAGE_SIZE });
  const sessions = useSessions({ ...filters, ...paging });
  const units = useUnits(undefined, { enabled: useAccess('system:unit:read') });
  const canEnd = useAccess('system:session:end');
  const endOne = useEndSession();
  const endAll = useEndUserSessions();
  const [modal, modalHolder] = Modal.useModal();

  const who = (session: LiveSession) => `${session.name} (${session.username})`;
  const addressOf = (session: LiveSession) => session.ipAddress ?? t('system.sessions.unknown');

  function confirmEnd(session: LiveSession) {
    void modal.confirm({
      title: t('system.sessions.confirmEnd.title', { user: who(session) }),
      content: t('system.sessions.confirmEnd.content', {
        address: addressOf(session),
        time: signInTime(session.createdAt),
      }),
      okText: t('system.sessions.end'),
      cancelText: t('system.common.cancel'),
      okButtonProps: { danger: true },
      onOk: async () => {
        try {
          await endOne.mutateAsync(session.id);
          toast.success({ content: t('system.sessions.ended') });
        } catch {
          // The HTTP client has shown why (ended meanwhile, outside the caller's units).
        }
      },
    });
  }

  function confirmEndAll(session: LiveSession) {
    void modal.confirm({
      title: t('system.sessions.confirmEndAll.title', { user: who(session) }),
      content: t('system.sessions.confirmEndAll.content'),
      okText: t('system.sessions.endAll'),
      cancelText: t('system.common.cancel'),
      okButtonProps: { danger: true },
      onOk: async () => {
        try {
          const { ended } = await endAll.mutateAsync(session.userId);
          toast.success({ content: t('system.sessions.endedAll', { count: ended }) });
        } catch {
          // The HTTP client has shown why.
        }
      },
    });
  }

  const columns: TableProps<LiveSession>['columns'] = [
    {
      key: 'user',
      title: t('system.sessions.column.user'),
      render: (_, session) => (
        <Flex vertical align="flex-start">
          <Typography.Text strong>{session.name}</Typography.Text>
          <Typography.Text type="secondary">{session.username}</Typography.Text>
          {session.current && <Tag color="blue">{t('system.sessions.current')}</Tag>}
        </Flex>
      ),
    },
    {
      key: 'unit',
      title: t('system.sessions.column.unit'),
      render: (_, session) =>
        (i18n.language === 'en' ? session.organizationNameEn : session.organizationName) ?? '',
    },
    {
      key: 'address',
      title: t('system.sessions.column.address'),
      render: (_, session) => addressOf(session),
    },
    {
      key: 'browser',
      title: t('system.sessions.column.browser'),
      render: (_, session) => (
        <span title={session.userAgent ?? undefined}>
          {describeBrowser(session.userAgent) || t('system.sessions.unknown')}
        </span>
      ),
    },
    {
      key: 'signedInAt',
      title: t('system.sessions.column.signedInAt'),
      render: (_, session) => signInTime(session.createdAt),
    },
    {
      key: 'lastSeenAt',
      title: t('system.sessions.column.lastSeenAt'),
      render: (_, session) =>
        session.lastSeenAt ? signInTime(session.lastSeenAt) : t('system.sessions.never'),
    },
    {
      key: 'expiresAt',
      title: t('system.sessions.column.expiresAt'),
      render: (_, session) => signInTime(session.expiresAt),
    },
    ...(canEnd
      ? ([
          {
            key: 'actions',
            title: t('system.common.actions'),
            // Offered where the server's policy allows it: never this session, nor the
            // other administrators' (issue 24).
            render: (_, session) =>
              session.endable && (
                <Space size={0} wrap>
                  <Button
                    type="link"
                    size="small"
                    danger
                    aria-label={t('system.sessions.endLabel', {
                      user: who(session),
                      address: addressOf(session),
                    })}
                    aria-haspopup="dialog"
                    onClick={() => confirmEnd(session)}
                  >
                    {t('system.sessions.end')}
                  </Button>
                  <Button
                    type="link"
                    size="small"
                    danger
                    aria-label={t('system.sessions.endAllLabel', { user: who(session) })}
                    aria-haspopup="dialog"
                    onClick={() => confirmEndAll(session)}
                  >
                    {t('system.sessions.endAll')}
                  </Button>
                </Space>
              ),
          },
        ] satisfies TableProps<LiveSession>['columns'])
      : []),
  ];

  return (
    <section aria-labelledby="system-sessions-title">
      {modalHolder}
      <Flex justify="space-between" align="center" wrap gap={12} style={{ marginBottom: 16 }}>
        <Typography.Title level={2} id="system-sessions-title" style={{ margin: 0 }}>
          {t('system.sessions.heading')}
        </Typography.Title>
        <Button
          icon={<ReloadOutlined aria-hidden />}
          loading={sessions.isFetching}
          onClick={() => void sessions.refetch()}
        >
          {t('system.sessions.refresh')}
        </Button>
      </Flex>
      <SessionSearchBar
        units={units.data ?? []}
        onSearch={(next) => {
          setFilters(next);
          setPaging((current) => ({ ...current, pageIndex: 1 }));
        }}
      />
      <Table<LiveSession>
        rowKey="id"
        aria-label={t('system.sessions.results')}
        columns={columns}
        dataSource={sessions.data?.list ?? []}
        loading={sessions.isFetching}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: <Empty description={t('system.sessions.empty')} /> }}
        pagination={{
          current: paging.pageIndex,
          pageSize: paging.pageSize,
          total: sessions.data?.total ?? 0,
          showSizeChanger: true,
          pageSizeOptions: [10, 20, 50, 100],
          showTotal: (total) => t('system.sessions.total', { count: total }),
        }}
        onChange={(pagination, _filters, _sorter, extra) => {
          if (extra.action !== 'paginate') return;
          const pageSize = pagination.pageSize ?? SYSTEM_PAGE_SIZE;
          setPaging({
            pageIndex: pageSize === paging.pageSize ? (pagination.current ?? 1) : 1,
            pageSize,
          });
        }}
      />
    </section>
  );
}
