import type { MessageRecipient, SentMessage } from '@cityops/contract';
import { PlusOutlined } from '@ant-design/icons';
import {
  Alert,
  Button,
  Drawer,
  Flex,
  Form,
  Input,
  Modal,
  Space,
  Table,
  type TableProps,
  Tag,
  Typography,
} from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConsoleTheme } from '@/components/console/console-theme';
import { useAccess } from '@/lib/access/use-access';
import { registerTexts } from '@/lib/i18n';
import { listTotalText } from '@/lib/list-total';
import { toast } from '@/lib/toast';
import { notificationsTexts } from '@/locales/notifications-texts';
import { RECIPIENT_PAGE_SIZE, useMessageRecipients } from '../api/get-message-recipients';
import { useSentMessages } from '../api/get-sent-messages';
import { useWithdrawMessage } from '../api/withdraw-message';
import { localName } from '@/lib/local-name';
import { formatDateTime } from '@/lib/date-time';

registerTexts(notificationsTexts);

const SendMessageDialog = lazy(() =>
  import('./send-message-dialog').then((m) => ({ default: m.SendMessageDialog })),
);

const PAGE_SIZE = 10;

/**
 * `/system/messages` (消息管理, issue 13 item 7): the messages sent through the
 * console, newest first, with how many received and read each; sending to users,
 * units or roles; each message's recipients; and withdrawing a message from the
 * inboxes of those who have not read it (those who have keep it).
 */
export function MessagesPage() {
  const { t } = useTranslation();
  const allowed = useAccess('system:message:send');
  return (
    <ConsoleTheme>
      {allowed ? (
        <MessagesPageContent />
      ) : (
        <Alert type="warning" showIcon title={t('notifications.sent.forbidden')} />
      )}
    </ConsoleTheme>
  );
}

function MessagesPageContent() {
  const { t } = useTranslation();
  const [query, setQuery] = useState({ pageIndex: 1, pageSize: PAGE_SIZE, keyword: '' });
  const [keyword, setKeyword] = useState('');
  const [sending, setSending] = useState(false);
  const [showing, setShowing] = useState<SentMessage | null>(null);
  const list = useSentMessages(query);
  const withdraw = useWithdrawMessage();
  const [modal, modalHolder] = Modal.useModal();

  function confirmWithdraw(message: SentMessage) {
    const unread = message.recipients - message.read;
    void modal.confirm({
      title: t('notifications.sent.confirmWithdraw.title', { title: message.title }),
      content: t('notifications.sent.confirmWithdraw.content', { count: unread }),
      okText: t('notifications.sent.confirmWithdraw.ok'),
      cancelText: t('notifications.sent.confirmWithdraw.cancel'),
      okButtonProps: { danger: true },
      onOk: async () => {
        try {
          const result = await withdraw.mutateAsync(message.id);
          toast.success({
            content: t('notifications.sent.withdrawn', { count: result.withdrawn }),
          });
        } catch {
          // The HTTP client has shown why (already withdrawn, or read by everyone).
        }
      },
    });
  }

  const columns: TableProps<SentMessage>['columns'] = [
    {
      key: 'title',
      title: t('notifications.sent.column.title'),
      render: (_, message) => (
        <Flex vertical>
          <Typography.Text strong>{message.title}</Typography.Text>
          <Typography.Text type="secondary" ellipsis style={{ maxWidth: 360 }}>
            {message.type === 'text' ? message.content : ''}
          </Typography.Text>
        </Flex>
      ),
    },
    {
      key: 'sender',
      title: t('notifications.sent.column.sender'),
      render: (_, message) => message.senderName ?? '—',
    },
    {
      key: 'sentTime',
      title: t('notifications.sent.column.sentTime'),
      render: (_, message) => formatDateTime(message.sentTime),
    },
    {
      key: 'read',
      title: t('notifications.sent.column.read'),
      align: 'right',
      render: (_, message) =>
        t('notifications.sent.readOf', { read: message.read, total: message.recipients }),
    },
    {
      key: 'status',
      title: t('notifications.sent.column.status'),
      render: (_, message) =>
        message.withdrawnTime ? (
          <Space direction="vertical" size={0}>
            <Tag>{t('notifications.sent.withdrawnStatus')}</Tag>
            <Typography.Text type="secondary">
              {t('notifications.sent.withdrawnNote', { count: message.withdrawn })}
            </Typography.Text>
          </Space>
        ) : (
          <Tag>{t('notifications.sent.active')}</Tag>
        ),
    },
    {
      key: 'actions',
      title: t('notifications.sent.column.actions'),
      render: (_, message) => (
        <Space size={0}>
          <Button
            type="link"
            aria-label={t('notifications.sent.recipientsOf', { title: message.title })}
            onClick={() => setShowing(message)}
          >
            {t('notifications.sent.recipientsButton')}
          </Button>
          {!message.withdrawnTime && message.read < message.recipients && (
            <Button
              type="link"
              danger
              aria-label={t('notifications.sent.withdrawOf', { title: message.title })}
              onClick={() => confirmWithdraw(message)}
            >
              {t('notifications.sent.withdrawButton')}
            </Button>
          )}
        </Space>
      ),
    },
  ];

  return (
    <Flex vertical gap={16}>
      {modalHolder}
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Typography.Title level={3} style={{ margin: 0 }}>
          {t('notifications.sent.heading')}
        </Typography.Title>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setSending(true)}>
          {t('notifications.sent.send')}
        </Button>
      </Flex>
      <Form
        layout="inline"
        name="sent-messages-search"
        aria-label={t('notifications.sent.search')}
        onFinish={() => setQuery({ ...query, pageIndex: 1, keyword: keyword.trim() })}
      >
        <Form.Item label={t('notifications.sent.keyword')} htmlFor="sent-messages-keyword">
          <Input
            id="sent-messages-keyword"
            value={keyword}
            maxLength={64}
            allowClear
            placeholder={t('notifications.sent.keywordPlaceholder')}
            onChange={(event) => setKeyword(event.target.value)}
          />
        </Form.Item>
        <Button htmlType="submit">{t('notifications.sent.searchButton')}</Button>
      </Form>
      {list.isError && (
        <Alert
          type="error"
          showIcon
          role="alert"
          title={t('notifications.sent.loadFailed')}
          action={
            <Button size="small" onClick={() => void list.refetch()}>
              {t('notifications.sent.retry')}
            </Button>
          }
        />
      )}
      <Table<SentMessage>
        aria-label={t('notifications.sent.table')}
        rowKey="id"
        columns={columns}
        dataSource={list.data?.rows ?? []}
        loading={list.isFetching}
        locale={{ emptyText: <Typography.Text>{t('notifications.sent.empty')}</Typography.Text> }}
        pagination={{
          current: query.pageIndex,
          pageSize: query.pageSize,
          total: list.data?.total ?? 0,
          showSizeChanger: false,
          showTotal: (total) =>
            listTotalText(total, list.data?.totalExact ?? true, (count) =>
              t('notifications.sent.total', { count }),
            ),
          onChange: (pageIndex) => setQuery({ ...query, pageIndex }),
        }}
        scroll={{ x: 'max-content' }}
      />
      {showing && <RecipientsDrawer message={showing} onClose={() => setShowing(null)} />}
      {sending && (
        <Suspense fallback={null}>
          <SendMessageDialog onClose={() => setSending(false)} />
        </Suspense>
      )}
    </Flex>
  );
}

/** Who received a message and whether each has read it, unread first, paged. */
function RecipientsDrawer({ message, onClose }: { message: SentMessage; onClose(): void }) {
  const { t, i18n } = useTranslation();
  const [pageIndex, setPageIndex] = useState(1);
  const page = useMessageRecipients(message.id, pageIndex);
  const columns: TableProps<MessageRecipient>['columns'] = [
    { key: 'name', title: t('notifications.sent.recipients.name'), dataIndex: 'name' },
    { key: 'username', title: t('notifications.sent.recipients.username'), dataIndex: 'username' },
    {
      key: 'unit',
      title: t('notifications.sent.recipients.unit'),
      render: (_, row) =>
        row.unitName == null
          ? '—'
          : localName({ name: row.unitName, nameEn: row.unitNameEn }, i18n.language),
    },
    {
      key: 'state',
      title: t('notifications.sent.recipients.state'),
      render: (_, row) =>
        row.read && row.readTime ? (
          <Typography.Text>
            {t('notifications.sent.recipients.readAt', {
              time: formatDateTime(row.readTime),
            })}
          </Typography.Text>
        ) : (
          <Tag>{t('notifications.sent.recipients.unread')}</Tag>
        ),
    },
  ];
  return (
    <Drawer
      open
      size={640}
      title={`${t('notifications.sent.recipients.title')}: ${message.title}`}
      onClose={onClose}
      closable={{ 'aria-label': t('notifications.sent.recipients.close') }}
    >
      <Table<MessageRecipient>
        aria-label={t('notifications.sent.recipients.title')}
        rowKey="userId"
        size="small"
        columns={columns}
        dataSource={page.data?.rows ?? []}
        loading={page.isFetching}
        pagination={{
          current: pageIndex,
          pageSize: RECIPIENT_PAGE_SIZE,
          total: page.data?.total ?? 0,
          showSizeChanger: false,
          onChange: setPageIndex,
        }}
      />
    </Drawer>
  );
}
