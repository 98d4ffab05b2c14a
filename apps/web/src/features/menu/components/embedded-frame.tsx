import { DATABASE_INT_MAX, type MenuEntry } from '@cityops/contract';
import { Button, Result, Space, Spin } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getToken } from '@/lib/token';
import { runtimeConfig } from '@/lib/runtime-config';
import { useUserStore } from '@/stores/user-store';
import { useFrameToken } from '../api/get-frame-token';
import { useFrameTokenRefresh } from '../hooks/use-frame-token-refresh';
import type { FrameIdentity } from '../lib/frame-address';
import {
  OTHER_ORIGIN_SANDBOX,
  frameSource,
  frameTarget,
  isOtherOrigin,
  subsystemTokenFor,
} from '../lib/frame-source';
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

/** The menu entry's id as the frame token endpoint takes it, or null for an entry with none. */
function menuIdOf(entry: MenuEntry): number | null {
  const id = entry.sysModels.id;
  return /^[1-9]\d{0,9}$/.test(id) && Number(id) <= DATABASE_INT_MAX ? Number(id) : null;
}

/**
 * A menu entry's page inside the shell (docs/shell.md, "Embedded pages"). A page
 * of the product gets the platform session token in its address; anything else
 * (another site, or a file such as `/demo-subsystem.html`) gets a token only from
 * the frame token endpoint: its subsystem's own, for that subsystem's registered
 * origin, and the frame waits for that one call. An address no subsystem is
 * registered for gets no token and nothing of the user. The address is built once
 * per user, entry and load, so switching tabs or languages never reloads it; an
 * empty url leaves the frame empty.
 */
export function EmbeddedFrame({
  entry,
  title,
  visible,
  loadTimeoutMs = FRAME_LOAD_TIMEOUT_MS,
}: EmbeddedFrameProps) {
  const { t } = useTranslation();
  const username = useUserStore((state) => state.userData?.username || state.username);
  const id = useUserStore((state) => String(state.userData?.id ?? ''));
  const roleIds = useUserStore((state) => (state.userData?.roleIds ?? state.roles).join(','));
  const { url, query } = entry.sysModels;
  const queryKey = JSON.stringify(query);
  const routerMode = runtimeConfig().routerMode;
  const target = useMemo(() => frameTarget(url, routerMode), [url, routerMode]);
  const targetOrigin = target.kind === 'elsewhere' ? target.origin : null;
  const menuId = target.kind === 'elsewhere' ? menuIdOf(entry) : null;
  // Each reload is a new frame element, with a token of its own; `loaded`/`failed` belong to that attempt.
  const [attempt, setAttempt] = useState(0);
  const frameToken = useFrameToken(menuId, id, attempt);
  const waiting = menuId !== null && frameToken.isPending;
  const subsystemToken = waiting ? null : subsystemTokenFor(target, frameToken.data);
  const productPage = target.kind === 'product-page';
  // Keyed on values, not objects: the same entry from a refetched menu must not reload the frame.
  const src = useMemo(() => {
    if (waiting) return '';
    // The platform session token only ever goes to a page of the product itself.
    const token = productPage ? (getToken() ?? '') : subsystemToken;
    const identity: FrameIdentity | null =
      token === null ? null : { token, username, id, roleIds: roleIds ? roleIds.split(',') : [] };
    return frameSource(url, JSON.parse(queryKey) as typeof query, identity, routerMode);
  }, [waiting, productPage, subsystemToken, url, queryKey, username, id, roleIds, routerMode]);
  const frame = useRef<HTMLIFrameElement>(null);
  useFrameTokenRefresh({
    frame,
    menuId: subsystemToken === null ? null : menuId,
    issuedOrigin: subsystemToken === null ? null : targetOrigin,
  });
  const otherOrigin = isOtherOrigin(src);
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
      {visible && waiting && (
        <div className={styles.waiting} role="status">
          <Spin />
          <span>{t('frame.loading', { title })}</span>
        </div>
      )}
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
      {!waiting && (
        <iframe
          key={attempt}
          ref={frame}
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
      )}
    </>
  );
}
