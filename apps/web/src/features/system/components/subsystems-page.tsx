import type { Subsystem, SubsystemIssued } from '@cityops/contract';
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
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConsolePage } from '@/components/console/console-page';
import { useAccess } from '@/lib/access/use-access';
import { registerTexts } from '@/lib/i18n';
import { toast } from '@/lib/toast';
import { systemTexts } from '@/locales/system-texts';
import { useDeleteSubsystem, useSubsystems } from '../api/subsystems';
import { useIssueSubsystemSecret } from '../api/issue-subsystem-secret';
import { localName } from '@/lib/local-name';
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
  const [modal, modalHolder] = Modal.useModal();
  const [editing, setEditing] = useState<Editing>(null);
  const [issued, setIssued] = useState<IssuedSecret | null>(null);
  const [search, setSearch] = useState('');

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

  function confirmSecret(row: Subsystem) {
    const name = localName(row, i18n.language);
    void modal.confirm({
      title: t('system.subsystems.confirmSecret.title', { name }),
      content: t('system.subsystems.confirmSecret.content'),
      okText: t('system.subsystems.confirmSecret.ok'),
      cancelText: t('system.common.cancel'),
      okButtonProps: { danger: true },
      onOk: async () => {
        try {
          showSecret(await renew.mutateAsync(row.id));
        } catch {
          // The HTTP client has shown why.
        }
      },
    });
  }

  function confirmDelete(row: Subsystem) {
    const name = localName(row, i18n.language);
    void modal.confirm({
      title: t('system.subsystems.confirmDelete.title', { name }),
      content: t('system.subsystems.confirmDelete.content'),
      okText: t('system.subsystems.confirmDelete.ok'),
      cancelText: t('system.common.cancel'),
      okButtonProps: { danger: true },
      onOk: async () => {
        try {
          await remove.mutateAsync({ id: row.id, version: row.version });
          toast.success({ content: t('system.subsystems.deleted') });
        } catch {
          // The HTTP client has shown why (menu entries open it, built in).
        }
      },
    });
  }

  const columns: TableProps<Subsystem>['columns'] = [
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
      render: (_, row) => <Typography.Text code>{row.clientId}</Typography.Text>,
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
              <Typography.Text key={origin} style={{ maxWidth: 280 }} ellipsis={{ tooltip: true }}>
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
    ...(canWrite
      ? ([
          {
            key: 'actions',
            title: t('system.common.actions'),
            render: (_, row) => {
              const name = localName(row, i18n.language);
              return (
                <Space size={0} wrap>
                  <Button
                    type="link"
                    size="small"
                    aria-label={t('system.subsystems.action.edit', { name })}
                    onClick={() => setEditing({ subsystem: row })}
                  >
                    {t('system.common.edit')}
                  </Button>
                  {row.kind === 'confidential' && (
                    <Button
                      type="link"
                      size="small"
                      aria-label={t('system.subsystems.action.secret', { name })}
                      onClick={() => confirmSecret(row)}
                    >
                      {t('system.subsystems.newSecret')}
                    </Button>
                  )}
                  {!row.builtIn && (
                    <Button
                      type="link"
                      size="small"
                      danger
                      aria-label={t('system.subsystems.action.delete', { name })}
                      onClick={() => confirmDelete(row)}
                    >
                      {t('system.common.delete')}
                    </Button>
                  )}
                </Space>
              );
            },
          },
        ] satisfies TableProps<Subsystem>['columns'])
      : []),
  ];

  return (
    <section aria-labelledby="system-subsystems-title">
      {modalHolder}
      <Flex justify="space-between" align="center" wrap gap={12} style={{ marginBottom: 16 }}>
        <Typography.Title level={2} id="system-subsystems-title" style={{ margin: 0 }}>
          {t('system.subsystems.heading')}
        </Typography.Title>
        <Flex gap={12} wrap>
          <Input.Search
            allowClear
            aria-label={t('system.subsystems.search')}
            placeholder={t('system.subsystems.search')}
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            style={{ width: 260 }}
          />
          {canWrite && (
            <Button
              type="primary"
              icon={<PlusOutlined aria-hidden />}
              aria-haspopup="dialog"
              onClick={() => setEditing({ subsystem: null })}
            >
              {t('system.subsystems.create')}
            </Button>
          )}
        </Flex>
      </Flex>
      <Table<Subsystem>
        rowKey="id"
        aria-label={t('system.subsystems.results')}
        columns={columns}
        dataSource={rows}
        loading={subsystems.isFetching}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: <Empty description={t('system.subsystems.empty')} /> }}
      />
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
    </section>
  );
}
