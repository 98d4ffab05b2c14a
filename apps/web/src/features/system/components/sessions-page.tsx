import { type LiveSession, SYSTEM_PAGE_SIZE } from '@cityops/contract';
import { ReloadOutlined } from '@ant-design/icons';
import { Button, Flex, type TableProps, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAccess } from '@/lib/access/use-access';
import { ConsoleListPage } from '@/components/console/console-list-page';
import { ConsolePage } from '@/components/console/console-page';
import { registerTexts } from '@/lib/i18n';
import { localName } from '@/lib/local-name';
import { describeBrowser, signInTime } from '@/lib/sessions/session-display';
import { toast } from '@/lib/toast';
import { systemTexts } from '@/locales/system-texts';
import { useEndSession, useEndUserSessions } from '../api/end-session';
import { useSessions } from '../api/get-sessions';
import { type SessionFilters, SessionSearchBar } from './session-search-bar';

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
  const canEnd = useAccess('system:session:end');
  const endOne = useEndSession();
  const endAll = useEndUserSessions();

  const who = (session: LiveSession) => `${session.name} (${session.username})`;
  const addressOf = (session: LiveSession) => session.ipAddress ?? t('system.sessions.unknown');

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
        session.organizationName
          ? localName(
              { name: session.organizationName, nameEn: session.organizationNameEn },
              i18n.language,
            )
          : '',
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
  ];

  return (
    <ConsoleListPage<LiveSession>
      id="system-sessions-title"
      heading={t('system.sessions.heading')}
      toolbar={
        <Button
          icon={<ReloadOutlined aria-hidden />}
          loading={sessions.isFetching}
          onClick={() => void sessions.refetch()}
        >
          {t('system.sessions.refresh')}
        </Button>
      }
      searchBar={
        <SessionSearchBar
          onSearch={(next) => {
            setFilters(next);
            setPaging((current) => ({ ...current, pageIndex: 1 }));
          }}
        />
      }
      list={sessions}
      rows={sessions.data?.list ?? []}
      rowKey="id"
      columns={columns}
      tableLabel={t('system.sessions.results')}
      emptyText={t('system.sessions.empty')}
      pagination={{
        ...paging,
        total: sessions.data?.total ?? 0,
        totalExact: sessions.data?.totalExact ?? true,
        sizes: [10, 20, 50, 100],
        totalText: (count) => t('system.sessions.total', { count }),
        onChange: setPaging,
      }}
      // Offered where the server's policy allows it: never this session, nor the
      // other administrators' (issue 24).
      rowActions={
        canEnd
          ? (session) =>
              session.endable
                ? [
                    {
                      key: 'end',
                      label: t('system.sessions.end'),
                      ariaLabel: t('system.sessions.endLabel', {
                        user: who(session),
                        address: addressOf(session),
                      }),
                      danger: true,
                      opensDialog: true,
                      confirm: {
                        title: t('system.sessions.confirmEnd.title', { user: who(session) }),
                        content: t('system.sessions.confirmEnd.content', {
                          address: addressOf(session),
                          time: signInTime(session.createdAt),
                        }),
                        okText: t('system.sessions.end'),
                        // A refusal (ended meanwhile, outside the caller's units) is shown by the HTTP client.
                        run: () => endOne.mutateAsync(session.id),
                        done: t('system.sessions.ended'),
                      },
                    },
                    {
                      key: 'endAll',
                      label: t('system.sessions.endAll'),
                      ariaLabel: t('system.sessions.endAllLabel', { user: who(session) }),
                      danger: true,
                      opensDialog: true,
                      confirm: {
                        title: t('system.sessions.confirmEndAll.title', { user: who(session) }),
                        content: t('system.sessions.confirmEndAll.content'),
                        okText: t('system.sessions.endAll'),
                        run: async () => {
                          const { ended } = await endAll.mutateAsync(session.userId);
                          toast.success({
                            content: t('system.sessions.endedAll', { count: ended }),
                          });
                        },
                      },
                    },
                  ]
                : []
          : undefined
      }
    />
  );
}
