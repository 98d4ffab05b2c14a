import { BellOutlined } from '@ant-design/icons';
import { Badge, Button, Popover, Spin } from 'antd';
import { Suspense, lazy, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { useAccess } from '@/lib/access/use-access';
import { useUserStore } from '@/stores/user-store';
import { useLiveUnread } from '../hooks/use-live-unread';
import { useMessageList } from '../hooks/use-message-list';
import { openMessageLink } from '../lib/open-message-link';
import type { MessageView } from '../lib/parse-message';
import { notificationsTexts } from '@/locales/notifications-texts';
import { registerTexts } from '@/lib/i18n';
import { paths } from '@/lib/paths';
import { scaledPx } from '@/lib/root-font-size';

registerTexts(notificationsTexts);

// The list loads on the first open: the header's first screen carries only the bell.
const NotificationPanel = lazy(() =>
  import('./notification-panel').then((m) => ({ default: m.NotificationPanel })),
);
const SendMessageDialog = lazy(() =>
  import('./send-message-dialog').then((m) => ({ default: m.SendMessageDialog })),
);

/** The header's message bell with the live unread count (docs/notifications.md). */
export function NotificationBell() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const userId = useUserStore((state) => state.userData?.id);
  const list = useMessageList(userId);
  const [open, setOpen] = useState(false);
  const [composing, setComposing] = useState(false);
  const canSend = useAccess('system:message:send');
  useLiveUnread(true, list.onLiveUnread);

  async function onPick(message: MessageView) {
    await list.markRead(message.id);
    if (!message.link) return;
    if (pathname !== paths.home) await navigate(paths.home);
    if (openMessageLink(message.link, message.oneType, message.title)) setOpen(false);
  }

  return (
    <>
      {composing && (
        <Suspense fallback={null}>
          <SendMessageDialog onClose={() => setComposing(false)} />
        </Suspense>
      )}
      <Popover
        open={open}
        onOpenChange={setOpen}
        trigger="click"
        placement="bottomRight"
        arrow={false}
        destroyOnHidden
        content={
          <Suspense fallback={<Spin style={{ display: 'block', margin: 24 }} />}>
            <NotificationPanel
              rows={list.rows}
              total={list.total}
              loading={list.loading}
              hasMore={list.hasMore}
              onPick={(message) => void onPick(message).catch(() => undefined)}
              onLoadMore={() => void list.loadMore()}
              onAllRead={() => void list.markAll().catch(() => undefined)}
              {...(canSend
                ? {
                    onCompose: () => {
                      setOpen(false);
                      setComposing(true);
                    },
                  }
                : {})}
            />
          </Suspense>
        }
      >
        <Button
          type="text"
          aria-label={t('notifications.bell', { count: list.total })}
          aria-haspopup="dialog"
          aria-expanded={open}
          data-unread={list.total}
        >
          <Badge count={list.total} overflowCount={99} size="small" aria-hidden>
            <BellOutlined aria-hidden style={{ fontSize: scaledPx(18) }} />
          </Badge>
        </Button>
      </Popover>
    </>
  );
}
