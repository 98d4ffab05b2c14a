import type { Subsystem, SubsystemIssued } from '@cityops/contract';
import { Button, Flex, Space, Tag, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConsoleListPage } from '@/components/console/console-list-page';
import { ConsolePage } from '@/components/console/console-page';
import { useAccess } from '@/lib/access/use-access';
import { registerTexts } from '@/lib/i18n';
import { localName } from '@/lib/local-name';
import { systemTexts } from '@/locales/system-texts';
import { useIssueSubsystemSecret } from '../api/issue-subsystem-secret';
import { useDeleteSubsystem, useSubsystems } from '../api/subsystems';
import { SubsystemConnectionDialog } from './subsystem-connection-dialog';
import { SubsystemDialog } from './subsystem-dialog';
import { type IssuedSecret, SubsystemSecretDialog } from './subsystem-secret-dialog';

registerTexts(systemTexts);

type Editing = { subsystem: Subsystem | null } | null;

/**
 * `/system/subsystems` (系统管理 / 子系统接入, issue 22): the subsystems registered
 * as the platform's OpenID Connect clients, with the menu entries that open
 * them; holders of `system:subsystem:write` register, change, re-key and
 * remove them. A client secret is shown once, when it is made.
 */
export function SubsystemsPage() {
  return (
    <ConsolePage read="system:subsystem:read">
      <SubsystemsPageContent />
    </ConsolePage>
  );
}

function SubsystemsPageContent() {
  const { t, i18n } = useTranslation();
  const canWrite = useAccess('system:subsystem:write');
  const subsystems = useSubsystems();
  const remove = useDeleteSubsystem();
  const renew = useIssueSubsystemSecret();
  const [editing, setEditing] = useState<Editing>(null);
  const [issued, setIssued] = useState<IssuedSecret | null>(null);
  const [search, setSearch] = useState('');
  // What to send a vendor: the platform's addresses, with a registration's own (issue 31).
  const [connection, setConnection] = useState<{ subsystem: Subsystem | null } | null>(null);

  const rows = useMemo(() => {
    const needle = search.trim().toLowerCase();
    const all = subsystems.data ?? [];
    if (!needle) return all;
    return all.filter((item) =>
      [item.name, item.nameEn, item.clientId].some((text) => text.toLowerCase().includes(needle)),
    );
  }, [subsystems.data, search]);

  async function reload() {
    return (await subsystems.refetch()).data ?? [];
  }

  function showSecret({ subsystem, clientSecret }: SubsystemIssued) {
    if (!clientSecret) return;
    setIssued({
      name: localName(subsystem, i18n.language),
      clientId: subsystem.clientId,
      secret: clientSecret,
    });
  }

  return (
    <ConsoleListPage<Subsystem>
      id="system-subsystems-title"
      heading={t('system.subsystems.heading')}
      create={{
        label: t('system.subsystems.create'),
        code: 'system:subsystem:write',
        onClick: () => setEditing({ subsystem: null }),
      }}
      toolbar={
        <Button onClick={() => setConnection({ subsystem: null })}>
          {t('system.subsystems.connection.open')}
        </Button>
      }
      search={{ label: t('system.subsystems.search'), live: true, onSearch: setSearch }}
      list={subsystems}
      rows={rows}
      rowKey="id"
      tableLabel={t('system.subsystems.results')}
      emptyText={t('system.subsystems.empty')}
      columns={[
        {
          key: 'name',
          title: t('system.subsystems.column.name'),
          render: (_, row) => (
            <Space size={6} wrap>
              {localName(row, i18n.language)}
              {row.builtIn && <Tag variant="filled">{t('system.subsystems.builtIn')}</Tag>}
            </Space>
          ),
        },
        {
          key: 'clientId',
          title: t('system.subsystems.column.clientId'),
          // The client id opens what its vendor is sent, without widening the actions column.
          render: (_, row) => (
            <Button
              type="link"
              size="small"
              style={{ paddingInline: 0 }}
              onClick={() => setConnection({ subsystem: row })}
              aria-label={t('system.subsystems.connection.action', {
                name: localName(row, i18n.language),
              })}
              aria-haspopup="dialog"
            >
              <Typography.Text code>{row.clientId}</Typography.Text>
            </Button>
          ),
        },
        {
          key: 'kind',
          title: t('system.subsystems.column.kind'),
          render: (_, row) => (
            <Tag color={row.kind === 'confidential' ? 'blue' : undefined}>
              {t(`system.subsystems.kind.${row.kind}`)}
            </Tag>
          ),
        },
        {
          key: 'origins',
          title: t('system.subsystems.column.origins'),
          render: (_, row) =>
            row.origins.length ? (
              <Flex vertical>
                {row.origins.map((origin) => (
                  <Typography.Text
                    key={origin}
                    style={{ maxWidth: 280 }}
                    ellipsis={{ tooltip: true }}
                  >
                    {origin}
                  </Typography.Text>
                ))}
              </Flex>
            ) : (
              t('system.subsystems.none')
            ),
        },
        {
          key: 'enabled',
          title: t('system.subsystems.column.enabled'),
          render: (_, row) =>
            row.enabled ? t('system.common.yes') : <Tag>{t('system.subsystems.disabled')}</Tag>,
        },
        {
          key: 'menuEntries',
          title: t('system.subsystems.column.menuEntries'),
          render: (_, row) =>
            row.menuEntries.length ? (
              <Typography.Text style={{ maxWidth: 260 }} ellipsis={{ tooltip: true }}>
                {row.menuEntries
                  .map((entry) => localName(entry, i18n.language))
                  .join(i18n.language === 'en' ? ', ' : '、')}
              </Typography.Text>
            ) : (
              t('system.subsystems.none')
            ),
        },
      ]}
      rowActions={
        canWrite
          ? (row) => {
              const name = localName(row, i18n.language);
              return [
                {
                  key: 'edit',
                  label: t('system.common.edit'),
                  ariaLabel: t('system.subsystems.action.edit', { name }),
                  onClick: () => setEditing({ subsystem: row }),
                },
                row.kind === 'confidential' && {
                  key: 'secret',
                  label: t('system.subsystems.newSecret'),
                  ariaLabel: t('system.subsystems.action.secret', { name }),
                  confirm: {
                    title: t('system.subsystems.confirmSecret.title', { name }),
                    content: t('system.subsystems.confirmSecret.content'),
                    okText: t('system.subsystems.confirmSecret.ok'),
                    run: async () => showSecret(await renew.mutateAsync(row.id)),
                  },
                },
                !row.builtIn && {
                  key: 'delete',
                  label: t('system.common.delete'),
                  ariaLabel: t('system.subsystems.action.delete', { name }),
                  danger: true,
                  confirm: {
                    title: t('system.subsystems.confirmDelete.title', { name }),
                    content: t('system.subsystems.confirmDelete.content'),
                    okText: t('system.subsystems.confirmDelete.ok'),
                    // A refusal (menu entries open it, built in) is shown by the HTTP client.
                    run: () => remove.mutateAsync({ id: row.id, version: row.version }),
                    done: t('system.subsystems.deleted'),
                  },
                },
              ];
            }
          : undefined
      }
    >
      {editing && (
        <SubsystemDialog
          key={editing.subsystem?.id ?? 'new'}
          subsystem={editing.subsystem}
          onClose={() => setEditing(null)}
          onIssued={showSecret}
          onReload={reload}
        />
      )}
      <SubsystemSecretDialog issued={issued} onClose={() => setIssued(null)} />
      <SubsystemConnectionDialog
        open={connection !== null}
        subsystem={connection?.subsystem ?? null}
        onClose={() => setConnection(null)}
      />
    </ConsoleListPage>
  );
}
