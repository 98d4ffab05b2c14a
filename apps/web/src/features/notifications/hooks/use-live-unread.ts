import { MESSAGE_PATHS } from '@cityops/contract';
import { useEffect, useRef } from 'react';
import { runtimeConfig } from '@/lib/runtime-config';
import { getSseTicket } from '../api/get-sse-ticket';

const MAX_RETRY_MS = 60_000;
/** How long a `revoked` event waits before the call that signs the tab out (see below). */
const REVOKED_CHECK_DELAY_MS = 500;

/**
 * Follows the caller's unread count live (server-sent events). Each connection
 * opens with a fresh one-use ticket; when the stream drops, a new ticket is
 * fetched after a growing delay. A `revoked` event (the session ended, on any instance,
 * at once) stops it and signs the tab out.
 */
export function useLiveUnread(enabled: boolean, onUnread: (unread: number) => void): void {
  const callback = useRef(onUnread);
  useEffect(() => {
    callback.current = onUnread;
  });

  useEffect(() => {
    if (!enabled || typeof EventSource === 'undefined') return;
    let source: EventSource | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    let delay = 1000;

    const retry = () => {
      source?.close();
      source = null;
      if (stopped) return;
      timer = setTimeout(connect, delay);
      delay = Math.min(delay * 2, MAX_RETRY_MS);
    };

    async function connect() {
      if (stopped) return;
      let ticket: string;
      try {
        ticket = (await getSseTicket()).ticket;
      } catch {
        retry();
        return;
      }
      if (stopped) return;
      const base = runtimeConfig().apiBaseUrl.replace(/\/$/, '');
      const next = new EventSource(
        `${base}${MESSAGE_PATHS.stream}?ticket=${encodeURIComponent(ticket)}`,
      );
      source = next;
      next.addEventListener('open', () => {
        delay = 1000;
      });
      next.addEventListener('unread', (event) => {
        try {
          const { unread } = JSON.parse((event as MessageEvent<string>).data) as { unread: number };
          if (Number.isInteger(unread)) callback.current(unread);
        } catch {
          // A malformed event is ignored; the next one carries the count again.
        }
      });
      next.addEventListener('revoked', () => {
        stopped = true;
        next.close();
        // The session ended (forced out, disabled, password reset, timed out): one more
        // authenticated call meets its 040005, and the HTTP client's one path signs the
        // tab out with the reason the login page tells (lib/http/http-client.ts). A
        // sign-out of the tab's own (a password it just changed) has told the client
        // first (`expectSignOut`), so that refusal then says nothing over its word.
        setTimeout(() => void getSseTicket().catch(() => undefined), REVOKED_CHECK_DELAY_MS);
      });
      // The ticket is single-use, so the browser's own reconnect cannot succeed: reconnect here.
      next.addEventListener('error', () => {
        if (source === next) retry();
      });
    }

    void connect();
    return () => {
      stopped = true;
      clearTimeout(timer);
      source?.close();
    };
  }, [enabled]);
}
