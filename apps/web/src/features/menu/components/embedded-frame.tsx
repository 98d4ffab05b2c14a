import type { MenuEntry } from '@cityops/contract';
import { useMemo } from 'react';
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
}

/**
 * A menu entry's page inside the shell. The address is built once per user and
 * entry, so switching tabs or languages never reloads it; an empty url leaves
 * the frame empty.
 */
export function EmbeddedFrame({ entry, title, visible }: EmbeddedFrameProps) {
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
  return (
    <iframe
      className={styles.frame}
      title={title}
      src={src || undefined}
      hidden={!visible}
      data-frame-code={entry.code}
      sandbox={otherOrigin ? OTHER_ORIGIN_SANDBOX : undefined}
      referrerPolicy="no-referrer"
      allow=""
    />
  );
}
