import type { MenuEntry } from '@cityops/contract';
import { Button, Result, Space } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { trustedSubsystemOrigins } from '@/lib/cross-window';
import { getToken } from '@/lib/token';
import { runtimeConfig } from '@/lib/runtime-config';
import { useAppStore } from '@/stores/app-store';
import { useUserStore } from '@/stores/user-store';
import { OTHER_ORIGIN_SANDBOX, frameSource, isOtherOrigin } from '../lib/frame-source';
import styles from './embedded-frame.module.css';

export interface EmbeddedFrameProps {
  entry: MenuEntry;
  /** The accessible name of the frame: the entry's title. */
  title: string;
  visible: boolean;
  /** How long a page may take to load before the shell says it cannot show it. */
  loadTimeoutMs?: number;
}

/**
 * A page that has not loaded in this time is taken as one that cannot load here:
 * a browser gives a frame refused by its site (X-Frame-Options, frame-ancestors)
 * or an unreachable host no error the shell can read, only silence or a blank.
 */
export const FRAME_LOAD_TIMEOUT_MS = 15_000;

/**
 * A menu entry's page inside the shell. The address is built once per user and
 * entry, so switching tabs or languages never reloads it; an empty url leaves
 * the frame empty.
 */
export function EmbeddedFrame({
  entry,
  title,
  visible,
  loadTimeoutMs = FRAME_LOAD_TIMEOUT_MS,
}: EmbeddedFrameProps) {
  const { t } = useTranslation();
  const username = useUserStore((state) => state.userData?.username || state.username);
  const id = useUserStore((state) => state.userData?.id ?? '');
  const roleIds = useUserStore((state) => (state.userData?.roleIds ?? state.roles).join(','));
  const menuList = useAppStore((state) => state.menuList);
  const { url, query } = entry.sysModels;
  const queryKey = JSON.stringify(query);
  const trustedKey = [...trustedSubsystemOrigins(menuList)].sort().join(' ');
  // Keyed on values, not objects: the same entry from a refetched menu must not reload the frame.
  const src = useMemo(
    () =>
      frameSource(
        url,
        JSON.parse(queryKey) as typeof query,
        {
          token: getToken() ?? '',
          username,
          id: String(id),
          roleIds: roleIds ? roleIds.split(',') : [],
        },
        runtimeConfig().routerMode,
        new Set(trustedKey.split(' ').filter(Boolean)),
      ),
    [url, queryKey, username, id, roleIds, trustedKey],
  );
  const otherOrigin = isOtherOrigin(src);
  // Each reload is a new frame element; `loaded`/`failed` belong to that attempt.
  const [attempt, setAttempt] = useState(0);
  const [loaded, setLoaded] = useState<number | null>(null);
  const [failed, setFailed] = useState<number | null>(null);
  useEffect(() => {
    if (!src || loaded === attempt) return;
    const timer = window.setTimeout(() => setFailed(attempt), loadTimeoutMs);
    return () => window.clearTimeout(timer);
  }, [src, attempt, loaded, loadTimeoutMs]);
  const showFailure = visible && failed === attempt && loaded !== attempt;
  return (
    <>
      {showFailure && (
        <Result
          status="warning"
          role="alert"
          title={t('frame.failed', { title })}
          subTitle={t('frame.failedHint')}
          extra={
            <Space wrap>
              <Button
                type="primary"
                onClick={() => window.open(src, '_blank', 'noopener,noreferrer')}
              >
                {t('frame.openWindow')}
              </Button>
              <Button onClick={() => setAttempt((value) => value + 1)}>{t('frame.reload')}</Button>
            </Space>
          }
        />
      )}
      <iframe
        key={attempt}
        className={styles.frame}
        title={title}
        src={src || undefined}
        hidden={!visible || showFailure}
        data-frame-code={entry.code}
        sandbox={otherOrigin ? OTHER_ORIGIN_SANDBOX : undefined}
        referrerPolicy="no-referrer"
        allow=""
        onLoad={() => setLoaded(attempt)}
        onError={() => setFailed(attempt)}
      />
    </>
  );
}
