import { Button } from 'antd';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@/lib/date-time';
import { type MessageView, avatarLabel, avatarLines } from '../lib/parse-message';
import styles from './notification-panel.module.css';

export interface NotificationPanelProps {
  rows: MessageView[];
  total: number;
  loading: boolean;
  hasMore: boolean;
  onPick(message: MessageView): void;
  onLoadMore(): void;
  onAllRead(): void;
  /** Administrators: opens the send-message dialog. */
  onCompose?: () => void;
}

/**
 * The dropdown "message notification": each message with its avatar label,
 * title, time and excerpt; "load more" while pages remain; "all read" when the
 * total is above 0.
 */
export function NotificationPanel({
  rows,
  total,
  loading,
  hasMore,
  onPick,
  onLoadMore,
  onAllRead,
  onCompose,
}: NotificationPanelProps) {
  const { t } = useTranslation();
  const heading = useRef<HTMLHeadingElement>(null);
  const fallbackLabel = t('notifications.title');

  // Keyboard users land in the panel when it opens.
  useEffect(() => {
    heading.current?.focus();
  }, []);

  return (
    <section className={styles.panel} aria-labelledby="notification-panel-title" role="dialog">
      <div className={styles.header}>
        <h2 className={styles.title} id="notification-panel-title" tabIndex={-1} ref={heading}>
          {t('notifications.title')}
        </h2>
        {total > 0 && (
          <Button size="small" onClick={onAllRead}>
            {t('notifications.allRead')}
          </Button>
        )}
      </div>
      {rows.length === 0 ? (
        <p className={styles.empty}>{loading ? t('common.loading') : t('notifications.empty')}</p>
      ) : (
        <ul className={styles.list} aria-label={t('notifications.listLabel', { count: total })}>
          {rows.map((row) => (
            <li key={row.id}>
              <button type="button" className={styles.item} onClick={() => onPick(row)}>
                <span className={styles.avatar} aria-hidden>
                  {avatarLines(avatarLabel(row.title, fallbackLabel)).map((line) => (
                    <span
                      key={line}
                      className={`${styles.avatarLine} ${Array.from(line).length > 3 ? styles.avatarWord : ''}`}
                    >
                      {line}
                    </span>
                  ))}
                </span>
                <span className={styles.body}>
                  <span className={styles.line}>
                    <span className={styles.messageTitle}>{row.title || fallbackLabel}</span>
                    <time className={styles.time} dateTime={row.createdTime}>
                      {formatDateTime(row.createdTime)}
                    </time>
                  </span>
                  <span className={styles.excerpt}>{row.content}</span>
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
      {(hasMore || onCompose) && (
        <div className={styles.footer}>
          {hasMore && (
            <Button size="small" loading={loading} onClick={onLoadMore}>
              {t('notifications.loadMore')}
            </Button>
          )}
          {onCompose && (
            <Button size="small" onClick={onCompose}>
              {t('notifications.admin.menuEntry')}
            </Button>
          )}
        </div>
      )}
    </section>
  );
}
